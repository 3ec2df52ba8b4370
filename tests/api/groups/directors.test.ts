import { ErrorCode } from '../../../src/api/errors.ts';
import { describe, expect, it } from 'vitest';
import { groupMembers } from '../../../src/server/db/schema.ts';
import { LIMITS } from '../../../src/server/http/rate-counters.ts';
import { token } from '../harness.ts';
import { COURSE, GROUPS, passAll, ROLES, setUp, TOKENS } from '../learning-support.ts';
import { auditTrail, expectRawRefused, expectRefused, freshWindow, useApi, typedClient, oneCourse } from '../support.ts';

describe("a group's directors", () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it("read the group's members, never a fellow director, who is not a member", async () => {
    await setUp(api());
    // `elsewhere` directs the fellowship too, beside `director`.
    await api().deps.db.db.insert(groupMembers).values({ groupId: GROUPS.fellowship, userId: 'elsewhere', role: 'director' });
    expect((await reply(as(TOKENS.director).progress.$get({ query: { course: COURSE, userId: 'learner' } }))).status).toBe(200);
    await expectRefused(api(), (a) => a.as(TOKENS.director).progress.$get({ query: { course: COURSE, userId: 'elsewhere' } }), 403, 'forbidden');
    await expectRefused(api(), (a) => a.as(TOKENS.elsewhere).attempts.$get({ query: { userId: 'director' } }), 403, 'forbidden');
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
    await expectRefused(api(), (a) => a.as(token('other', { verified: false })).groups.$post({ json: { name: 'Spam' } }), 403, 'email_unverified');
    expect((await reply(as('admin').groups.$get({}))).json.map((g: any) => g.name)).not.toContain('Spam');
  });

  it("remove their group's members, asked by the page, but neither a fellow director nor anyone of another group", async () => {
    await setUp(api());
    await api().deps.db.db.insert(groupMembers).values({ groupId: GROUPS.fellowship, userId: 'elsewhere', role: 'director' });
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'elsewhere' } }),
      403,
      'forbidden',
    );
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.residency, userId: 'other' } }),
      403,
      'forbidden',
    );
    await expectRefused(
      api(),
      (a) => a.as('other').groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'learner' } }),
      403,
      'forbidden',
    );
    const removed = await reply(as(TOKENS.director).groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'learner' } }));
    expect(removed.status).toBe(200);
    expect(removed.json.people.map((p: any) => p.userId)).not.toContain('learner');
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].members[':userId'].$delete({ param: { id: GROUPS.fellowship, userId: 'learner' } }),
      404,
      'not_found',
    );
  });

  it('rename and delete their own group; anonymous callers, learners and other directors are refused, administrators allowed', async () => {
    await setUp(api());
    const path = `/groups/${GROUPS.fellowship}`;
    for (const [role, status, code] of [
      ['anonymous', 401, ErrorCode.unauthorized],
      ['learner', 403, ErrorCode.forbidden],
      ['other', 403, ErrorCode.forbidden],
      ['elsewhere', 403, ErrorCode.forbidden],
    ] as const) {
      const as = ROLES[role] ?? undefined;
      await expectRawRefused(api(), 'PUT', path, { as, body: { name: 'Taken over' } }, status, code);
      await expectRawRefused(api(), 'DELETE', path, { as }, status, code);
    }
    const renamed = await reply(as(TOKENS.director).groups[':id'].$put({ param: { id: GROUPS.fellowship }, json: { name: '  Fellowship 2027 ' } }));
    expect(renamed).toMatchObject({ status: 200, json: { name: 'Fellowship 2027', members: 1, directors: 1 } });
    expect((await reply(as('admin').groups[':id'].$put({ param: { id: GROUPS.residency }, json: { name: 'Residency B' } }))).json.name).toBe('Residency B');
    const [entry] = await auditTrail(api(), `?entity=group&id=${GROUPS.fellowship}`);
    expect(entry).toMatchObject({ actor: 'director', action: 'update', before: { name: 'Fellowship 2026' }, after: { name: 'Fellowship 2027' } });
  });

  it('refuse a bad name or an unknown group, changing nothing; a director does not learn whether an id exists', async () => {
    await setUp(api());
    const path = `/groups/${GROUPS.fellowship}`;
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 'x', extra: 1 }, { name: 7 }, {}, { name: 'a\u0000b' }]) {
      await expectRawRefused(api(), 'PUT', path, { as: TOKENS.director, body }, 400);
    }
    await expectRefused(api(), (a) => a.as(TOKENS.director).groups[':id'].$put({ param: { id: 'nope' }, json: { name: 'x' } }), 403, 'forbidden');
    await expectRefused(api(), (a) => a.as(TOKENS.director).groups[':id'].$delete({ param: { id: 'nope' } }), 403, 'forbidden');
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].$delete({ param: { id: 'nope' } }), 404, 'not_found');
  });

  it('delete their group: its members leave it and keep their records and certificates, the trail keeps who was in it', async () => {
    await setUp(api());
    await passAll(api(), 'learner');
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect((await reply(as(TOKENS.director).groups[':id'].$delete({ param: { id: GROUPS.fellowship } }))).status).toBe(204);
    expect((await reply(as(TOKENS.director).groups.$get({}))).json).toEqual([]);
    await expectRefused(api(), (a) => a.as('admin').groups[':id'].$get({ param: { id: GROUPS.fellowship } }), 404, 'not_found');
    expect(oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json).certificate).toEqual(progress.certificate);
    expect((await reply(as(null).certificates[':id'].$get({ param: { id: progress.certificate!.id } }))).json.status).toBe('valid');
    const [deleted] = await auditTrail(api(), `?entity=group&id=${GROUPS.fellowship}`);
    expect(deleted).toMatchObject({ actor: 'director', action: 'delete', before: { members: 1, directors: 1 }, after: null });
  });
});

describe('creating groups under the real rate limit', () => {
  const limited = useApi({ RATE_LIMIT_SCALE: '1' });
  const slow = typedClient(limited);

  it(`allows ${LIMITS.groups.max} a day per user, then answers 429 with Retry-After; another user is not held back`, async () => {
    await freshWindow(LIMITS.groups);
    for (let i = 0; i < LIMITS.groups.max; i += 1) {
      expect((await slow.reply(slow.as('learner').groups.$post({ json: { name: `Cohort ${i}` } }))).status).toBe(201);
    }
    const res = await expectRefused(limited(), (a) => a.as('learner').groups.$post({ json: { name: 'One more' } }), 429, 'too_many_requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await slow.reply(slow.as('other').groups.$post({ json: { name: 'Residency' } }))).status).toBe(201);
  });
});
