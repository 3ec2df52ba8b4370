import { describe, expect, it } from 'vitest';
import { groupMembers } from '../../src/server/db/schema.ts';
import { token } from './harness.ts';
import { COURSE, GROUPS, setUp, TOKENS } from './learning-support.ts';
import { expectRefused, useApi, typedClient } from './support.ts';

describe("a group's directors", () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it("read the group's members, never a fellow director, who is not a member", async () => {
    await setUp(api());
    // `elsewhere` directs the fellowship too, beside `director`.
    await api().deps.db.db.insert(groupMembers).values({ groupId: GROUPS.fellowship, userId: 'elsewhere', role: 'director' });
    expect((await reply(as(TOKENS.director).progress.$get({ query: { course: COURSE, userId: 'learner' } }))).status).toBe(200);
    await expectRefused(api(), 'GET', `/progress?course=${COURSE}&userId=elsewhere`, { as: TOKENS.director }, 403, 'forbidden');
    await expectRefused(api(), 'GET', '/attempts?userId=director', { as: TOKENS.elsewhere }, 403, 'forbidden');
  });

  it('create a group of their own, which they direct, once their address is verified; an administrator creates one empty', async () => {
    await setUp(api());
    const mine = await reply(as('learner').groups.$post({ json: { name: 'Madrid fellowship' } }));
    expect(mine.status).toBe(201);
    expect(mine.json).toMatchObject({ name: 'Madrid fellowship', directors: 1, members: 0 });
    expect((await reply(as('learner').groups.$get({}))).json.map((g: any) => g.name)).toEqual(['Madrid fellowship']);
    expect((await reply(as('learner').groups[':id'].$get({ param: { id: mine.json.id } }))).status).toBe(200);
    const empty = await reply(as('admin').groups.$post({ json: { name: 'Unled' } }));
    expect(empty.json).toMatchObject({ directors: 0, members: 0 });
    await expectRefused(api(), 'POST', '/groups', { as: token('other', { verified: false }), body: { name: 'Spam' } }, 403, 'email_unverified');
    expect((await reply(as('admin').groups.$get({}))).json.map((g: any) => g.name)).not.toContain('Spam');
  });

  it("remove their group's members, asked by the page, but neither a fellow director nor anyone of another group", async () => {
    await setUp(api());
    await api().deps.db.db.insert(groupMembers).values({ groupId: GROUPS.fellowship, userId: 'elsewhere', role: 'director' });
    await expectRefused(api(), 'DELETE', `/groups/${GROUPS.fellowship}/members/elsewhere`, { as: TOKENS.director }, 403, 'forbidden');
    await expectRefused(api(), 'DELETE', `/groups/${GROUPS.residency}/members/other`, { as: TOKENS.director }, 403, 'forbidden');
    await expectRefused(api(), 'DELETE', `/groups/${GROUPS.fellowship}/members/learner`, { as: 'other' }, 403, 'forbidden');
    const removed = await reply(as(TOKENS.director).groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'learner' } }));
    expect(removed.status).toBe(200);
    expect(removed.json.people.map((p: any) => p.userId)).not.toContain('learner');
    await expectRefused(api(), 'DELETE', `/groups/${GROUPS.fellowship}/members/learner`, { as: TOKENS.director }, 404, 'not_found');
  });
});
