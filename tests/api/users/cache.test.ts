import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { users } from '../../../src/server/db/schema.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { createDeps } from '../../../src/server/services.ts';
import { onPostgres, postgresDatabase } from '../harness.ts';
import { useApi, withSecondInstance, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const name = async (who: string, id = who) => ((await reply(as(who).users[':id'].$get({ param: { id } }))).json as { name: string }).name;

describe('the users’ own records, kept in memory', () => {
  it('reads a record once, then answers it from memory', async () => {
    const { userCache } = api().deps;
    const first = await userCache.get('learner');
    expect(first).toMatchObject({ id: 'learner', name: 'Lea Learner' });
    expect(await userCache.get('learner')).toBe(first);
    expect(await userCache.get('nobody')).toBeNull();
  });

  it('answers a verified learner’s own record from memory, with no read of the database', async () => {
    expect(await name('learner')).toBe('Lea Learner');
    const select = vi.spyOn(api().deps.db.db, 'select');
    try {
      expect(await name('learner')).toBe('Lea Learner');
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it('answers a change made through the API at once, on the instance that made it', async () => {
    expect(await name('learner')).toBe('Lea Learner');
    expect((await reply(as('learner').users.me.$patch({ json: { name: 'Lea Renamed', contact: '' } }))).status).toBe(200);
    expect(await name('learner')).toBe('Lea Renamed');
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { isAdmin: false, isPremium: true, subscriptions: [] } }));
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json.isPremium).toBe(true);
    expect((await reply(as('learner').users.me.$delete({}))).status).toBe(204);
    expect((await reply(as('admin').users[':id'].$get({ param: { id: 'learner' } }))).status).toBe(404);
  });

  it('hears of a change written straight to the database, as another instance would write it', async () => {
    expect(await name('other')).toBe('Otto Other');
    await api().deps.db.db.update(users).set({ name: 'Otto Elsewhere' }).where(eq(users.id, 'other'));
    await expect.poll(() => name('other'), { timeout: 5000 }).toBe('Otto Elsewhere');
  });

  it('keeps no record read while a write to it was committing', async () => {
    const { userCache } = api().deps;
    const reading = userCache.get('other');
    userCache.forget('other');
    const raced = await reading;
    expect(await userCache.get('other')).not.toBe(raced);
  });

  it('a second instance sharing the database serves the change made on the first', async () => {
    await withSecondInstance(api(), async (second) => {
      const headers = { authorization: `Bearer ${api().tokens.learner}` };
      const read = async () => ((await (await second.request('/api/users/learner', { headers })).json()) as { name: string }).name;
      expect(await read()).toBe('Lea Learner');
      expect((await reply(as('learner').users.me.$patch({ json: { name: 'Seen everywhere', contact: '' } }))).status).toBe(200);
      await expect.poll(read, { timeout: 5000 }).toBe('Seen everywhere');
    });
  });
});

// Only where the run has a PostgreSQL (the api-postgres project, or DATABASE_URL's pass): PGlite has no connection to lose.
if (onPostgres())
  describe('when the connection that listens to PostgreSQL is lost', () => {
    let deps: Deps;
    beforeAll(async () => {
      deps = await createDeps(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', DATABASE_URL: await postgresDatabase() }), { inMemory: true });
    }, 120_000);
    afterAll(async () => {
      await deps?.db.close();
    }, 60_000);

    it('forgets every record once listening again, as a change made meanwhile was not heard', async () => {
      const db = deps.db.db;
      await db
        .insert(users)
        .values({ id: 'cut-off', email: 'cut-off@example.com', name: 'Before' })
        .onConflictDoUpdate({ target: users.id, set: { name: 'Before' } });
      expect((await deps.userCache.get('cut-off'))?.name).toBe('Before');
      // The listening connection is cut in the transaction that changes the row, so its announcement cannot reach it.
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen %' AND pid <> pg_backend_pid()`,
        );
        await tx.update(users).set({ name: 'After' }).where(eq(users.id, 'cut-off'));
      });
      await expect.poll(async () => (await deps.userCache.get('cut-off'))?.name, { timeout: 10_000 }).toBe('After');
    });
  });
