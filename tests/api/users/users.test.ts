import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { users } from '../../../src/server/db/schema.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';
import { token } from '../harness.ts';
import { auditTrail, CALLERS, expectRawRefused, expectRefused, useApi, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

const LEARNER = {
  id: 'learner',
  email: 'learner@example.com',
  name: 'Lea Learner',
  contact: '',
  isAdmin: false,
  isPremium: false,
  isExpert: false,
  subscriptions: [],
};
const subscription = (over: Record<string, unknown> = {}) => ({
  provider: 'admin@example.com',
  plan_name: 'plan-fetoscopy - Admin - Provided',
  product_id: 'plan-fetoscopy',
  subscription_id: 'sub-123',
  next_billing_time: { seconds: 1_900_000_000, nanoseconds: 0 },
  ...over,
});
const save = (over: Record<string, unknown> = {}) => ({ isAdmin: false, isPremium: false, subscriptions: [], ...over });

async function adminCount(): Promise<number> {
  const rows = await api()
    .deps.db.db.select({ id: users.id })
    .from(users)
    .where(sql`${users.isAdmin}`);
  return rows.length;
}

describe('GET /users', () => {
  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
  ] as const)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).users.$get({ query: {} }), status);
  });

  it('lists every user for an admin, with the full record', async () => {
    const res = await reply(as('admin').users.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.json.map((u: { id: string }) => u.id).sort()).toEqual(['admin', 'learner', 'other']);
    expect(res.json.find((u: { id: string }) => u.id === 'learner')).toEqual({ ...LEARNER, termsVersion: null });
  });

  it('refuses a caller with a valid token but no user record', async () => {
    await expectRefused(api(), (a) => a.as(token('stranger')).users.$get({ query: {} }), 403);
  });

  it.each([
    ['the exact address', 'learner@example.com', ['learner']],
    ['another case', 'LEARNER@Example.COM', ['learner']],
    ['surrounding spaces', ' learner@example.com ', ['learner']],
    ['an unknown address', 'nobody@example.com', []],
    ['a part of an address', 'learner', []],
    ['a LIKE wildcard', '%', []],
    ['a LIKE single-character wildcard', '_earner@example.com', []],
  ])('finds by email with %s', async (_label, email, ids) => {
    const res = await reply(as('admin').users.$get({ query: { email } }));
    expect(res.status).toBe(200);
    expect(res.json.map((u: { id: string }) => u.id)).toEqual(ids);
  });

  it('matches an address stored with capitals', async () => {
    await api()
      .deps.db.db.update(users)
      .set({ email: 'Otto.Other@Example.com' })
      .where(sql`${users.id} = 'other'`);
    const res = await reply(as('admin').users.$get({ query: { email: 'otto.other@example.com' } }));
    expect(res.json.map((u: { id: string }) => u.id)).toEqual(['other']);
  });

  it('pages with limit and offset', async () => {
    const all = (await reply(as('admin').users.$get({ query: {} }))).json.map((u: { id: string }) => u.id);
    const first = await reply(as('admin').users.$get({ query: { limit: '2' } }));
    const rest = await reply(as('admin').users.$get({ query: { limit: '2', offset: '2' } }));
    expect([...first.json, ...rest.json].map((u: { id: string }) => u.id)).toEqual(all);
    expect(first.json).toHaveLength(2);
  });

  it.each(['limit=abc', 'limit=0', 'limit=501', 'limit=1.5', 'offset=-1', 'role=admin', 'email=a%00b', `email=${'a'.repeat(321)}`])(
    'refuses the query %s with 400',
    async (query) => {
      await expectRawRefused(api(), 'GET', `/users?${query}`, { as: 'admin' }, 400);
    },
  );
});

describe('GET /users/{id}', () => {
  it('answers a learner with their own record', async () => {
    const res = await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }));
    expect(res).toMatchObject({ status: 200, json: LEARNER });
  });

  it.each([
    ['anonymous', 'learner', 401],
    ['other', 'learner', 403],
    ['learner', 'other', 403],
    ['learner', 'admin', 403],
    ['learner', 'nobody', 403],
  ] as const)('refuses %s reading %s with %i', async (who, id, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).users[':id'].$get({ param: { id } }), status);
  });

  it('lets an admin read anyone', async () => {
    for (const id of ['learner', 'other', 'admin']) {
      const res = await reply(as('admin').users[':id'].$get({ param: { id } }));
      expect(res.status).toBe(200);
      expect(res.json.id).toBe(id);
    }
  });

  it('answers 404 for an unknown id (admin) and for a signed-in user with no record yet (Google first sign-in)', async () => {
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$get({ param: { id: 'nobody' } }), 404);
    await expectRefused(api(), (a) => a.as(token('newcomer')).users[':id'].$get({ param: { id: 'newcomer' } }), 404);
  });

  it.each([['a%00b'], ['x'.repeat(129)]])('refuses the id %s with 400', async (id) => {
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$get({ param: { id } }), 400);
  });
});

