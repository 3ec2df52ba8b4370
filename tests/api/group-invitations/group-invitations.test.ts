import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupInvitations, users } from '../../../src/server/db/schema.ts';
import { token } from '../harness.ts';
import { GROUPS, ROLES, setUp, TOKENS, type Role } from '../learning-support.ts';
import { auditTrail, expectRawRefused, expectRefused, typedClient, useApi } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

const FELLOWSHIP = GROUPS.fellowship;

describe("a group's invitations", () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const invite = (who: string, emails: string[], role: 'member' | 'director' = 'member', id = FELLOWSHIP) =>
    reply(as(who).groups[':id'].invitations.$post({ param: { id }, json: { emails, role } }));
  const detail = async (id = FELLOWSHIP) => (await reply(as('admin').groups[':id'].$get({ param: { id } }))).json;
  const signUp = (uid: string, email: string, verified: boolean) =>
    reply(as(token(uid, { email, verified })).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: uid, email, name: `New ${uid}` } }));

  it('take several addresses at once: each waits for its owner, a verified account too, listed with the group', async () => {
    await setUp(api());
    const res = await invite(TOKENS.director, ['Nina.New@Example.com', 'other@example.com', 'nina.new@example.com', 'learner@example.com']);
    expect(res.status).toBe(200);
    expect(res.json.results).toEqual([
      { email: 'nina.new@example.com', outcome: 'invited' },
      { email: 'other@example.com', outcome: 'invited' },
      { email: 'learner@example.com', outcome: 'already' },
    ]);
    expect(res.json.group).toMatchObject({ members: 1, directors: 1 });
    expect(res.json.group.invitations).toEqual([
      { id: expect.any(String), email: 'nina.new@example.com', role: 'member', invitedAt: expect.any(String) },
      { id: expect.any(String), email: 'other@example.com', role: 'member', invitedAt: expect.any(String) },
    ]);
    expect((await detail()).invitations).toEqual(res.json.group.invitations);
    // Asked again: nothing changes.
    const again = await invite(TOKENS.director, ['nina.new@example.com']);
    expect(again.json.results).toEqual([{ email: 'nina.new@example.com', outcome: 'already' }]);
    expect(again.json.group.invitations).toEqual(res.json.group.invitations);
    const trail = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    expect(trail.map((e) => [e.actor, e.action, e.after?.email])).toEqual([
      ['director', 'create', 'other@example.com'],
      ['director', 'create', 'nina.new@example.com'],
    ]);
  });

  it('become a membership when the address signs up verified (a Google sign-in), and are gone from the list', async () => {
    await setUp(api());
    const { json } = await invite('admin', ['nina@example.com'], 'director');
    expect(json.results).toEqual([{ email: 'nina@example.com', outcome: 'invited' }]);
    expect((await signUp('nina', 'Nina@Example.com', true)).status).toBe(201);
    const group = await detail();
    expect(group.invitations).toEqual([]);
    expect(group.people).toContainEqual(expect.objectContaining({ userId: 'nina', role: 'director', email: 'Nina@Example.com' }));
    expect((await reply(as(token('nina', { email: 'nina@example.com' })).groups[':id'].progress.$get({ param: { id: FELLOWSHIP } }))).status).toBe(200);
    const [claimed] = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    expect(claimed).toMatchObject({ actor: 'nina', action: 'create', after: { userId: 'nina', email: 'nina@example.com', role: 'director' } });
  });

  it('wait while the address is unverified, and are offered to its owner once it is verified, to accept', async () => {
    await setUp(api());
    await invite(TOKENS.director, ['nina@example.com']);
    expect((await signUp('nina', 'nina@example.com', false)).status).toBe(201);
    const unverified = as(token('nina', { email: 'nina@example.com', verified: false }));
    expect((await reply(unverified.users[':id'].$get({ param: { id: 'nina' } }))).status).toBe(200);
    expect((await detail()).invitations).toHaveLength(1);
    expect((await detail()).members).toBe(1);
    // Inviting the unverified profile's address again keeps it an invitation: nobody knows the address is theirs.
    expect((await invite('admin', ['nina@example.com'], 'member')).json.results).toEqual([{ email: 'nina@example.com', outcome: 'already' }]);
    expect((await reply(unverified.learning.groups.$get({}))).json.invitations).toEqual([]);
    const verified = as(token('nina', { email: 'nina@example.com' }));
    expect((await reply(verified.users[':id'].$get({ param: { id: 'nina' } }))).status).toBe(200);
    expect((await detail()).members).toBe(1);
    const [offered] = (await reply(verified.learning.groups.$get({}))).json.invitations;
    expect(offered).toMatchObject({ groupId: FELLOWSHIP, groupName: 'Fellowship 2026', directors: [{ name: 'Dee Director' }] });
    expect((await reply(verified.learning.invitations[':id'].accept.$post({ param: { id: offered!.id } }))).status).toBe(200);
    const group = await detail();
    expect(group.invitations).toEqual([]);
    expect(group.people).toContainEqual(expect.objectContaining({ userId: 'nina', role: 'member' }));
    const [row] = await api().deps.db.db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, 'nina'));
    expect(row?.emailVerified).toBe(true);
  });

  it('are cancelled by a director or an admin, audited, and never become a membership then', async () => {
    await setUp(api());
    const { json } = await invite(TOKENS.director, ['nina@example.com', 'noah@example.com']);
    const [nina, noah] = json.group.invitations;
    const cancelled = await reply(
      as(TOKENS.director).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: nina!.id } }),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.invitations.map((i: any) => i.email)).toEqual(['noah@example.com']);
    expect((await reply(as('admin').groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: noah!.id } }))).status).toBe(
      200,
    );
    await signUp('nina', 'nina@example.com', true);
    expect((await detail()).people.map((p: any) => p.userId)).not.toContain('nina');
    const trail = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    expect(trail.slice(0, 2).map((e) => [e.actor, e.action, e.before.email])).toEqual([
      ['admin', 'delete', 'noah@example.com'],
      ['director', 'delete', 'nina@example.com'],
    ]);
  });

  it('leave no trace of the address in the audit trail once its owner deletes their account, other invitations kept', async () => {
    await setUp(api());
    const { json } = await invite(TOKENS.director, ['nina@example.com', 'noah@example.com']);
    const nina = json.group.invitations.find((i: any) => i.email === 'nina@example.com');
    await reply(as(TOKENS.director).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: nina!.id } }));
    await invite('admin', ['NINA@example.com']);
    // An account id that is no part of the address, so only the address can find the invitations' entries.
    await signUp('u-7', 'nina@example.com', true);
    expect((await reply(as(token('u-7', { email: 'nina@example.com' })).users.me.$delete({}))).status).toBe(204);
    const trail = await auditTrail(api(), `?entity=group&id=${FELLOWSHIP}`);
    // Whatever the case it was typed in; only the opaque account id stays as the actor of the joining.
    expect(JSON.stringify(trail).toLowerCase()).not.toContain('nina@example.com');
    // The entries stay (someone was invited, cancelled, joined), and another person's invitation is untouched.
    expect(trail.filter((e) => JSON.stringify([e.before, e.after]).includes('"forgotten":true')).length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(trail)).toContain('noah@example.com');
  });

  it("let a director bring in members only: no directors, no change to a fellow director's role, no cancelling a director's invitation", async () => {
    await setUp(api());
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].invitations.$post({ param: { id: FELLOWSHIP }, json: { emails: ['x@example.com'], role: 'director' } }),
      403,
    );
    await reply(as('admin').groups[':id'].members.$post({ param: { id: FELLOWSHIP }, json: { email: 'other@example.com', role: 'director' } }));
    expect((await invite(TOKENS.director, ['other@example.com'])).json.results).toEqual([{ email: 'other@example.com', outcome: 'already' }]);
    expect((await detail()).people).toContainEqual(expect.objectContaining({ userId: 'other', role: 'director' }));
    const { json } = await invite('admin', ['dana@example.com'], 'director');
    const id = json.group.invitations[0]!.id;
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: id } }),
      403,
    );
    // An admin changes an invitation's role.
    expect((await invite('admin', ['dana@example.com'], 'member')).json.group.invitations).toEqual([expect.objectContaining({ id, role: 'member' })]);
  });

  const refusals: Array<[Role, number]> = [
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
    ['elsewhere', 403],
  ];
  it.each(refusals)('are refused to %s (%i), the group and its invitations unchanged', async (role, status) => {
    await setUp(api());
    const { json } = await invite('admin', ['nina@example.com']);
    const id = json.group.invitations[0]!.id;
    await expectRefused(
      api(),
      (a) => a.as(ROLES[role]).groups[':id'].invitations.$post({ param: { id: FELLOWSHIP }, json: { emails: ['x@example.com'], role: 'member' } }),
      status,
    );
    await expectRefused(
      api(),
      (a) => a.as(ROLES[role]).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: id } }),
      status,
    );
    // Only admins learn whether a group exists.
    await expectRefused(
      api(),
      (a) => a.as(ROLES[role]).groups[':id'].invitations.$post({ param: { id: 'nope' }, json: { emails: ['x@example.com'], role: 'member' } }),
      status,
    );
  });

  it('refuse bad addresses, empty and oversized lists, unknown fields, groups and invitations, changing nothing', async () => {
    await setUp(api());
    const post = (body: unknown, as: string = TOKENS.director, group = FELLOWSHIP) =>
      expectRawRefused(api(), 'POST', `/groups/${group}/invitations`, { as, body }, 400);
    const bad = await post({ emails: ['ok@example.com', 'not-an-address', 'a@b@c.example'], role: 'member' });
    expect(bad.json.issues!.map((i) => i.path)).toEqual(['emails.1', 'emails.2']);
    await post({ emails: [], role: 'member' });
    await post({ emails: Array.from({ length: 201 }, (_, i) => `p${i}@example.com`), role: 'member' });
    await post({ emails: ['ok@example.com'], role: 'owner' });
    await post({ emails: ['ok@example.com'], role: 'member', note: 'hi' });
    await post({ emails: 'ok@example.com', role: 'member' });
    await post({ emails: [`${'a'.repeat(320)}@example.com`], role: 'member' });
    await expectRefused(
      api(),
      (a) => a.as('admin').groups[':id'].invitations.$post({ param: { id: 'nope' }, json: { emails: ['x@example.com'], role: 'member' } }),
      404,
    );
    await expectRefused(
      api(),
      (a) => a.as('admin').groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: 'nope' } }),
      404,
    );
    await expectRefused(
      api(),
      (a) => a.as(TOKENS.director).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: 'nope' } }),
      404,
    );
    // Another group's invitation is not this group's.
    const { json } = await invite('admin', ['x@example.com'], 'member', GROUPS.residency);
    await expectRefused(
      api(),
      (a) =>
        a.as(TOKENS.director).groups[':id'].invitations[':invitationId'].$delete({ param: { id: FELLOWSHIP, invitationId: json.group.invitations[0]!.id } }),
      404,
    );
  });

  it('go with their group when it is deleted', async () => {
    await setUp(api());
    await invite('admin', ['nina@example.com']);
    expect((await reply(as('admin').groups[':id'].$delete({ param: { id: FELLOWSHIP } }))).status).toBe(204);
    expect(await api().deps.db.db.select().from(groupInvitations)).toEqual([]);
    await signUp('nina', 'nina@example.com', true);
    expect((await reply(as('admin').groups.$get({}))).json.map((g: any) => g.id)).toEqual([GROUPS.residency]);
  });
});
