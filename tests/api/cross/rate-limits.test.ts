import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { createDeps } from '../../../src/server/services.ts';
import { onPostgres, postgresDatabase, token } from '../harness.ts';
import { useApi } from '../support.ts';

const contact = (i: number) => ({ Nombre: 'Ana', Email: 'ana@example.com', Pregunta: `Question ${i}` });

describe('who a rate limit counts', () => {
  const api = useApi({ TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' });
  const capture = (as: string) => api().call('POST', '/payments/orders/NO-SUCH-ORDER/capture', { as, headers: { 'x-forwarded-for': '203.0.113.50' } });

  it('counts a signed-in caller by user: one learner over the payments limit leaves another on the same address alone', async () => {
    for (let i = 0; i < 30; i++) expect((await capture('learner')).status).toBe(404);
    const refused = await capture('learner');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await capture('other')).status).toBe(404);
  });

  it('counts anonymous callers by address, as the proxy saw it', async () => {
    const post = (i: number, forwarded: string) => api().call('POST', '/sandbox/formmail', { body: contact(i), headers: { 'x-forwarded-for': forwarded } });
    for (let i = 0; i < 5; i++) expect((await post(i, `192.0.2.${i}, 198.51.100.77`)).status).toBe(200);
    expect((await post(5, '192.0.2.99, 198.51.100.77')).status).toBe(429);
    expect((await post(6, '198.51.100.78')).status).toBe(200);
  });

  it('starts each test with unspent budgets (the previous test spent those of this address)', async () => {
    const post = (i: number) => api().call('POST', '/sandbox/formmail', { body: contact(i), headers: { 'x-forwarded-for': '192.0.2.99, 198.51.100.77' } });
    for (let i = 0; i < 5; i++) expect((await post(i)).status).toBe(200);
  });

  it('counts an IPv6 caller by its /64', async () => {
    const post = (i: number, forwarded: string) => api().call('POST', '/sandbox/formmail', { body: contact(i), headers: { 'x-forwarded-for': forwarded } });
    for (let i = 0; i < 5; i++) expect((await post(i, `2001:db8:5:6::${i + 1}`)).status).toBe(200);
    expect((await post(5, '2001:db8:5:6:ffff::1')).status).toBe(429);
  });
});

describe('trusted proxy ranges', () => {
  const api = useApi({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_SCALE: '1' });
  const post = (i: number, socket: string, forwarded: string) =>
    api().app.request(
      '/api/sandbox/formmail',
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded }, body: JSON.stringify(contact(i)) },
      { incoming: { socket: { remoteAddress: socket } } },
    );

  it('takes the right-most hop outside the ranges', async () => {
    for (let i = 0; i < 5; i++) expect((await post(i, '10.0.0.2', `6.6.6.${i}, 203.0.113.60, 10.0.0.9`)).status).toBe(200);
    expect((await post(5, '10.0.0.3', '6.6.6.200, 203.0.113.60, 10.0.0.1')).status).toBe(429);
    // A socket outside the ranges is the client itself, whatever it forwards.
    expect((await post(6, '198.51.100.5', '203.0.113.60')).status).toBe(200);
  });
});

// Only where the run has a PostgreSQL (the api-postgres project, or DATABASE_URL's pass): PGlite is one process's.
if (onPostgres())
  describe('instances sharing one PostgreSQL', () => {
    let apps: Array<Awaited<ReturnType<typeof instance>>> = [];
    async function instance(url: string) {
      const deps = await createDeps(loadConfig({ DATABASE_URL: url, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' }));
      return { deps, app: createApp(deps) };
    }

    beforeAll(async () => {
      const url = await postgresDatabase();
      apps = [await instance(url), await instance(url)];
      await apps[0]!.deps.db.db.execute(sql`DELETE FROM rate_limits`);
    }, 120_000);
    afterAll(async () => {
      for (const { deps } of apps) await deps.db.close();
    }, 60_000);

    const post = (app: (typeof apps)[number]['app'], i: number) =>
      app.request('/api/sandbox/formmail', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.70' },
        body: JSON.stringify(contact(i)),
      });

    it('spend one budget: five messages through either instance, and the sixth is refused by both', async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await post(apps[i % 2]!.app, i)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      expect((await post(apps[0]!.app, 5)).status).toBe(429);
      expect((await post(apps[1]!.app, 6)).status).toBe(429);
    });

    it('count a signed-in user across instances too', async () => {
      const capture = (app: (typeof apps)[number]['app']) =>
        app.request('/api/payments/orders/NO-SUCH-ORDER/capture', { method: 'POST', headers: { authorization: `Bearer ${token('shared-user')}` } });
      for (let i = 0; i < 30; i++) expect((await capture(apps[i % 2]!.app)).status).toBe(404);
      expect((await capture(apps[1]!.app)).status).toBe(429);
    });
  });
