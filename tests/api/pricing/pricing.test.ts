import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.ts';
import { token } from '../harness.ts';
import {
  auditTrail,
  CALLERS,
  expectRawRefused,
  expectRefused,
  HIDDEN_PLAN,
  SEEDED_COURSES,
  useApi,
  validPlan,
  VISIBLE_PLANS,
  typedClient,
} from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const nonAdmins = [
  ['anonymous', 401],
  ['learner', 403],
  ['other', 403],
] as const;
const ids = (plans: Array<{ id: string }>) => plans.map((p) => p.id);

describe('GET /pricing', () => {
  it.each(['anonymous', 'learner', 'other'] as const)('shows %s only the visible plans', async (who) => {
    const res = await reply(as(CALLERS[who]).pricing.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual(VISIBLE_PLANS);
    expect(res.json[0]).toEqual({
      id: 'plan-fetoscopy',
      title: 'Fetoscopy',
      price: 199,
      duration: 3,
      description: 'Three months of the fetoscopy simulator: every module and case.',
      courses: ['fetoscopy-simulator'],
      visibility: true,
      translations: expect.objectContaining({ ar: { title: 'تنظير الجنين', description: 'ثلاثة أشهر من محاكي تنظير الجنين: كل الوحدات وكل الحالات.' } }),
    });
  });

  it('shows an admin the hidden plans too', async () => {
    const res = await reply(as('admin').pricing.$get({ query: {} }));
    expect(ids(res.json)).toEqual([...VISIBLE_PLANS, HIDDEN_PLAN]);
    expect(res.json[2]).toMatchObject({ price: 49.99, visibility: false });
  });

  it.each([
    ['an expired admin token', token('admin', { expiresIn: -10 })],
    ['an admin token of another project', token('admin', { project: 'demo-elsewhere' })],
    ['a token of a signed-in user with no record', token('stranger')],
    ['garbage', 'not-a-token'],
  ])('treats %s as a visitor', async (_label, bearer) => {
    const res = await reply(as(bearer).pricing.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(ids(res.json)).toEqual(VISIBLE_PLANS);
  });
});

describe('POST /pricing', () => {
  it.each(nonAdmins)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).pricing.$post({ json: validPlan() }), status);
  });

  it('creates a plan, answers it with its id, lists it and records it', async () => {
    const res = await reply(as('admin').pricing.$post({ json: validPlan() }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), translations: {}, ...validPlan() });
    const listed = (await reply(as('learner').pricing.$get({ query: {} }))).json;
    expect(listed.at(-1)).toEqual(res.json);
    const [entry] = await auditTrail(api(), '?entity=plan');
    expect(entry).toMatchObject({ actor: 'admin', entityId: res.json.id, action: 'create', before: null, after: res.json });
  });

  it('keeps a hidden plan from learners and shows it to admins', async () => {
    const { json: plan } = await reply(as('admin').pricing.$post({ json: validPlan({ visibility: false }) }));
    expect(ids((await reply(as('learner').pricing.$get({ query: {} }))).json)).not.toContain(plan.id);
    expect(ids((await reply(as('admin').pricing.$get({ query: {} }))).json)).toContain(plan.id);
  });

  it.each([
    ['the smallest price', { price: 0.01 }],
    ['the largest price', { price: 1_000_000 }],
    ['a price with two decimals', { price: 19.99 }],
    ['a price with one decimal', { price: 1.1 }],
    ['one month', { duration: 1 }],
    ['120 months', { duration: 120 }],
    ['a 200-character title', { title: 'p'.repeat(200) }],
    ['no courses', { courses: [] }],
    ['every course', { courses: SEEDED_COURSES }],
  ])('accepts %s', async (_label, over) => {
    const res = await reply(as('admin').pricing.$post({ json: validPlan(over) }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(String), translations: {}, ...validPlan(over) });
  });

  it('trims the title and the description', async () => {
    const res = await reply(as('admin').pricing.$post({ json: validPlan({ title: `  ${'p'.repeat(200)}  `, description: ' d ' }) }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ title: 'p'.repeat(200), description: 'd' });
  });
});

