import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../../src/server/access/admins.ts';
import { users } from '../../../src/server/db/schema.ts';
import { startGoogleFake, type GoogleFake } from '../../production/fakes.ts';
import { testApi, token, type TestApi } from '../harness.ts';
import { GROUPS, setUp, TOKENS } from '../learning-support.ts';
import { expectRawRefused, expectRefused, PRODUCTION_ENV, typedClient, useApi } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

/**
 * Roles follow verified addresses only (issue 32, finding 2): an attacker who signs up with someone else's address,
 * which they cannot verify, gets no role given by that address, in development and in production mode.
 */
describe('in development, an address nobody verified', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const impostor = token('impostor', { email: 'boss@corp.test', verified: false });

  it('cannot be made an administrator by npm run admin:grant <email>, until its owner verifies it', async () => {
    expect(
      (await reply(as(impostor).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'impostor', email: 'boss@corp.test' } }))).status,
    ).toBe(201);
    const db = api().deps.db.db;
    expect((await grantAdmin(db, 'boss@corp.test')).ok).toBe(false);
    expect((await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, 'impostor')))[0]?.isAdmin).toBe(false);
    await expectRefused(api(), (a) => a.as(impostor).audit.$get({ query: {} }), 403);
    // The admin finds the profile by its address but cannot make it an administrator either.
    const found = (await reply(as('admin').users.$get({ query: { email: 'boss@corp.test' } }))).json;
    expect(found.map((u: any) => u.id)).toEqual(['impostor']);
    const makeAdmin = { isAdmin: true, isPremium: false, subscriptions: [] };
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$put({ param: { id: 'impostor' }, json: makeAdmin }), 409, 'email_unverified');
    // Had the address been theirs, opening the link and signing in again would have been enough.
    await reply(as(token('impostor', { email: 'boss@corp.test' })).users[':id'].$get({ param: { id: 'impostor' } }));
    expect(await grantAdmin(db, 'boss@corp.test')).toMatchObject({ ok: true });
    expect((await reply(as('admin').users[':id'].$put({ param: { id: 'impostor' }, json: makeAdmin }))).status).toBe(200);
    expect((await reply(as('admin').users.$get({ query: { email: 'BOSS@corp.test' } }))).json.map((u: any) => u.id)).toEqual(['impostor']);
  });

  it('is refused as a director by address with email_unverified, and reads nothing of the members', async () => {
    await setUp(api());
    const attacker = token('mallory', { email: 'director@hospital.test', verified: false });
    await reply(as(attacker).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'mallory', email: 'director@hospital.test' } }));
    const path = `/groups/${GROUPS.fellowship}/members`;
    const refused = await expectRawRefused(
      api(),
      'POST',
      path,
      { as: 'admin', body: { email: 'director@hospital.test', role: 'director' } },
      409,
      'email_unverified',
    );
    expect(refused.json.message).toMatch(/not verified/);
    // Invited instead, the address waits: the attacker reads no progress, attempts or CSV.
    const invited = await reply(
      as('admin').groups[':id'].invitations.$post({ param: { id: GROUPS.fellowship }, json: { emails: ['director@hospital.test'], role: 'director' } }),
    );
    expect(invited.json.results).toEqual([{ email: 'director@hospital.test', outcome: 'unverified' }]);
    // A director is not told that an account has the address.
    const byDirector = await reply(
      as(TOKENS.elsewhere).groups[':id'].invitations.$post({ param: { id: GROUPS.residency }, json: { emails: ['director@hospital.test'], role: 'member' } }),
    );
    expect(byDirector.json.results).toEqual([{ email: 'director@hospital.test', outcome: 'invited' }]);
    await reply(as(attacker).users[':id'].$get({ param: { id: 'mallory' } }));
    for (const p of [`/groups/${GROUPS.fellowship}/progress`, `/groups/${GROUPS.fellowship}/export.csv`, '/attempts?userId=learner']) {
      await expectRawRefused(api(), 'GET', p, { as: attacker }, 403);
    }
  });
});

describe('in production mode (tokens signed by the Google fake), an address nobody verified', () => {
  let google: GoogleFake;
  let api: TestApi;
  beforeAll(async () => {
    google = await startGoogleFake(PRODUCTION_ENV.FIREBASE_PROJECT_ID!, 'key');
    api = await testApi({ ...PRODUCTION_ENV, FIREBASE_KEYS_URL: google.keysUrl });
    await setUp(api);
  });
  afterAll(async () => {
    await api.close();
    await google.close();
  });
  const profile = async (email: string) => {
    const { idToken, localId } = await google.account('signUp', email, 'secret-123');
    expect((await api.reply(api.as(idToken).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: localId, email } }))).status).toBe(201);
    return localId;
  };

  it('becomes a director only once its owner verifies it: until then the members stay hidden', async () => {
    const adminId = await profile('chief@hospital.test');
    google.verifyEmail('chief@hospital.test');
    await api.deps.db.db.update(users).set({ isAdmin: true }).where(eq(users.id, adminId));
    const admin = await google.idToken(adminId);
    expect((await api.reply(api.as(admin).users[':id'].$get({ param: { id: adminId } }))).status).toBe(200);

    const attackerId = await profile('director@hospital.test');
    const attacker = await google.idToken(attackerId);
    await expectRefused(
      api,
      (a) => a.as(admin).groups[':id'].members.$post({ param: { id: GROUPS.fellowship }, json: { email: 'director@hospital.test', role: 'director' } }),
      409,
      'email_unverified',
    );
    const invited = await api.reply(
      api.as(admin).groups[':id'].invitations.$post({ param: { id: GROUPS.fellowship }, json: { emails: ['director@hospital.test'], role: 'director' } }),
    );
    expect(invited.json.results).toEqual([{ email: 'director@hospital.test', outcome: 'unverified' }]);
    expect((await api.reply(api.as(attacker).users[':id'].$get({ param: { id: attackerId } }))).status).toBe(200);
    await expectRefused(api, (a) => a.as(attacker).groups[':id'].progress.$get({ param: { id: GROUPS.fellowship } }), 403);
    await expectRefused(api, (a) => a.as(attacker).attempts.$get({ query: { userId: 'learner' } }), 403);

    // The rightful owner opens the link: their next sign-in makes the invitation a directorship.
    google.verifyEmail('director@hospital.test');
    const owner = await google.idToken(attackerId);
    expect((await api.reply(api.as(owner).users[':id'].$get({ param: { id: attackerId } }))).status).toBe(200);
    expect((await api.reply(api.as(owner).groups[':id'].progress.$get({ param: { id: GROUPS.fellowship } }))).status).toBe(200);
  });
});
