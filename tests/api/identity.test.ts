import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { audit, users } from '../../src/server/db/schema.ts';
import { PROJECT, token } from './harness.ts';
import { expectRefused, useApi } from './support.ts';

/** An emulator-format ID token whose account has no email (anonymous or phone sign-in). */
function tokenWithoutEmail(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const claims = { iss: `https://securetoken.google.com/${PROJECT}`, aud: PROJECT, sub: uid, user_id: uid, iat: now, auth_time: now, exp: now + 3600 };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

describe('POST /users takes the email from the verified token', () => {
  const api = useApi();

  it('refuses a token without an email that claims an address, and stores nothing', async () => {
    await expectRefused(api(), 'POST', '/users', { as: tokenWithoutEmail('phone-user'), body: { id: 'phone-user', email: 'admin@example.com' } }, 403);
    await expectRefused(api(), 'POST', '/users', { as: tokenWithoutEmail('phone-user'), body: { id: 'phone-user', email: 'boss@example.com' } }, 403);
  });

  it('refuses a body whose email is not the token’s', async () => {
    await expectRefused(
      api(),
      'POST',
      '/users',
      { as: token('mallory', { email: 'mallory@example.com' }), body: { id: 'mallory', email: 'boss@example.com' } },
      400,
    );
  });

  it('stores the token’s address, not the body’s spelling of it', async () => {
    const res = await api().call('POST', '/users', { as: token('ada', { email: 'ada@example.com' }), body: { id: 'ada', email: 'ADA@Example.com' } });
    expect(res.status).toBe(201);
    expect(res.json.email).toBe('ada@example.com');
  });

  it('refuses a second profile with an address already taken, whatever its case', async () => {
    const res = await expectRefused(
      api(),
      'POST',
      '/users',
      { as: token('twin', { email: 'Learner@Example.com' }), body: { id: 'twin', email: 'Learner@Example.com' } },
      409,
    );
    expect(res.json.message).toMatch(/already has this email/);
    const again = await api().call('POST', '/users', { as: 'learner', body: { id: 'learner', email: 'learner@example.com' } });
    expect(again).toMatchObject({ status: 409, json: { message: 'This user already exists' } });
  });
});

describe('npm run admin:grant', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fsa-grant-'));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(null, join(dataDir, 'pglite'));
    await database.db.insert(users).values([
      { id: 'boss-uid', email: 'boss@example.com', name: 'Bo Boss' },
      { id: 'no-email-uid', email: '', name: 'Cleared Duplicate' },
      { id: 'admin-uid', email: 'admin@example.com', isAdmin: true },
    ]);
    await database.close();
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const grant = (...args: string[]) => {
    const run = spawnSync(process.execPath, [join(import.meta.dirname, '../../scripts/admin-grant.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
  };

  it('grants by email matching exactly one account, says what it did, and audits it', async () => {
    expect(grant('BOSS@example.com')).toEqual({ code: 0, out: 'boss@example.com (uid boss-uid, Bo Boss) is now an administrator.', err: '' });
    expect(grant('boss-uid').out).toBe('boss@example.com (uid boss-uid, Bo Boss) is already an administrator. Nothing changed.');
    database = await openDatabase(null, join(dataDir, 'pglite'));
    try {
      const [row] = await database.db.select().from(users).where(eq(users.id, 'boss-uid'));
      expect(row?.isAdmin).toBe(true);
      const entries = await database.db.select().from(audit).where(eq(audit.entityId, 'boss-uid'));
      expect(entries.map((e) => [e.actor, e.before, e.after])).toEqual([['admin:grant', { isAdmin: false }, { isAdmin: true }]]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('grants by uid, and refuses an unknown account or no argument', () => {
    expect(grant('no-email-uid')).toMatchObject({ code: 0, out: '(no email) (uid no-email-uid, Cleared Duplicate) is now an administrator.' });
    expect(grant('nobody@example.com')).toMatchObject({
      code: 1,
      err: 'No account with the email nobody@example.com: sign up on the site first, then run this again. Nothing changed.',
    });
    expect(grant('missing-uid').code).toBe(1);
    expect(grant().code).toBe(2);
  }, 60_000);
});
