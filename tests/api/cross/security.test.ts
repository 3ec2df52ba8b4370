import { describe, expect, it } from 'vitest';
import { token } from '../harness.ts';
import { expectRawRefused, PRODUCTION_ENV, useApi } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

describe('headers on every API answer', () => {
  const api = useApi();
  it.each([
    ['GET', '/courses', 200, {}],
    ['GET', '/openapi.json', 200, {}],
    ['GET', '/sandbox/paypal/sdk/js', 200, {}],
    ['GET', '/nope', 404, {}],
    ['POST', '/courses', 401, {}],
    ['PUT', '/courses/bronchoscopy', 400, { as: 'admin', raw: '{"title":' }],
    ['PUT', '/courses/bronchoscopy', 413, { as: 'admin', raw: `"${'x'.repeat(1024 * 1024)}"` }],
  ] as const)('%s %s answers %i with them', async (method, path, status, opts) => {
    const res = await api().call(method, path, opts);
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('cross-origin requests', () => {
  const api = useApi({ CORS_ORIGINS: 'https://partner.example' });
  it('serves our own origin', async () => {
    const res = await api().call('GET', '/courses', { headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(res.status).toBe(200);
  });
  it('serves a configured origin with CORS headers', async () => {
    const res = await api().call('GET', '/courses', { headers: { origin: 'https://partner.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://partner.example');
  });
  it('refuses any other origin and changes nothing', async () => {
    const res = await api().call('GET', '/courses', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    await expectRawRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin: 'https://evil.example' } }, 403);
  });
  it.each([
    ['another scheme', 'https://localhost:4321'],
    ['another port', 'http://localhost:4322'],
    ['another host with our port', 'http://rebind.evil:4321'],
  ])('refuses our host under %s', async (_label, origin) => {
    await expectRawRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin, host: 'localhost:4321' } }, 403);
  });
  it('serves our origin with its port', async () => {
    expect((await api().call('GET', '/courses', { headers: { origin: 'http://localhost:4321', host: 'localhost:4321' } })).status).toBe(200);
  });
});

describe('cross-origin requests in production', () => {
  const api = useApi(PRODUCTION_ENV);
  it('serves SITE_URL as our origin whatever the Host says, and refuses its http twin and any Host echoed back', async () => {
    expect((await api().call('GET', '/courses', { headers: { origin: 'https://academy.example', host: 'internal:8080' } })).status).toBe(200);
    await expectRawRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin: 'http://academy.example', host: 'academy.example' } }, 403);
    await expectRawRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin: 'https://rebind.evil', host: 'rebind.evil' } }, 403);
  });
});

describe('sign-up rate limit', () => {
  const api = useApi({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
  const signUp = (uid: string, ip: string, device?: string) =>
    api().call('POST', '/users', {
      as: token(uid),
      body: { acceptedTerms: TERMS_VERSION, id: uid, email: `${uid}@example.com` },
      headers: { 'x-forwarded-for': ip, ...(device ? { 'x-device-id': device } : {}) },
    });

  it('lets a workshop of 30 sign up from one hall address within ten minutes, each on their own device', async () => {
    for (let i = 0; i < 30; i++) expect((await signUp(`hall-${i}`, '203.0.113.7', `device-hall-${i}`)).status, `sign-up ${i}`).toBe(201);
  });

  it('stops one device after 5 sign-ups without spending the address: the others in the hall still sign up, and nothing is stored', async () => {
    for (let i = 0; i < 5; i++) expect((await signUp(`flood-${i}`, '203.0.113.9', 'device-flooder')).status).toBe(201);
    const before = await api().snapshot();
    for (let i = 5; i < 40; i++) {
      const res = await signUp(`flood-${i}`, '203.0.113.9', 'device-flooder');
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ error: 'too_many_requests', message: expect.any(String) });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await api().snapshot()).toBe(before);
    for (let i = 0; i < 30; i++) expect((await signUp(`colleague-${i}`, '203.0.113.9', `device-colleague-${i}`)).status).toBe(201);
  });

  it('stops a flood that changes its device id at 60 sign-ups an hour from one address, and another address is not touched', async () => {
    for (let i = 0; i < 60; i++) expect((await signUp(`rotate-${i}`, '203.0.113.10', `device-rotate-${i}`)).status).toBe(201);
    expect((await signUp('rotate-60', '203.0.113.10', 'device-rotate-60')).status).toBe(429);
    expect((await signUp('elsewhere', '198.51.100.2', 'device-elsewhere')).status).toBe(201);
  });

  it('counts requests without a device id together per address, so leaving the header out buys nothing', async () => {
    for (let i = 0; i < 5; i++) expect((await signUp(`bare-${i}`, '203.0.113.11')).status).toBe(201);
    expect((await signUp('bare-5', '203.0.113.11')).status).toBe(429);
    expect((await signUp('bare-6', '203.0.113.11', 'device-bare-6')).status).toBe(201);
  });

  it('counts the hop the proxy added, whatever the client wrote before it', async () => {
    for (let i = 0; i < 5; i++) expect((await signUp(`spoof-${i}`, `10.9.9.${i}, 203.0.113.8`)).status).toBe(201);
    expect((await signUp('spoof-5', '10.9.9.99, 203.0.113.8')).status).toBe(429);
  });
});