describe('POST /users', () => {
  const newcomer = token('newcomer', { email: 'newcomer@example.com' });
  const terms = { acceptedTerms: TERMS_VERSION } as const;

  it('creates the caller own record, with isAdmin and isPremium false whatever the body says', async () => {
    const body = {
      ...terms,
      id: 'newcomer',
      email: 'newcomer@example.com',
      isAdmin: true,
      isPremium: true,
      contact: ' +54 11 5555 0000 ',
      name: '  Nora Newcomer ',
    };
    const res = await reply(as(newcomer).users.$post({ header: {}, json: body }));
    const expected = {
      id: 'newcomer',
      email: 'newcomer@example.com',
      name: 'Nora Newcomer',
      contact: '+54 11 5555 0000',
      isAdmin: false,
      isPremium: false,
      isExpert: false,
      subscriptions: [],
      termsVersion: TERMS_VERSION,
    };
    expect(res).toMatchObject({ status: 201, json: expected });
    expect((await reply(as(newcomer).users[':id'].$get({ param: { id: 'newcomer' } }))).json).toEqual(expected);
    // Still no admin rights: the forced false holds.
    await expectRefused(api(), (a) => a.as(newcomer).users.$get({ query: {} }), 403);
  });

  it('records the terms version accepted and when, shown in the data export; without it the profile is not made', async () => {
    const missing = await api().call('POST', '/users', { as: newcomer, body: { id: 'newcomer', email: 'newcomer@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.json.issues).toEqual([expect.objectContaining({ path: 'acceptedTerms' })]);
    const before = Date.now();
    expect((await reply(as(newcomer).users.$post({ header: {}, json: { ...terms, id: 'newcomer', email: 'newcomer@example.com' } }))).status).toBe(201);
    const [row] = await api()
      .deps.db.db.select()
      .from(users)
      .where(sql`${users.id} = 'newcomer'`);
    expect(row!.termsVersion).toBe(TERMS_VERSION);
    expect(row!.termsAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const exported = (await reply(as(newcomer).users.me.export.$get())).json;
    expect(exported.consent).toEqual({ termsVersion: TERMS_VERSION, acceptedAt: row!.termsAcceptedAt!.toISOString() });
    // Profiles made before consent was asked say so rather than inventing an acceptance.
    expect((await reply(as('learner').users.me.export.$get())).json.consent).toBeNull();
  });

  it('accepts a Google first sign-in (id, email, isAdmin only)', async () => {
    const res = await reply(as(newcomer).users.$post({ header: {}, json: { ...terms, id: 'newcomer', email: 'newcomer@example.com', isAdmin: false } }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: 'newcomer',
      email: 'newcomer@example.com',
      name: '',
      contact: '',
      isAdmin: false,
      isPremium: false,
      isExpert: false,
      subscriptions: [],
      termsVersion: TERMS_VERSION,
    });
  });

  it('accepts the account address in another case', async () => {
    const res = await reply(as(newcomer).users.$post({ header: {}, json: { ...terms, id: 'newcomer', email: 'NewComer@Example.com' } }));
    expect(res.status).toBe(201);
  });

  it('refuses anonymous callers with 401', async () => {
    await expectRefused(api(), (a) => a.as(null).users.$post({ header: {}, json: { ...terms, id: 'newcomer', email: 'newcomer@example.com' } }), 401);
  });

  it.each([
    ['learner', 'another uid', { ...terms, id: 'newcomer', email: 'newcomer@example.com' }],
    ['learner', 'another learner', { ...terms, id: 'other', email: 'other@example.com' }],
    ['other', 'another learner', { ...terms, id: 'learner', email: 'learner@example.com' }],
    ['admin', 'someone else', { ...terms, id: 'newcomer', email: 'newcomer@example.com' }],
  ] as const)('refuses %s creating the record of %s with 403', async (who, _label, body) => {
    await expectRefused(api(), (a) => a.as(who).users.$post({ header: {}, json: body }), 403);
  });

  it('answers 409 to another learner posting their own existing record', async () => {
    await expectRefused(
      api(),
      (a) => a.as('other').users.$post({ header: {}, json: { ...terms, id: 'other', email: 'other@example.com', isAdmin: false } }),
      409,
    );
  });

  it('answers 409 to a second POST for the same uid and keeps the first record', async () => {
    await expectRefused(
      api(),
      (a) => a.as('learner').users.$post({ header: {}, json: { ...terms, id: 'learner', email: 'learner@example.com', name: 'Changed Name' } }),
      409,
    );
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json).toEqual({ ...LEARNER, termsVersion: null });
  });

  it('answers 409 to a repeated sign-up even when it claims isAdmin (an admin stays admin)', async () => {
    await expectRefused(
      api(),
      (a) => a.as('admin').users.$post({ header: {}, json: { ...terms, id: 'admin', email: 'admin@example.com', isAdmin: false } }),
      409,
    );
    expect((await reply(as('admin').users[':id'].$get({ param: { id: 'admin' } }))).json.isAdmin).toBe(true);
  });

  it('refuses an email that is not the signed-in account address', async () => {
    await expectRefused(api(), (a) => a.as(newcomer).users.$post({ header: {}, json: { ...terms, id: 'newcomer', email: 'someone.else@example.com' } }), 400);
  });

  it.each([
    ['invalid JSON', { raw: '{"id": "newcomer",' }, 'invalid_json'],
    ['a JSON array', { body: [] }],
    ['a number id', { body: { ...terms, id: 42, email: 'newcomer@example.com' } }],
    ['a string isAdmin', { body: { ...terms, id: 'newcomer', email: 'newcomer@example.com', isAdmin: 'no' } }],
    ['no email', { body: { ...terms, id: 'newcomer' } }],
    ['an invalid email', { body: { ...terms, id: 'newcomer', email: 'not-an-email' } }],
    ['an empty id', { body: { ...terms, id: '', email: 'newcomer@example.com' } }],
    ['an unknown field', { body: { ...terms, id: 'newcomer', email: 'newcomer@example.com', subscriptions: [] } }],
    ['a role field', { body: { ...terms, id: 'newcomer', email: 'newcomer@example.com', role: 'admin' } }],
    ['a contact over 50 characters', { body: { ...terms, id: 'newcomer', email: 'newcomer@example.com', contact: '1'.repeat(51) } }],
    ['a name over 401 characters', { body: { ...terms, id: 'newcomer', email: 'newcomer@example.com', name: 'n'.repeat(402) } }],
    ['no accepted terms', { body: { id: 'newcomer', email: 'newcomer@example.com', name: 'Nora' } }],
    ['terms accepted as a boolean', { body: { id: 'newcomer', email: 'newcomer@example.com', acceptedTerms: true } }],
    ['an older terms version', { body: { id: 'newcomer', email: 'newcomer@example.com', acceptedTerms: '2020-01-01' } }],
    ['a name with a NUL character', { body: { ...terms, id: 'newcomer', email: 'newcomer@example.com', name: 'Nora\u0000' } }],
  ])('refuses %s with 400', async (_label, opts, code?: string) => {
    await expectRawRefused(api(), 'POST', '/users', { as: newcomer, ...opts }, 400, code);
  });
});

describe('PUT /users/{id}', () => {
  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
  ] as const)('refuses %s with %i', async (who, status) => {
    await expectRefused(
      api(),
      (a) => a.as(CALLERS[who]).users[':id'].$put({ param: { id: 'learner' }, json: save({ isPremium: true, isAdmin: true }) }),
      status,
    );
  });

  it('lets an admin grant premium and a subscription, and records it in the audit', async () => {
    const body = { ...LEARNER, isPremium: true, subscriptions: [subscription()] };
    const res = await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: body }));
    expect(res).toMatchObject({ status: 200, json: body });
    expect((await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json).toEqual({ ...body, termsVersion: null });
    const [entry] = await auditTrail(api(), '?entity=user&id=learner');
    expect(entry).toMatchObject({
      actor: 'admin',
      actorEmail: 'admin@example.com',
      entity: 'user',
      entityId: 'learner',
      action: 'update',
      before: LEARNER,
      after: body,
    });
  });

  it('takes back what GET answers: read, change one field, send it back, read the change', async () => {
    await api()
      .deps.db.db.update(users)
      .set({ termsVersion: TERMS_VERSION })
      .where(sql`${users.id} = 'learner'`);
    const read = await reply(as('admin').users[':id'].$get({ param: { id: 'learner' } }));
    expect(read.json).toEqual({ ...LEARNER, termsVersion: TERMS_VERSION });
    const res = await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { ...read.json, isPremium: true } }));
    expect(res).toEqual({ status: 200, json: { ...read.json, isPremium: true }, headers: expect.anything() });
    expect((await reply(as('admin').users[':id'].$get({ param: { id: 'learner' } }))).json).toEqual({ ...read.json, isPremium: true });
  });

  it.each([
    ['id', 'someone-else'],
    ['email', 'changed@example.com'],
    ['termsVersion', TERMS_VERSION],
  ])('refuses a body that would change the read-only %s with 400 naming it, and changes nothing', async (field, value) => {
    const res = await expectRefused(
      api(),
      (a) => a.as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { ...LEARNER, isPremium: true, [field]: value } }),
      400,
    );
    expect(res.json.issues).toEqual([{ path: field, message: expect.stringContaining('read-only') }]);
  });

  it('makes another user an admin, who can then use admin routes', async () => {
    expect((await reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: save({ isAdmin: true }) }))).status).toBe(200);
    expect((await reply(as('other').users.$get({ query: {} }))).status).toBe(200);
  });

  it('answers 404 for an unknown id', async () => {
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$put({ param: { id: 'nobody' }, json: save() }), 404);
  });

  it('refuses to take the admin flag from the last admin with 409 last_admin', async () => {
    await expectRefused(api(), (a) => a.as('admin').users[':id'].$put({ param: { id: 'admin' }, json: save({ isPremium: true }) }), 409, ErrorCode.lastAdmin);
    expect(await adminCount()).toBe(1);
  });

  it('lets an admin step down once there is another admin, then protects the new last admin', async () => {
    await reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: save({ isAdmin: true }) }));
    expect((await reply(as('admin').users[':id'].$put({ param: { id: 'admin' }, json: save() }))).status).toBe(200);
    await expectRefused(api(), (a) => a.as('other').users[':id'].$put({ param: { id: 'other' }, json: save() }), 409, ErrorCode.lastAdmin);
    // The former admin lost the role at once.
    await expectRefused(api(), (a) => a.as('admin').users.$get({ query: {} }), 403);
  });

  it('keeps one admin when the last two are demoted at the same time (repeated: it is a race)', async () => {
    for (let round = 0; round < 10; round++) {
      await api()
        .deps.db.db.update(users)
        .set({ isAdmin: true })
        .where(sql`${users.id} in ('admin', 'other')`);
      const results = await Promise.all([
        reply(as('other').users[':id'].$put({ param: { id: 'admin' }, json: save() })),
        reply(as('admin').users[':id'].$put({ param: { id: 'other' }, json: save() })),
      ]);
      // One wins; the other is refused as the last admin (409), or finds its caller no longer an admin (403).
      const [won, lost] = results.sort((a, b) => a.status - b.status);
      expect(won!.status).toBe(200);
      expect([403, 409]).toContain(lost!.status);
      expect(Object.keys(lost!.json)).toEqual(['error', 'message']);
      expect(await adminCount()).toBe(1);
    }
  });

  it.each([
    ['invalid JSON', { raw: '{"isAdmin": false' }, 'invalid_json'],
    ['an empty body', { raw: '' }, 'invalid_json'],
    ['no isPremium', { body: { isAdmin: false, subscriptions: [] } }],
    ['a string isPremium', { body: save({ isPremium: 'true' }) }],
    ['subscriptions as an object', { body: save({ subscriptions: {} }) }],
    ['an unknown field', { body: save({ role: 'admin' }) }],
    ['an unknown subscription field', { body: save({ subscriptions: [subscription({ price: 10 })] }) }],
    ['a subscription without provider', { body: save({ subscriptions: [subscription({ provider: '' })] }) }],
    ['nanoseconds out of range', { body: save({ subscriptions: [subscription({ next_billing_time: { seconds: 1, nanoseconds: 1_000_000_000 } })] }) }],
    ['negative seconds', { body: save({ subscriptions: [subscription({ next_billing_time: { seconds: -1, nanoseconds: 0 } })] }) }],
    ['over 200 subscriptions', { body: save({ subscriptions: Array.from({ length: 201 }, (_, i) => subscription({ subscription_id: `s${i}` })) }) }],
    ['a NUL character in a subscription', { body: save({ subscriptions: [subscription({ provider: 'Pay\u0000pal' })] }) }],
  ])('refuses %s with 400', async (_label, opts, code?: string) => {
    await expectRawRefused(api(), 'PUT', '/users/learner', { as: 'admin', ...opts }, 400, code);
  });
});
