import { eq } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.ts';
import { apiHeaders } from '../../../src/server/http/security.ts';
import { ownRecordFastPath } from '../../../src/server/users/index.ts';
import { token } from '../harness.ts';
import { useApi, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const own = (who: string) => reply(as(who).users[':id'].$get({ param: { id: who } }));

describe('verified tokens, remembered until they expire', () => {
  it('checks a token once, then answers its caller from memory', async () => {
    const { tokens } = api().deps;
    expect(tokens.recall(api().tokens.learner)).toBeUndefined();
    expect((await own('learner')).status).toBe(200);
    expect(tokens.recall(api().tokens.learner)).toEqual({ uid: 'learner', email: 'learner@example.com', emailVerified: true });
  });

  it('forgets the token of an account deleted by another instance, whose next request is refused', async () => {
    const { tokens, db } = api().deps;
    expect((await own('learner')).status).toBe(200);
    await db.db.delete(users).where(eq(users.id, 'learner'));
    await expect.poll(() => tokens.recall(api().tokens.learner), { timeout: 5000 }).toBeUndefined();
    expect((await own('learner')).status).toBe(404);
    expect((await reply(as('learner').users.me.$delete({}))).status).toBe(404);
  });

  it('refuses a demoted administrator at once, the token still remembered', async () => {
    expect((await reply(as('admin').users[':id'].$get({ param: { id: 'other' } }))).status).toBe(200);
    await api().deps.db.db.update(users).set({ isAdmin: false }).where(eq(users.id, 'admin'));
    expect((await reply(as('admin').users[':id'].$get({ param: { id: 'other' } }))).status).toBe(403);
  });

  it('forgets the tokens of an account changed through the API on the instance that changed it, before answering', async () => {
    const { tokens } = api().deps;
    expect((await own('other')).status).toBe(200);
    expect((await reply(as('other').users.me.$delete({}))).status).toBe(204);
    expect(tokens.recall(api().tokens.other)).toBeUndefined();
    expect((await own('other')).status).toBe(404);
  });
});

describe("a learner's own record, answered before the API", () => {
  /** A Node server that tries the fast path first and answers "api" (in a header too, for HEAD) for what it leaves to the API. */
  async function withFastPath(run: (get: (path: string, headers?: Record<string, string>, method?: string) => Promise<Response>) => Promise<void>) {
    const { tokens, userCache, config } = api().deps;
    const fast = ownRecordFastPath(tokens, userCache, apiHeaders(config));
    const server = createServer((req, res) => {
      if (!fast(req, res)) res.writeHead(200, { 'x-left-to': 'api' }).end('api');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await run((path, headers, method) => fetch(`http://127.0.0.1:${port}${path}`, { headers, method }));
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }
  const bearer = (who: string) => ({ authorization: `Bearer ${api().tokens[who as 'learner']}` });

  it('answers a remembered token’s own record, kept in memory, exactly as the API does', async () => {
    await withFastPath(async (get) => {
      expect(await (await get('/api/users/learner', bearer('learner'))).text()).toBe('api');
      const fromApi = await api().app.request('/api/users/learner', { headers: bearer('learner') });
      const fast = await get('/api/users/learner', bearer('learner'));
      expect(fast.status).toBe(200);
      expect(await fast.text()).toBe(await fromApi.text());
      const named = (headers: Headers) => [...headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
      expect(named(fast.headers)).toEqual(
        named(fromApi.headers)
          .concat(fromApi.headers.has('content-length') ? [] : [['content-length', fast.headers.get('content-length')!]])
          .sort(),
      );
      // An id spelt with escapes is the same record.
      expect((await get('/api/users/%6cearner', bearer('learner'))).status).toBe(200);
    });
  });

  it("leaves to the API another's record, an unknown or malformed token, another origin, other methods and routes, and what a change let go", async () => {
    await withFastPath(async (get) => {
      for (const who of ['learner', 'admin']) await api().app.request(`/api/users/${who}`, { headers: bearer(who) });
      await api().app.request('/api/users/other', { headers: bearer('admin') });
      expect((await get('/api/users/learner', bearer('learner'))).status).toBe(200);
      const leftToApi = async (path: string, headers: Record<string, string>, method = 'GET') =>
        expect((await get(path, headers, method)).headers.get('x-left-to')).toBe('api');
      await leftToApi('/api/users/other', bearer('admin'));
      await leftToApi('/api/users/learner', bearer('admin'));
      await leftToApi('/api/users/learner', { authorization: `Bearer ${token('learner', { expiresIn: 600 })}` });
      await leftToApi('/api/users/learner', { authorization: 'Bearer ' });
      await leftToApi('/api/users/learner', { authorization: api().tokens.learner });
      await leftToApi('/api/users/learner', {});
      await leftToApi('/api/users/learner', { ...bearer('learner'), origin: 'https://partner.example' });
      await leftToApi('/api/users/learner', bearer('learner'), 'HEAD');
      await leftToApi('/api/users/learner', bearer('learner'), 'DELETE');
      for (const path of ['/api/users/learner?x=1', '/api/users/learner/', '/api/users/learner/export', '/api/users/%E0%A4%A', '/api/users/', '/api/usersx']) {
        await leftToApi(path, bearer('learner'));
      }
      // A change to the record forgets it and the token: the API answers the next read, then the fast path the new record.
      expect((await reply(as('learner').users.me.$patch({ json: { name: 'Lea Renamed', contact: '' } }))).status).toBe(200);
      await leftToApi('/api/users/learner', bearer('learner'));
      // On PostgreSQL the change's own notice may arrive after that read and forget the record once more: read until the
      // fast path answers (a stale record kept would answer the old name at every read, and the poll would time out).
      await expect
        .poll(async () => {
          await api().app.request('/api/users/learner', { headers: bearer('learner') });
          const answer = await get('/api/users/learner', bearer('learner'));
          return answer.headers.get('x-left-to') ?? ((await answer.json()) as { name: string }).name;
        })
        .toBe('Lea Renamed');
      // A record that does not yet say what the token's verified address says is left to the API, which records it.
      await api().deps.db.db.update(users).set({ emailVerified: false }).where(eq(users.id, 'learner'));
      await expect.poll(() => api().deps.userCache.answerOf('learner'), { timeout: 5000 }).toBeNull();
      await api().deps.userCache.get('learner');
      api().deps.tokens.remember(api().tokens.learner, { uid: 'learner', email: 'learner@example.com', emailVerified: true }, Date.now() / 1000 + 600);
      await leftToApi('/api/users/learner', bearer('learner'));
    });
  });
});
