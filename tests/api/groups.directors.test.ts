import { describe, expect, it } from 'vitest';
import { groupMembers } from '../../src/server/db/schema.ts';
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
});
