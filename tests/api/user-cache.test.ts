import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { useApi, withSecondInstance } from './support.ts';

const api = useApi();
const name = async (as: string, id = as) => ((await api().call('GET', `/users/${id}`, { as })).json as { name: string }).name;

describe('the users’ own records, kept in memory', () => {
  it('reads a record once, then answers it from memory', async () => {
    const { userCache } = api().deps;
    const first = await userCache.get('learner');
    expect(first).toMatchObject({ id: 'learner', name: 'Lea Learner' });
    expect(await userCache.get('learner')).toBe(first);
    expect(await userCache.get('nobody')).toBeNull();
  });

  it('answers a change made through the API at once, on the instance that made it', async () => {
    expect(await name('learner')).toBe('Lea Learner');
    expect((await api().call('PATCH', '/users/me', { as: 'learner', body: { name: 'Lea Renamed', contact: '' } })).status).toBe(200);
    expect(await name('learner')).toBe('Lea Renamed');
    await api().call('PUT', '/users/learner', { as: 'admin', body: { isAdmin: false, isPremium: true, subscriptions: [] } });
    expect((await api().call('GET', '/users/learner', { as: 'learner' })).json.isPremium).toBe(true);
    expect((await api().call('DELETE', '/users/me', { as: 'learner' })).status).toBe(204);
    expect((await api().call('GET', '/users/learner', { as: 'admin' })).status).toBe(404);
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
      expect((await api().call('PATCH', '/users/me', { as: 'learner', body: { name: 'Seen everywhere', contact: '' } })).status).toBe(200);
      await expect.poll(read, { timeout: 5000 }).toBe('Seen everywhere');
    });
  });
});
