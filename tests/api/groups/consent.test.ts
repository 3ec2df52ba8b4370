import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';
import { groupInvitations, groupMembers } from '../../../src/server/db/schema.ts';
import { token } from '../harness.ts';
import { attempt, COURSE, GROUPS, ROLES, setUp, TOKENS, type Role } from '../learning-support.ts';
import { auditTrail, expectRawRefused, expectRefused, typedClient, useApi } from '../support.ts';

const FELLOWSHIP = GROUPS.fellowship;

/**
 * Groups only with the learner's consent: an invitation is answered in My learning, and until it is accepted no director
 * reads anything of the learner's. `other` (a member of the residency) is invited to the fellowship in these tests.
 */
describe('joining a group', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const inviteOther = async (by: string = TOKENS.director) => {
    const res = await reply(as(by).groups[':id'].invitations.$post({ param: { id: FELLOWSHIP }, json: { emails: ['Other@Example.com'], role: 'member' } }));
    expect(res.json.results).toEqual([{ email: 'other@example.com', outcome: 'invited' }]);
    return res.json.group.invitations[0]!.id as string;
  };
  const mine = async (who: string) => (await reply(as(who).learning.groups.$get({}))).json;
  const mails = async () => (await api().call('GET', '/sandbox/messages?service=mail', { as: 'admin' })).json;

  it('is an invitation until the learner accepts: the director is refused their record before, and reads it after', async () => {
    await setUp(api());
    await attempt(api(), 'other', 1, 1, 77);
    const id = await inviteOther();
    const reads = [`/progress?course=${COURSE}&userId=other`, '/attempts?userId=other', '/attempts/summary?userId=other'];
    for (const path of reads) await expectRawRefused(api(), 'GET', path, { as: TOKENS.director }, 403, ErrorCode.forbidden);
    const before = await reply(as(TOKENS.director).groups[':id'].progress.$get({ param: { id: FELLOWSHIP } }));
    expect(JSON.stringify(before.json)).not.toContain('"other"');
    const csv = await reply(as(TOKENS.director).groups[':id']['export.csv'].$get({ param: { id: FELLOWSHIP }, query: {} }));
    expect(csv.json).not.toContain('Otto Other');

    const offered = await mine('other');
    expect(offered.invitations).toEqual([
      {
        id,
        groupId: FELLOWSHIP,
        groupName: 'Fellowship 2026',
        directors: [{ name: 'Dee Director', email: 'dee.director@example.com' }],
        invitedAt: expect.any(String),
      },
    ]);
    const accepted = await reply(as('other').learning.invitations[':id'].accept.$post({ param: { id } }));
    expect(accepted.status).toBe(200);
    expect(accepted.json.invitations).toEqual([]);
    expect(accepted.json.groups.map((g: any) => [g.name, g.directors.map((d: any) => d.name)])).toEqual([
      ['Fellowship 2026', ['Dee Director']],
      ['Residency', ['Dan Elsewhere']],
    ]);
    for (const path of reads) expect((await api().call('GET', path, { as: TOKENS.director })).status).toBe(200);
    const [entry] = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    expect(entry).toMatchObject({ actor: 'other', action: 'create', after: { userId: 'other', role: 'member' } });
  });

  it('is mailed to the address, and the mail stand-in is read by administrators only', async () => {
    await setUp(api());
    await inviteOther();
    const [sent] = await mails();
    expect(sent).toMatchObject({ service: 'mail', body: { to: 'other@example.com', subject: expect.stringContaining('Fellowship 2026') } });
    expect(sent.body.text).toContain('/learning');
    for (const role of ['learner', 'other', 'director', 'elsewhere'] as const) {
      await expectRawRefused(api(), 'GET', '/sandbox/messages?service=mail', { as: ROLES[role] }, 403, ErrorCode.forbidden);
    }
    await expectRawRefused(api(), 'GET', '/sandbox/messages?service=mail', { as: null }, 401);
    // In the inviter's language, its link to My learning in that language.
    const body = { emails: ['nina@example.com'], role: 'member' };
    await api().call('POST', `/groups/${FELLOWSHIP}/invitations`, { as: TOKENS.director, body, headers: { 'accept-language': 'es' } });
    const [spanish] = await mails();
    expect(spanish.body).toMatchObject({ to: 'nina@example.com', subject: expect.stringContaining('Invitación al grupo') });
    expect(spanish.body.text).toContain('/es/learning');
  });

  it('declined, is gone and shares nothing, audited with the learner as its actor', async () => {
    await setUp(api());
    const id = await inviteOther();
    const declined = await reply(as('other').learning.invitations[':id'].decline.$post({ param: { id } }));
    expect(declined).toMatchObject({ status: 200, json: { invitations: [] } });
    expect(await api().deps.db.db.select().from(groupInvitations)).toEqual([]);
    await expectRefused(api(), (a) => a.as(TOKENS.director).attempts.$get({ query: { userId: 'other' } }), 403, ErrorCode.forbidden);
    const [entry] = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    expect(entry).toMatchObject({ actor: 'other', action: 'delete', before: { invitation: id, role: 'member' }, after: { declined: true } });
    // Answered once: the second answer finds nothing.
    await expectRefused(api(), (a) => a.as('other').learning.invitations[':id'].accept.$post({ param: { id } }), 404);
  });

  it.each<Role>(['anonymous', 'learner', 'elsewhere', 'director', 'admin'])(
    'is answered by its addressee only: %s cannot accept or decline it',
    async (role) => {
      await setUp(api());
      const id = await inviteOther();
      const before = await api().snapshot();
      for (const answer of ['accept', 'decline']) {
        await expectRawRefused(api(), 'POST', `/learning/invitations/${id}/${answer}`, { as: ROLES[role] }, role === 'anonymous' ? 401 : 404);
      }
      expect(await api().snapshot()).toBe(before);
    },
  );

  it('waits while the addressee has not verified their address, and cannot be answered until they do', async () => {
    await setUp(api());
    const id = (
      await reply(as(TOKENS.director).groups[':id'].invitations.$post({ param: { id: FELLOWSHIP }, json: { emails: ['nina@example.com'], role: 'member' } }))
    ).json.group.invitations[0]!.id;
    const unverified = token('nina', { email: 'nina@example.com', verified: false });
    await reply(as(unverified).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'nina', email: 'nina@example.com', name: 'Nina' } }));
    expect((await mine(unverified)).invitations).toEqual([]);
    await expectRefused(api(), (a) => a.as(unverified).learning.invitations[':id'].accept.$post({ param: { id } }), 404);
  });

  it('lists the learner’s groups for every signed-in role, anonymous refused', async () => {
    await setUp(api());
    expect((await mine('learner')).groups.map((g: any) => g.id)).toEqual([FELLOWSHIP]);
    expect(await mine(TOKENS.director)).toEqual({ invitations: [], groups: [] });
    expect(await mine('admin')).toEqual({ invitations: [], groups: [] });
    await expectRefused(api(), (a) => a.as(null).learning.groups.$get(), 401);
  });

  it('is left at will: the directors stop reading at once, are mailed, and the audit trail says so', async () => {
    await setUp(api());
    expect((await reply(as(TOKENS.director).attempts.$get({ query: { userId: 'learner' } }))).status).toBe(200);
    const left = await reply(as('learner').learning.groups[':id'].$delete({ param: { id: FELLOWSHIP } }));
    expect(left).toMatchObject({ status: 200, json: { groups: [] } });
    await expectRefused(api(), (a) => a.as(TOKENS.director).attempts.$get({ query: { userId: 'learner' } }), 403, ErrorCode.forbidden);
    const [told] = await mails();
    expect(told.body).toMatchObject({ to: 'dee.director@example.com', subject: expect.stringContaining('Lea Learner') });
    const [entry] = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    expect(entry).toMatchObject({ actor: 'learner', action: 'delete', before: { userId: 'learner', role: 'member' }, after: { left: true } });
  });

  it.each<Role>(['anonymous', 'other', 'elsewhere', 'director', 'admin'])('cannot be left by %s, who is not a member of it', async (role) => {
    await setUp(api());
    const before = await api().snapshot();
    await expectRefused(api(), (a) => a.as(ROLES[role]).learning.groups[':id'].$delete({ param: { id: FELLOWSHIP } }), role === 'anonymous' ? 401 : 404);
    expect(await api().snapshot()).toBe(before);
  });

  it("goes with the addressee's account when they delete it: whoever verifies the address next finds nothing", async () => {
    await setUp(api());
    await inviteOther();
    expect((await reply(as('other').users.me.$delete({}))).status).toBe(204);
    expect(await api().deps.db.db.select().from(groupInvitations).where(eq(groupInvitations.groupId, FELLOWSHIP))).toEqual([]);
    const next = token('newcomer', { email: 'other@example.com' });
    const signUp = await reply(
      as(next).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'newcomer', email: 'other@example.com', name: 'New' } }),
    );
    expect(signUp.status).toBe(201);
    expect(await mine(next)).toEqual({ invitations: [], groups: [] });
    expect(await api().deps.db.db.select().from(groupMembers).where(eq(groupMembers.userId, 'newcomer'))).toEqual([]);
  });
});

