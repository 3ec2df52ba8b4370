import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { useApi, typedClient } from './support.ts';

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
