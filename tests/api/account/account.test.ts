import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { attempts, audit, certificates, groupMembers, groups, orders, users } from '../../../src/server/db/schema.ts';
import { token } from '../harness.ts';
import { ADMIN_PLAN_NAME } from '../../../src/domain/admin-subscription.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';
import { auditTrail, buyPlan, expectRawRefused, expectRefused, HIDDEN_PLAN, useApi, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const db = () => api().deps.db.db;
beforeEach(() => api().deps.paypalStandIn!.reset());

const buy = (as?: string, planId?: string) => buyPlan(api(), as, planId);

/** A little of everything we hold about `uid`: an attempt with its log, a certificate, a group membership. */
async function history(uid: string) {
  const { gzipSync } = await import('node:zlib');
  await db()
    .insert(attempts)
    .values({
      id: `${uid}-a1`,
      userId: uid,
      courseId: 'fetoscopy-simulator',
      caseId: 'm1c1',
      level: 1,
      caseIndex: 1,
      score: 80,
      metrics: {},
      logGzip: gzipSync(JSON.stringify([{ t: 0, type: 'open' }])).toString('base64'),
    });
  await db()
    .insert(certificates)
    .values({
      id: `${uid}-c1`,
      userId: uid,
      courseId: 'fetoscopy-simulator',
      holderName: 'Lea Learner',
      courseTitle: 'Fetoscopy',
      cases: [],
      completedAt: new Date(),
    });
  await db().insert(groups).values({ id: 'g1', name: 'Fellows 2026' }).onConflictDoNothing();
  await db().insert(groupMembers).values({ groupId: 'g1', userId: uid, role: 'member' });
}

describe('PATCH /users/me', () => {
  it('changes the caller’s own name and phone, audited, and nothing else', async () => {
    const res = await reply(as('learner').users.me.$patch({ json: { name: '  Lea Nueva ', contact: '+34 600 000 001' } }));
    expect(res).toMatchObject({
      status: 200,
      json: { id: 'learner', name: 'Lea Nueva', contact: '+34 600 000 001', isAdmin: false, email: 'learner@example.com' },
    });
    const [entry] = await auditTrail(api(), '?entity=user&id=learner');
    expect(entry).toMatchObject({ actor: 'learner', action: 'update', before: { name: 'Lea Learner' }, after: { name: 'Lea Nueva' } });
    expect((await reply(as('other').users[':id'].$get({ param: { id: 'other' } }))).json.name).not.toBe('Lea Nueva');
  });

  it.each([
    ['an empty name', { name: '  ', contact: '' }],
    ['a name too long', { name: 'x'.repeat(402), contact: '' }],
    ['a phone too long', { name: 'Lea', contact: '1'.repeat(51) }],
    ['no phone', { name: 'Lea' }],
    ['the admin flag', { name: 'Lea', contact: '', isAdmin: true }],
    ['an email', { name: 'Lea', contact: '', email: 'x@example.com' }],
  ])('refuses %s with 400', async (_label, body) => {
    await expectRawRefused(api(), 'PATCH', '/users/me', { as: 'learner', body }, 400);
  });
  it('refuses a visitor with 401 and a token without a profile with 404', async () => {
    await expectRefused(api(), (a) => a.as(null).users.me.$patch({ json: { name: 'Lea', contact: '' } }), 401);
    await expectRefused(api(), (a) => a.as(token('stranger')).users.me.$patch({ json: { name: 'Lea', contact: '' } }), 404);
  });
});

describe('GET /users/me/subscriptions', () => {
  const until = { seconds: Math.floor(Date.now() / 1000) + 86_400, nanoseconds: 0 };
  /** Beside the bought plan: an administrator's grant of the hidden plan, and a subscription whose plan was deleted since. */
  async function holdings() {
    await buy();
    await buy('other', 'plan-complete');
    const [row] = await db().select({ subscriptions: users.subscriptions }).from(users).where(eq(users.id, 'learner'));
    const granted = {
      provider: 'admin@example.com',
      plan_name: ADMIN_PLAN_NAME,
      product_id: HIDDEN_PLAN,
      subscription_id: 'grant-1',
      next_billing_time: until,
    };
    const gone = {
      provider: 'PAYPAL',
      plan_name: 'Fetal Surgery Academy - Winter school',
      product_id: 'plan-gone',
      subscription_id: 'old-1',
      next_billing_time: until,
    };
    await db()
      .update(users)
      .set({ subscriptions: [...row!.subscriptions, granted, gone] })
      .where(eq(users.id, 'learner'));
    api().deps.userCache.forget('learner');
  }

  it("names each of the caller's subscriptions by its plan's title in the language asked for, the stored name once the plan is gone", async () => {
    await holdings();
    const ar = await reply(as('learner').users.me.subscriptions.$get({ query: { lang: 'ar' } }));
    expect(ar.status).toBe(200);
    expect(ar.json.map((s: { title: string }) => s.title)).toEqual(['تنظير الجنين', 'تجربة المستشفيات', 'Fetal Surgery Academy - Winter school']);
    expect(ar.json.slice(1).map((s: { subscriptionId: string }) => s.subscriptionId)).toEqual(['grant-1', 'old-1']);
    const en = await reply(as('learner').users.me.subscriptions.$get({ query: { lang: 'en' } }));
    expect(en.json.map((s: { title: string }) => s.title)).toEqual(['Fetoscopy', 'Hospital pilot', 'Fetal Surgery Academy - Winter school']);
    // Without ?lang= the browser's languages decide; nobody else's subscriptions are named.
    const res = await api().app.request('/api/users/me/subscriptions', {
      headers: { authorization: `Bearer ${api().tokens.learner}`, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(res.headers.get('content-language')).toBe('es');
    expect(((await res.json()) as Array<{ title: string }>).map((s) => s.title)).toEqual([
      'Fetoscopia',
      'Piloto hospitalario',
      'Fetal Surgery Academy - Winter school',
    ]);
    expect((await reply(as('other').users.me.subscriptions.$get({ query: { lang: 'es' } }))).json.map((s: { title: string }) => s.title)).toEqual(['Completo']);
  });
  it('refuses a visitor with 401, a token without a profile with 404, and an unknown language with 400', async () => {
    await expectRefused(api(), (a) => a.as(null).users.me.subscriptions.$get({ query: {} }), 401);
    await expectRefused(api(), (a) => a.as(token('stranger')).users.me.subscriptions.$get({ query: {} }), 404);
    await expectRawRefused(api(), 'GET', '/users/me/subscriptions?lang=de', { as: 'learner' }, 400);
  });
});

describe('PUT /users/me/terms', () => {
  const exported = async () =>
    (await (await api().app.request('/api/users/me/export', { headers: { authorization: `Bearer ${api().tokens.learner}` } })).json()) as any;

  it('records the terms in force for an account that never accepted any, with the date, shown in its record and its export', async () => {
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json.termsVersion).toBeNull();
    expect((await exported()).consent).toBeNull();
    const res = await reply(as('learner').users.me.terms.$put({ json: { acceptedTerms: TERMS_VERSION } }));
    expect(res).toMatchObject({ status: 200, json: { id: 'learner', termsVersion: TERMS_VERSION } });
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json.termsVersion).toBe(TERMS_VERSION);
    const { consent } = await exported();
    expect(consent.termsVersion).toBe(TERMS_VERSION);
    expect(Date.now() - Date.parse(consent.acceptedAt)).toBeLessThan(60_000);
    // Nobody else's consent is touched.
    expect((await reply(as('other').users[':id'].$get({ param: { id: 'other' } }))).json.termsVersion).toBeNull();
  });

  it('replaces an older version the account accepted', async () => {
    await db()
      .update(users)
      .set({ termsVersion: '2020-01-01', termsAcceptedAt: new Date('2020-01-01') })
      .where(eq(users.id, 'learner'));
    api().deps.userCache.forget('learner');
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json.termsVersion).toBe('2020-01-01');
    await reply(as('learner').users.me.terms.$put({ json: { acceptedTerms: TERMS_VERSION } }));
    const { consent } = await exported();
    expect(consent.termsVersion).toBe(TERMS_VERSION);
    expect(Date.parse(consent.acceptedAt)).toBeGreaterThan(Date.parse('2025-01-01'));
  });

  it('refuses another version, no version, a visitor and a token without a profile, changing nothing', async () => {
    await expectRawRefused(api(), 'PUT', '/users/me/terms', { as: 'learner', body: { acceptedTerms: '2020-01-01' } }, 400);
    await expectRawRefused(api(), 'PUT', '/users/me/terms', { as: 'learner', body: {} }, 400);
    await expectRawRefused(api(), 'PUT', '/users/me/terms', { as: 'learner', body: { acceptedTerms: TERMS_VERSION, isAdmin: true } }, 400);
    await expectRefused(api(), (a) => a.as(null).users.me.terms.$put({ json: { acceptedTerms: TERMS_VERSION } }), 401);
    await expectRefused(api(), (a) => a.as(token('stranger')).users.me.terms.$put({ json: { acceptedTerms: TERMS_VERSION } }), 404);
  });
});

describe('GET /users/me/export', () => {
  it('answers everything held about the caller as a JSON download, and nothing of anyone else', async () => {
    const orderId = await buy();
    await buy('other');
    await history('learner');
    await history('other');
    const res = await api().app.request('/api/users/me/export', { headers: { authorization: `Bearer ${api().tokens.learner}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-data.json"');
    const body = await res.json();
    expect(body.profile).toMatchObject({
      id: 'learner',
      email: 'learner@example.com',
      name: 'Lea Learner',
      subscriptions: [expect.objectContaining({ product_id: 'plan-fetoscopy' })],
    });
    expect(body.payments).toEqual([expect.objectContaining({ orderId, status: 'COMPLETED', receipt: expect.objectContaining({ orderId, amount: 199 }) })]);
    // The logs are the separate download the export names.
    expect(body.attempts).toEqual([expect.objectContaining({ id: 'learner-a1', score: 80, hasLog: true })]);
    for (const column of ['logGzip', 'events', 'log']) expect(body.attempts[0]).not.toHaveProperty(column);
    expect(body.eventLogs).toEqual({ path: '/api/users/me/export/logs', format: expect.stringContaining('NDJSON') });
    expect(body.certificates.map((c: { id: string }) => c.id)).toEqual(['learner-c1']);
    expect(body.groups).toEqual([expect.objectContaining({ groupId: 'g1', name: 'Fellows 2026', role: 'member' })]);
    expect(body.audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toContain('other@example.com');
  });
  it("gives an administrator the changes they made to other people, without those people's data", async () => {
    const saved = await reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: { isAdmin: false, isPremium: true, subscriptions: [] } }));
    expect(saved.status).toBe(200);
    const res = await api().app.request('/api/users/me/export', { headers: { authorization: `Bearer ${api().tokens.admin}` } });
    const body = await res.json();
    expect(body.audit).toContainEqual(
      expect.objectContaining({ actor: 'admin', entity: 'user', entityId: 'other', action: 'update', before: null, after: null }),
    );
    expect(JSON.stringify(body)).not.toContain('other@example.com');
    expect(JSON.stringify(body)).not.toContain('Otto Other');
  });
  it('refuses a visitor with 401 and a token without a profile with 404', async () => {
    await expectRefused(api(), (a) => a.as(null).users.me.export.$get(), 401);
    await expectRefused(api(), (a) => a.as(token('stranger')).users.me.export.$get(), 404);
  });
});

describe('GET /users/me/export/logs', () => {
  const logs = async (who: 'learner' | 'other' = 'learner') => {
    const res = await api().app.request('/api/users/me/export/logs', { headers: { authorization: `Bearer ${api().tokens[who]}` } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("answers the caller's event logs, oldest first, as gzip NDJSON: the stored compressed logs and the first simulator's events, nobody else's", async () => {
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const long = Array.from({ length: 10_000 }, (_, i) => ({ t: i * 80, type: 'input', turnX: i % 2, turnY: 0, insert: 1, roll: 0 }));
    const attempt = (id: string, userId: string, minutesAgo: number, log: { logGzip?: string; events?: unknown[] }) => ({
      id,
      userId,
      courseId: 'fetoscopy-simulator',
      caseId: 'm1c1',
      level: 1,
      caseIndex: 1,
      score: 60,
      metrics: {},
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      ...log,
    });
    await db()
      .insert(attempts)
      .values([
        attempt('l-new', 'learner', 1, { logGzip: gzipSync(JSON.stringify(long)).toString('base64') }),
        attempt('l-old', 'learner', 60, { events: [{ t: 0, type: 'open' }] }),
        attempt('l-none', 'learner', 30, {}),
        attempt('o-1', 'other', 5, { logGzip: gzipSync('[{"t":0,"type":"open","who":"other"}]').toString('base64') }),
      ]);
    const { res, bytes } = await logs();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-attempt-logs.ndjson.gz"');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = gunzipSync(bytes).toString('utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.attemptId)).toEqual(['l-old', 'l-new']);
    expect(lines[0]).toEqual({ attemptId: 'l-old', createdAt: expect.stringMatching(/Z$/), log: [{ t: 0, type: 'open' }] });
    expect(lines[1].log).toEqual(long);
    expect(text).not.toContain('other');
    // The JSON export says which attempts these are.
    const exported = await (await api().app.request('/api/users/me/export', { headers: { authorization: `Bearer ${api().tokens.learner}` } })).json();
    expect(exported.attempts.map((a: { id: string; hasLog: boolean }) => [a.id, a.hasLog])).toEqual([
      ['l-old', true],
      ['l-none', false],
      ['l-new', true],
    ]);
  });

  it('answers an empty gzip file to a caller without attempts', async () => {
    const { gunzipSync } = await import('node:zlib');
    const { res, bytes } = await logs('other');
    expect(res.status).toBe(200);
    expect(gunzipSync(bytes).toString('utf8')).toBe('');
  });

  it('refuses a visitor with 401 and a token without a profile with 404', async () => {
    await expectRawRefused(api(), 'GET', '/users/me/export/logs', {}, 401);
    await expectRawRefused(api(), 'GET', '/users/me/export/logs', { as: token('stranger') }, 404);
  });
});

describe('DELETE /users/me', () => {
  it('forgets the person in every audit entry that names them, whatever it is filed under, and shows them those entries until then', async () => {
    const group = async (name: string) => (await reply(as('admin').groups.$post({ json: { name } }))).json.id as string;
    const [fellows, faculty] = [await group('Fellows'), await group('Faculty')];
    const add = (id: string, email: string, role: 'member' | 'director') =>
      reply(as('admin').groups[':id'].members.$post({ param: { id }, json: { email, role } }));
    await add(fellows, 'learner@example.com', 'member');
    await add(faculty, 'LEARNER@example.com', 'director');
    await add(faculty, 'other@example.com', 'member');
    await reply(as('admin').groups[':id'].$delete({ param: { id: faculty } }));
    const exported = await (await api().app.request('/api/users/me/export', { headers: { authorization: `Bearer ${api().tokens.learner}` } })).json();
    const groupEntries = exported.audit.filter((e: { entity: string }) => e.entity === 'group');
    expect(groupEntries.map((e: { entityId: string; action: string }) => `${e.entityId} ${e.action}`).sort()).toEqual(
      [`${fellows} create`, `${faculty} create`, `${faculty} delete`].sort(),
    );
    expect(JSON.stringify(groupEntries)).not.toContain('other@example.com');
    expect((await reply(as('learner').users.me.$delete({}))).status).toBe(204);
    const named = (value: unknown): boolean =>
      typeof value === 'string'
        ? value === 'learner' || value.toLowerCase() === 'learner@example.com'
        : value !== null && typeof value === 'object' && Object.values(value).some(named);
    const rows = await db().select().from(audit);
    expect(rows.filter((row) => named(row.before) || named(row.after))).toEqual([]);
    // Other people in the same entries are still there: only the deleted person is taken out.
    const deleted = rows.find((row) => row.entityId === faculty && row.action === 'delete')!;
    expect(JSON.stringify(deleted.before)).toContain('other@example.com');
    expect(JSON.stringify(deleted.before)).toContain('"forgotten":true');
  });

  it('removes the profile and personal data, keeps the payments anonymised, and is audited', async () => {
    await reply(as('learner').users.me.billing.$put({ json: { address: 'Calle Sol 3, Sevilla', taxId: 'X1234567L' } }));
    const orderId = await buy();
    await history('learner');
    await history('other');
    await reply(as('learner').users.me.$patch({ json: { name: 'Lea Learner', contact: '+34 600' } }));
    const res = await reply(as('learner').users.me.$delete({}));
    expect(res.status).toBe(204);
    expect(await db().select().from(users).where(eq(users.id, 'learner'))).toEqual([]);
    expect(await db().select().from(attempts).where(eq(attempts.userId, 'learner'))).toEqual([]);
    expect(await db().select().from(certificates).where(eq(certificates.userId, 'learner'))).toEqual([]);
    expect(await db().select().from(groupMembers).where(eq(groupMembers.userId, 'learner'))).toEqual([]);
    expect(await db().select().from(attempts).where(eq(attempts.userId, 'other'))).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'COMPLETED',
      amount: 199,
      planId: 'plan-fetoscopy',
      buyerName: '',
      buyerEmail: '',
      buyerAddress: '',
      buyerTaxId: '',
      userId: expect.stringMatching(/^deleted-/),
    });
    const trail = await db().select().from(audit).where(eq(audit.entityId, 'learner'));
    expect(JSON.stringify(trail)).not.toMatch(/learner@example\.com|Lea Learner|\+34 600|Calle Sol|X1234567L/);
    expect(trail.find((e) => e.action === 'delete')).toMatchObject({ actor: 'learner', entity: 'user', after: null });
    // The receipt stays readable to administrators, naming no one.
    expect((await reply(as('admin').receipts[':orderId'].$get({ param: { orderId }, query: {} }))).json.buyer).toEqual({
      name: '',
      email: '',
      address: '',
      taxId: '',
    });
    expect((await reply(as('admin').users[':id'].$get({ param: { id: 'learner' } }))).status).toBe(404);
    await expectRefused(api(), (a) => a.as('learner').users.me.$delete(), 404);
  });

  it('refuses the last administrator with 409 last_admin, and lets an administrator go once another exists', async () => {
    await expectRefused(api(), (a) => a.as('admin').users.me.$delete(), 409, 'last_admin');
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, 'other'));
    const both = await Promise.all(['admin', 'other'].map((who) => reply(as(who).users.me.$delete())));
    expect(both.map((r) => r.status).sort()).toEqual([204, 409]);
    expect(await db().select().from(users).where(eq(users.isAdmin, true))).toHaveLength(1);
  });

  it('refuses a visitor with 401', async () => {
    await expectRefused(api(), (a) => a.as(null).users.me.$delete(), 401);
  });
});

describe('data exports under the real rate limit', () => {
  const limited = useApi({ RATE_LIMIT_SCALE: '1' });
  const slow = typedClient(limited);

  it('allows five an hour per user, then answers 429 with Retry-After; another user is not held back', async () => {
    for (let i = 0; i < 5; i += 1) expect((await slow.reply(slow.as('learner').users.me.export.$get())).status).toBe(200);
    const res = await expectRefused(limited(), (a) => a.as('learner').users.me.export.$get(), 429, 'too_many_requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await slow.reply(slow.as('other').users.me.export.$get())).status).toBe(200);
  });

  it('allows five downloads of the event logs an hour per user, then answers 429', async () => {
    for (let i = 0; i < 5; i += 1) expect((await slow.reply(slow.as('learner').users.me.export.logs.$get())).status).toBe(200);
    const res = await expectRawRefused(limited(), 'GET', '/users/me/export/logs', { as: 'learner' }, 429, 'too_many_requests');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
