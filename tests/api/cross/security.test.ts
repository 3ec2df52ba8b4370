import { describe, expect, it } from 'vitest';
import { token } from '../harness.ts';
import { expectRefused, PRODUCTION_ENV, useApi } from '../support.ts';

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
    await expectRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin: 'https://evil.example' } }, 403);
  });
  it.each([
    ['another scheme', 'https://localhost:4321'],
    ['another port', 'http://localhost:4322'],
    ['another host with our port', 'http://rebind.evil:4321'],
  ])('refuses our host under %s', async (_label, origin) => {
    await expectRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin, host: 'localhost:4321' } }, 403);
  });
  it('serves our origin with its port', async () => {
    expect((await api().call('GET', '/courses', { headers: { origin: 'http://localhost:4321', host: 'localhost:4321' } })).status).toBe(200);
  });
});

describe('cross-origin requests in production', () => {
  const api = useApi(PRODUCTION_ENV);
  it('serves SITE_URL as our origin whatever the Host says, and refuses its http twin and any Host echoed back', async () => {
    expect((await api().call('GET', '/courses', { headers: { origin: 'https://academy.example', host: 'internal:8080' } })).status).toBe(200);
    await expectRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin: 'http://academy.example', host: 'academy.example' } }, 403);
    await expectRefused(api(), 'POST', '/courses', { as: 'admin', body: {}, headers: { origin: 'https://rebind.evil', host: 'rebind.evil' } }, 403);
  });
});

describe('sign-up rate limit', () => {
  const api = useApi({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
  const signUp = (uid: string, ip: string) =>
    api().call('POST', '/users', { as: token(uid), body: { id: uid, email: `${uid}@example.com` }, headers: { 'x-forwarded-for': ip } });

  it('answers 429 with Retry-After after 10 sign-ups from one address, and nothing is stored', async () => {
    for (let i = 0; i < 10; i++) expect((await signUp(`burst-${i}`, '203.0.113.7')).status).toBe(201);
    const before = await api().snapshot();
    const res = await signUp('burst-10', '203.0.113.7');
    expect(res.status).toBe(429);
    expect(res.json).toEqual({ error: 'too_many_requests', message: expect.any(String) });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await api().snapshot()).toBe(before);
    expect((await signUp('burst-11', '198.51.100.2')).status).toBe(201);
  });

  it('counts the hop the proxy added, whatever the client wrote before it', async () => {
    for (let i = 0; i < 10; i++) expect((await signUp(`spoof-${i}`, `10.9.9.${i}, 203.0.113.8`)).status).toBe(201);
    expect((await signUp('spoof-10', '10.9.9.99, 203.0.113.8')).status).toBe(429);
  });
});