/** Bodies every plan write refuses with 400 (the same schema for POST and PUT). */
const badPlans: Array<[string, { body?: unknown; raw?: string }, string?]> = [
  ['invalid JSON', { raw: '{"title": "x"' }, 'invalid_json'],
  ['an empty body', { raw: '' }, 'invalid_json'],
  ['a JSON array', { body: [validPlan()] }],
  ['a zero price', { body: validPlan({ price: 0 }) }],
  ['a negative price', { body: validPlan({ price: -5 }) }],
  ['a price with three decimals', { body: validPlan({ price: 1.005 }) }],
  ['a price of a tenth of a cent', { body: validPlan({ price: 0.001 }) }],
  ['a price over one million', { body: validPlan({ price: 1_000_000.01 }) }],
  ['a string price', { body: { ...validPlan(), price: '19.99' } }],
  ['a null price', { body: { ...validPlan(), price: null } }],
  ['an infinite price', { raw: JSON.stringify(validPlan()).replace('149.5', '1e999') }],
  ['a zero duration', { body: validPlan({ duration: 0 }) }],
  ['121 months', { body: validPlan({ duration: 121 }) }],
  ['a fractional duration', { body: validPlan({ duration: 1.5 }) }],
  ['a string duration', { body: { ...validPlan(), duration: '3' } }],
  ['an empty title', { body: validPlan({ title: '' }) }],
  ['a blank title', { body: validPlan({ title: '   ' }) }],
  ['a 201-character title', { body: validPlan({ title: 'p'.repeat(201) }) }],
  ['a 2001-character description', { body: validPlan({ description: 'd'.repeat(2001) }) }],
  ['no description', { body: (({ description: _, ...rest }) => rest)(validPlan()) }],
  ['courses as a string', { body: { ...validPlan(), courses: 'bronchoscopy' } }],
  ['an empty course id', { body: validPlan({ courses: [''] }) }],
  ['an unknown course id', { body: validPlan({ courses: ['bronchoscopy', 'ghost-course'] }) }],
  ['a course id with a NUL character', { body: validPlan({ courses: ['bronchoscopy\u0000'] }) }],
  ['a string visibility', { body: { ...validPlan(), visibility: 'false' } }],
  ['an unknown field', { body: { ...validPlan(), currency: 'EUR' } }],
  ['an id in the body', { body: { ...validPlan(), id: 'chosen' } }],
];

describe('plan bodies out of range', () => {
  it.each(badPlans)('POST refuses %s with 400', async (_label, opts, code) => {
    await expectRawRefused(api(), 'POST', '/pricing', { as: 'admin', ...opts }, 400, code);
  });

  it.each(badPlans)('PUT refuses %s with 400', async (_label, opts, code) => {
    await expectRawRefused(api(), 'PUT', '/pricing/plan-fetoscopy', { as: 'admin', ...opts }, 400, code);
  });

  it('names the unknown course in the message', async () => {
    const res = await expectRefused(api(), (a) => a.as('admin').pricing.$post({ json: validPlan({ courses: ['ghost-course'] }) }), 400);
    expect(res.json.message).toContain('ghost-course');
  });
});

describe('PUT /pricing/{id}', () => {
  it.each(nonAdmins)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan() }), status);
  });

  it('saves the plan, answers it and records before and after', async () => {
    const before = (await reply(as(null).pricing.$get({ query: {} }))).json[0]!;
    const res = await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan() }));
    expect(res).toMatchObject({ status: 200, json: { id: 'plan-fetoscopy', ...validPlan() } });
    expect((await reply(as(null).pricing.$get({ query: {} }))).json[0]).toEqual({ id: 'plan-fetoscopy', translations: before.translations, ...validPlan() });
    const [entry] = await auditTrail(api(), '?entity=plan&id=plan-fetoscopy');
    expect(entry).toMatchObject({ actor: 'admin', action: 'update', before, after: res.json });
  });

  it('takes back what GET answers: read, change one field, send it back, read the change', async () => {
    const plan = async () => (await reply(as('admin').pricing.$get({ query: { lang: 'en' } }))).json.find((p: { id: string }) => p.id === 'plan-fetoscopy')!;
    const read = await plan();
    const res = await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: { ...read, price: 12.5 } }));
    expect(res).toMatchObject({ status: 200, json: { ...read, price: 12.5 } });
    expect(await plan()).toEqual({ ...read, price: 12.5 });
  });

  it("refuses a body with another plan's id with 400 naming it, and changes nothing", async () => {
    const res = await expectRefused(
      api(),
      (a) => a.as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: { ...validPlan(), id: 'plan-complete' } }),
      400,
    );
    expect(res.json.issues).toEqual([{ path: 'id', message: expect.stringContaining('read-only') }]);
  });

  it('hides a plan from learners once visibility is false', async () => {
    await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan({ visibility: false }) }));
    expect(ids((await reply(as('learner').pricing.$get({ query: {} }))).json)).toEqual(['plan-complete']);
    expect(ids((await reply(as('admin').pricing.$get({ query: {} }))).json)).toContain('plan-fetoscopy');
  });

  it('answers 404 for an unknown id', async () => {
    await expectRefused(api(), (a) => a.as('admin').pricing[':id'].$put({ param: { id: 'nope' }, json: validPlan() }), 404);
  });
});

