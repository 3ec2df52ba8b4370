import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../../src/server/access/admins.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { audit, users } from '../../../src/server/db/schema.ts';
import { PROJECT, token } from '../harness.ts';
import { runScript, seededFolder } from '../processes-support.ts';
import { expectRawRefused, useApi, typedClient } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

/** An emulator-format ID token whose account has no email (anonymous or phone sign-in). */
function tokenWithoutEmail(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const claims = { iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub: uid, user_id: uid, iat: now, auth_time: now, exp: now + 3600 };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

// One API for both parts: the grant runs in this process on its database.
const api = useApi();
const { as, reply } = typedClient(api);

describe('POST /users takes the email from the verified token', () => {
  it('refuses a token without an email that claims an address, and stores nothing', async () => {
    await expectRawRefused(
      api(),
      'POST',
      '/users',
      { as: tokenWithoutEmail('phone-user'), body: { acceptedTerms: TERMS_VERSION, id: 'phone-user', email: 'admin@example.com' } },
      403,
    );
    await expectRawRefused(
      api(),
      'POST',
      '/users',
      { as: tokenWithoutEmail('phone-user'), body: { acceptedTerms: TERMS_VERSION, id: 'phone-user', email: 'boss@example.com' } },
      403,
    );
  });

  it('refuses a body whose email is not the token’s', async () => {
    await expectRawRefused(
      api(),
      'POST',
      '/users',
      { as: token('mallory', { email: 'mallory@example.com' }), body: { acceptedTerms: TERMS_VERSION, id: 'mallory', email: 'boss@example.com' } },
      400,
    );
  });

  it('stores the token’s address, not the body’s spelling of it', async () => {
    const res = await reply(
      as(token('ada', { email: 'ada@example.com' })).users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'ada', email: 'ADA@Example.com' } }),
    );
    expect(res.status).toBe(201);
    expect(res.json.email).toBe('ada@example.com');
  });

  it('refuses a second profile with an address already taken, whatever its case', async () => {
    const res = await expectRawRefused(
      api(),
      'POST',
      '/users',
      { as: token('twin', { email: 'Learner@Example.com' }), body: { acceptedTerms: TERMS_VERSION, id: 'twin', email: 'Learner@Example.com' } },
      409,
    );
    expect(res.json.message).toMatch(/already has this email/);
    const again = await reply(as('learner').users.$post({ header: {}, json: { acceptedTerms: TERMS_VERSION, id: 'learner', email: 'learner@example.com' } }));
    expect(again).toMatchObject({ status: 409, json: { message: 'This user already exists' } });
  });
});

describe('npm run admin:grant', () => {
  beforeEach(async () => {
    await api()
      .deps.db.db.insert(users)
      .values([
        { id: 'boss-uid', email: 'boss@example.com', emailVerified: true, name: 'Bo Boss' },
        { id: 'no-email-uid', email: '', name: 'Cleared Duplicate' },
        { id: 'impostor-uid', email: 'ceo@example.com', name: 'Not The CEO' },
      ]);
  });
  // What the script runs on the database DATA_DIR or DATABASE_URL names; the seeded 'admin' is the administrator already there.
  const grant = (target: string) => grantAdmin(api().deps.db.db, target);

  it('grants by email matching exactly one account, says what it did, and audits it', async () => {
    expect(await grant('BOSS@example.com')).toEqual({ ok: true, message: 'boss@example.com (uid boss-uid, Bo Boss) is now an administrator.' });
    expect((await grant('boss-uid')).message).toBe('boss@example.com (uid boss-uid, Bo Boss) is already an administrator. Nothing changed.');
    const db = api().deps.db.db;
    const [row] = await db.select().from(users).where(eq(users.id, 'boss-uid'));
    expect(row?.isAdmin).toBe(true);
    const entries = await db.select().from(audit).where(eq(audit.entityId, 'boss-uid'));
    expect(entries.map((e) => [e.actor, e.before, e.after])).toEqual([['admin:grant', { isAdmin: false }, { isAdmin: true }]]);
  });

  it('refuses by email an account that has not verified the address (anyone can sign up with it), grants it by uid', async () => {
    expect(await grant('CEO@example.com')).toEqual({
      ok: false,
      message:
        'The account with the email CEO@example.com (uid impostor-uid) has not verified its address, so nobody knows it is theirs: ask them to open the link in the verification email and sign in again, then run this again (or pass the uid if you know whose account it is). Nothing changed.',
    });
    const db = api().deps.db.db;
    expect(await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, 'impostor-uid'))).toEqual([{ isAdmin: false }]);
    expect(await db.select().from(audit).where(eq(audit.entityId, 'impostor-uid'))).toEqual([]);
    expect((await grant('impostor-uid')).message).toBe('ceo@example.com (uid impostor-uid, Not The CEO) is now an administrator.');
  });

  it('grants by uid, and refuses an unknown account', async () => {
    expect(await grant('no-email-uid')).toEqual({ ok: true, message: '(no email) (uid no-email-uid, Cleared Duplicate) is now an administrator.' });
    expect(await grant('nobody@example.com')).toEqual({
      ok: false,
      message: 'No account with the email nobody@example.com: sign up on the site first, then run this again. Nothing changed.',
    });
    expect((await grant('missing-uid')).ok).toBe(false);
  });

  it('runs as npm runs it, in a child process: prints the grant and keeps it in DATA_DIR, and exits 2 without an argument', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fsa-grant-'));
    try {
      const database = await seededFolder(join(dataDir, 'pglite'));
      await database.db.insert(users).values([
        { id: 'boss-uid', email: 'boss@example.com', emailVerified: true, name: 'Bo Boss' },
        { id: 'impostor-uid', email: 'ceo@example.com', name: 'Not The CEO' },
      ]);
      await database.close();
      const grantInChild = (...args: string[]) => runScript('admin-grant.ts', args, { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(grantInChild('BOSS@example.com')).toEqual({ code: 0, out: 'boss@example.com (uid boss-uid, Bo Boss) is now an administrator.\n', err: '' });
      expect(grantInChild('ceo@example.com')).toMatchObject({
        code: 1,
        out: '',
        err: expect.stringMatching(/^The account with the email ceo@example.com \(uid impostor-uid\) has not verified its address/),
      });
      expect(grantInChild().code).toBe(2);
      const reopened = await openDatabase(null, join(dataDir, 'pglite'));
      try {
        expect(await reopened.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, 'boss-uid'))).toEqual([{ isAdmin: true }]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Three child processes, each starting Node and opening the database: about 10 s on a quiet machine, and past
    // 60 s on one many times oversubscribed (a slowed run of the suite).
  }, 180_000);
});