describe('invitations a director makes', () => {
  const api = useApi({ RATE_LIMIT_SCALE: '1' });
  const { as, reply } = typedClient(api);
  const addresses = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `trainee${from + i}@hospital.example`);
  const invite = (who: string, emails: string[]) =>
    reply(as(who).groups[':id'].invitations.$post({ param: { id: FELLOWSHIP }, json: { emails, role: 'member' } }));

  it('are at most 50 an hour: one more is refused with 429 invitation_limit and none of its request is made', async () => {
    await setUp(api());
    expect((await invite(TOKENS.director, addresses(30))).status).toBe(200);
    // Cancelled invitations still count: each was mailed (the first by address, trainee0, is cancelled here).
    const { json } = await invite(TOKENS.director, addresses(20, 30));
    const cancelled = json.group.invitations[0]!;
    await reply(as(TOKENS.director).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: cancelled.id } }));
    const before = await api().snapshot();
    const refused = await invite(TOKENS.director, [cancelled.email, ...addresses(2, 60)]);
    expect(refused).toMatchObject({ status: 429, json: { error: ErrorCode.invitationLimit } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await api().snapshot()).toBe(before);
    // Asking again for invitations already made costs nothing; administrators have no such limit.
    expect((await invite(TOKENS.director, addresses(5, 1))).status).toBe(200);
    expect((await invite('admin', addresses(60, 100))).status).toBe(200);
  });

  it('in one request over the limit are refused whole', async () => {
    await setUp(api());
    const before = await api().snapshot();
    expect((await invite(TOKENS.director, addresses(51))).status).toBe(429);
    expect(await api().snapshot()).toBe(before);
  });
});