describe('DELETE /pricing/{id}', () => {
  it.each(nonAdmins)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).pricing[':id'].$delete({ param: { id: 'plan-fetoscopy' } }), status);
  });

  it('deletes the plan with 204, for admins and visitors alike, and records it', async () => {
    const before = (await reply(as(null).pricing.$get({ query: {} }))).json[0]!;
    const res = await reply(as('admin').pricing[':id'].$delete({ param: { id: 'plan-fetoscopy' } }));
    expect(res.status).toBe(204);
    expect(res.json).toBeNull();
    expect(ids((await reply(as('admin').pricing.$get({ query: {} }))).json)).toEqual(['plan-complete', HIDDEN_PLAN]);
    expect(ids((await reply(as(null).pricing.$get({ query: {} }))).json)).toEqual(['plan-complete']);
    const [entry] = await auditTrail(api(), '?entity=plan');
    expect(entry).toMatchObject({ actor: 'admin', entityId: 'plan-fetoscopy', action: 'delete', before, after: null });
  });

  it('answers 404 for an unknown id and for a second delete', async () => {
    await expectRefused(api(), (a) => a.as('admin').pricing[':id'].$delete({ param: { id: 'nope' } }), 404);
    await reply(as('admin').pricing[':id'].$delete({ param: { id: 'plan-pilot' } }));
    await expectRefused(api(), (a) => a.as('admin').pricing[':id'].$delete({ param: { id: 'plan-pilot' } }), 404);
  });

  it.each(['a%00b', 'x'.repeat(129)])('refuses the malformed id %s with 400', async (id) => {
    await expectRefused(api(), (a) => a.as('admin').pricing[':id'].$delete({ param: { id } }), 400);
  });
});

/** Gives `uid` subscriptions to the plans named, ending `days` from now (negative: ended). */
async function subscribe(uid: string, ...subs: Array<[planId: string, days: number]>) {
  const subscriptions = subs.map(([planId, days], i) => ({
    provider: 'test',
    plan_name: planId,
    product_id: planId,
    subscription_id: `${uid}-${planId}-${i}`,
    next_billing_time: { seconds: Math.floor(Date.now() / 1000) + days * 86_400, nanoseconds: 0 },
  }));
  await api().deps.db.db.update(users).set({ subscriptions }).where(eq(users.id, uid));
}

const launch = (who: string, course = 'fetoscopy-simulator') => reply(as(who).launch.$post({ json: { course, level: 1, case: 1 } }));

describe('a plan people hold: GET /pricing/{id}/subscribers, and what deleting or hiding it does', () => {
  it.each(nonAdmins)('refuses %s the count with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).pricing[':id'].subscribers.$get({ param: { id: 'plan-fetoscopy' } }), status);
  });

  it('counts the people holding the plan now: once each, expired subscriptions and other plans left out', async () => {
    await subscribe('learner', ['plan-fetoscopy', 30], ['plan-fetoscopy', 60], ['plan-complete', 30]);
    await subscribe('other', ['plan-fetoscopy', -1]);
    expect((await reply(as('admin').pricing[':id'].subscribers.$get({ param: { id: 'plan-fetoscopy' } }))).json).toEqual({
      planId: 'plan-fetoscopy',
      active: 1,
    });
    await subscribe('other', ['plan-fetoscopy', 1]);
    expect((await reply(as('admin').pricing[':id'].subscribers.$get({ param: { id: 'plan-fetoscopy' } }))).json).toEqual({
      planId: 'plan-fetoscopy',
      active: 2,
    });
    expect((await reply(as('admin').pricing[':id'].subscribers.$get({ param: { id: HIDDEN_PLAN } }))).json).toEqual({ planId: HIDDEN_PLAN, active: 0 });
    await expectRefused(api(), (a) => a.as('admin').pricing[':id'].subscribers.$get({ param: { id: 'nope' } }), 404);
  });

  it('refuses to delete a plan anyone holds (409, saying how many and to hide it), and changes nothing', async () => {
    await subscribe('learner', ['plan-fetoscopy', 30]);
    const res = await expectRefused(api(), (a) => a.as('admin').pricing[':id'].$delete({ param: { id: 'plan-fetoscopy' } }), 409);
    expect(res.json.message).toMatch(/^Active subscribers holding this plan: 1\. .*Hide it instead/);
    expect((await launch('learner')).status).toBe(201);
  });

  it('deletes a plan whose subscriptions have all ended', async () => {
    await subscribe('learner', ['plan-fetoscopy', -1]);
    expect((await reply(as('admin').pricing[':id'].$delete({ param: { id: 'plan-fetoscopy' } }))).status).toBe(204);
    expect((await launch('learner')).status).toBe(403);
  });

  it('hiding a plan stops its sale; its holders keep its courses until their subscription ends', async () => {
    await subscribe('learner', ['plan-fetoscopy', 30]);
    const plan = (await reply(as(null).pricing.$get({ query: {} }))).json[0]!;
    const { id, ...input } = plan;
    expect((await reply(as('admin').pricing[':id'].$put({ param: { id }, json: { ...input, visibility: false } }))).status).toBe(200);
    expect((await launch('learner')).status).toBe(201);
    await expectRefused(api(), (a) => a.as('other').payments.orders.$post({ json: { planId: id } }), 404);
    expect((await launch('other')).status).toBe(403);
    await subscribe('learner', ['plan-fetoscopy', -1]);
    expect((await launch('learner')).status).toBe(403);
  });
});
