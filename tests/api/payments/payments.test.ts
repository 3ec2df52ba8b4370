import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addMonthsClamped, toDate } from '../../../src/domain/time.ts';
import { createApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { orders, users } from '../../../src/server/db/schema.ts';
import { createDeps } from '../../../src/server/services.ts';
import { seededImage, token } from '../harness.ts';
import { auditTrail, expectRawRefused, expectRefused, PRODUCTION_ENV, useApi, validPlan, typedClient } from '../support.ts';

const api = useApi({ PAYPAL_TIMEOUT_MS: '300' });
const { as, reply } = typedClient(api);
const standIn = () => api().deps.paypalStandIn!;
const db = () => api().deps.db.db;

beforeEach(() => standIn().reset());

async function createOrder(buyer = 'learner', planId = 'plan-fetoscopy'): Promise<string> {
  const res = await reply(as(buyer).payments.orders.$post({ json: { planId } }));
  expect(res.status).toBe(201);
  return res.json.id;
}

/** Creates an order, approves it as the buyer would in PayPal, and captures it. */
async function buy(buyer = 'learner', planId = 'plan-fetoscopy') {
  const id = await createOrder(buyer, planId);
  expect(standIn().approve(id)).toBe(true);
  return { id, res: await reply(as(buyer).payments.orders[':orderId'].capture.$post({ param: { orderId: id } })) };
}

const subscriptionsOf = async (uid: string) => (await db().select().from(users).where(eq(users.id, uid)))[0]!.subscriptions;
const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];

describe('POST /payments/orders', () => {
  it('creates a PayPal order at the plan price from our database and stores it for the buyer', async () => {
    const res = await reply(as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }));
    expect(res).toMatchObject({ status: 201, json: { id: expect.any(String), status: 'CREATED' } });
    expect(await orderRow(res.json.id)).toMatchObject({
      userId: 'learner',
      planId: 'plan-fetoscopy',
      amount: 199,
      currency: 'USD',
      status: 'CREATED',
      subscriptionId: null,
    });
    const atPaypal = await api().deps.paypal.getOrder(res.json.id);
    expect(atPaypal.purchase_units?.[0]).toEqual({
      reference_id: 'plan-fetoscopy',
      description: 'Subscripcion a Fetoscopy-Fetal Surgery Academy',
      amount: { currency_code: 'USD', value: '199.00' },
    });
  });

  it('sends cents as PayPal expects them', async () => {
    const plan = (await reply(as('admin').pricing.$post({ json: validPlan({ price: 19.9 }) }))).json;
    const id = await createOrder('learner', plan.id);
    expect((await api().deps.paypal.getOrder(id)).purchase_units?.[0]?.amount).toEqual({ currency_code: 'USD', value: '19.90' });
  });

  it('refuses a visitor with 401', async () => {
    await expectRefused(api(), (a) => a.as(null).payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }), 401);
  });
  it('refuses a signed-in account with no profile with 403', async () => {
    await expectRefused(api(), (a) => a.as(token('stranger')).payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }), 403);
  });
  it.each([
    ['an unknown plan', 'plan-ghost'],
    ['a hidden plan', 'plan-pilot'],
  ])('refuses %s with 404, even to an admin', async (_label, planId) => {
    await expectRefused(api(), (a) => a.as('learner').payments.orders.$post({ json: { planId } }), 404);
    await expectRefused(api(), (a) => a.as('admin').payments.orders.$post({ json: { planId } }), 404);
  });
  it.each([
    ['no plan', {}],
    ['a price from the browser', { planId: 'plan-fetoscopy', amount: '0.01' }],
    ['a numeric plan id', { planId: 7 }],
  ])('refuses a body with %s with 400', async (_label, body) => {
    await expectRawRefused(api(), 'POST', '/payments/orders', { as: 'learner', body }, 400);
  });

  it('answers 502 when PayPal answers an error, and 504 when it does not answer, storing nothing', async () => {
    standIn().misbehave({ on: 'create', kind: 'error' });
    const failed = await expectRefused(api(), (a) => a.as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }), 502, 'payment_failed');
    expect(failed.json.message).toMatch(/nothing was added/);
    standIn().misbehave({ on: 'create', kind: 'timeout' });
    await expectRefused(api(), (a) => a.as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }), 504, 'payment_timeout');
  });
});

describe('POST /payments/orders/{id}/capture', () => {
  it('captures, then adds a PayPal subscription for the plan to the buyer', async () => {
    const before = Date.now();
    const { id, res } = await buy();
    expect(res.status).toBe(200);
    const sub = res.json.subscription!;
    expect(sub).toEqual({
      provider: 'Paypal',
      plan_name: 'Fetal Surgery Academy - Fetoscopy',
      product_id: 'plan-fetoscopy',
      subscription_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      next_billing_time: { seconds: expect.any(Number), nanoseconds: expect.any(Number) },
    });
    const end = toDate(sub.next_billing_time).getTime();
    expect(end).toBeGreaterThanOrEqual(addMonthsClamped(new Date(before), 3).getTime());
    expect(end).toBeLessThanOrEqual(addMonthsClamped(new Date(), 3).getTime());
    expect(res.json).toMatchObject({ orderId: id, status: 'COMPLETED', user: { id: 'learner', subscriptions: [sub] } });
    expect(await subscriptionsOf('learner')).toEqual([sub]);
    expect(await orderRow(id)).toMatchObject({ status: 'COMPLETED', subscriptionId: sub.subscription_id, capturedAt: expect.any(Date) });
    const [entry] = await auditTrail(api(), '?entity=user&id=learner');
    expect(entry).toMatchObject({ actor: 'learner', action: 'update', after: { subscriptions: [sub] } });
  });

  it('opens the plan courses and only those', async () => {
    const launch = (course: string) => reply(as('learner').launch.$post({ json: { course, level: 1, case: 1 } }));
    expect((await launch('fetoscopy-simulator')).status).toBe(403);
    await buy();
    expect((await launch('fetoscopy-simulator')).status).toBe(201);
    expect((await launch('bronchoscopy')).status).toBe(403);
  });

  it('adds one subscription when the same order is captured twice, one after the other or at once', async () => {
    const { id, res } = await buy();
    const again = await reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }));
    expect(again).toMatchObject({ status: 200, json: { subscription: res.json.subscription } });
    const second = await createOrder('other', 'plan-complete');
    standIn().approve(second);
    const both = await Promise.all([1, 2].map(() => reply(as('other').payments.orders[':orderId'].capture.$post({ param: { orderId: second } }))));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await subscriptionsOf('learner')).toHaveLength(1);
    expect(await subscriptionsOf('other')).toHaveLength(1);
    expect(both[0]!.json.subscription).toEqual(both[1]!.json.subscription);
  });

  it("refuses someone else's order with 403 and an unknown one with 404", async () => {
    const id = await createOrder();
    standIn().approve(id);
    await expectRefused(api(), (a) => a.as('other').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), 403);
    await expectRefused(api(), (a) => a.as('admin').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), 403);
    await expectRefused(api(), (a) => a.as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: 'NOSUCHORDER' } }), 404);
    await expectRefused(api(), (a) => a.as(null).payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), 401);
    expect((await api().deps.paypal.getOrder(id)).status).toBe('APPROVED');
  });

  it('refuses an order the buyer has not approved in PayPal', async () => {
    const id = await createOrder();
    await expectRefused(api(), (a) => a.as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), 409, 'payment_not_approved');
  });

  it.each([
    [
      'hidden',
      () =>
        reply(
          as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: { ...validPlan(), title: 'Fetoscopy', price: 199, visibility: false } }),
        ),
    ],
    ['deleted', () => reply(as('admin').pricing[':id'].$delete({ param: { id: 'plan-fetoscopy' } }))],
    ['repriced', () => reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan({ price: 99 }) }))],
  ])('refuses, without capturing, an order for a plan %s since it was created', async (_label, change) => {
    const id = await createOrder();
    standIn().approve(id);
    expect((await change()).status).toBeLessThan(300);
    await expectRefused(api(), (a) => a.as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), 409, 'plan_unavailable');
    expect((await api().deps.paypal.getOrder(id)).status).toBe('APPROVED');
    expect(await subscriptionsOf('learner')).toEqual([]);
  });

  it('adds no subscription when PayPal captured another amount, and keeps refusing that order', async () => {
    const id = await createOrder();
    standIn().approve(id);
    standIn().misbehave({ on: 'capture', kind: 'amount', value: '1.00' });
    const res = await reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }));
    expect(res).toMatchObject({ status: 409, json: { error: 'payment_mismatch', message: expect.stringContaining('amount 1.00 instead of 199.00') } });
    expect(await orderRow(id)).toMatchObject({ status: 'MISMATCH', subscriptionId: null });
    await expectRefused(api(), (a) => a.as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), 409, 'payment_mismatch');
    expect(await subscriptionsOf('learner')).toEqual([]);
  });

  it.each([
    ['answers an error', { kind: 'error' } as const, 502, 'payment_failed'],
    ['does not answer in time', { kind: 'timeout' } as const, 504, 'payment_timeout'],
  ])('adds nothing when PayPal %s, and a retry then succeeds once', async (_label, how, status, code) => {
    const id = await createOrder();
    standIn().approve(id);
    standIn().misbehave({ on: 'capture', ...how });
    const res = await expectRefused(api(), (a) => a.as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }), status, code);
    expect(res.json.message).toMatch(/nothing was added/);
    expect((await reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }))).status).toBe(200);
    expect(await subscriptionsOf('learner')).toHaveLength(1);
  });

  it('adds one subscription when PayPal captured but the answer was lost, asking again under the same PayPal-Request-Id', async () => {
    const id = await createOrder();
    standIn().approve(id);
    standIn().misbehave({ on: 'capture', kind: 'lost' });
    const res = await reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }));
    expect(res.status).toBe(200);
    expect(await subscriptionsOf('learner')).toEqual([res.json.subscription]);
    expect(await orderRow(id)).toMatchObject({ status: 'COMPLETED', subscriptionId: res.json.subscription!.subscription_id });
  });

  it('refuses a malformed order id with 400', async () => {
    await expectRefused(api(), (a) => a.as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: 'x'.repeat(65) } }), 400);
  });
});

describe('paying again for a plan already held', () => {
  it('extends the subscription from its end date instead of adding a second one', async () => {
    const first = (await buy()).res.json.subscription!;
    const { id, res } = await buy();
    expect(res.status).toBe(200);
    const extended = res.json.subscription!;
    expect(extended).toEqual({ ...first, next_billing_time: expect.any(Object) });
    expect(toDate(extended.next_billing_time)).toEqual(addMonthsClamped(toDate(first.next_billing_time), 3));
    expect(await subscriptionsOf('learner')).toEqual([extended]);
    expect(await orderRow(id)).toMatchObject({ status: 'COMPLETED', subscriptionId: first.subscription_id });
  });

  it('extends a subscription that ends on the 31st by the month-end rule', async () => {
    const held = {
      provider: 'Paypal',
      plan_name: 'Fetal Surgery Academy - Fetoscopy',
      product_id: 'plan-fetoscopy',
      subscription_id: 'held',
      next_billing_time: { seconds: Date.UTC(2099, 0, 31, 9) / 1000, nanoseconds: 0 },
    };
    await db()
      .update(users)
      .set({ subscriptions: [held] })
      .where(eq(users.id, 'learner'));
    const { res } = await buy();
    expect(toDate(res.json.subscription!.next_billing_time).toISOString()).toBe('2099-04-30T09:00:00.000Z');
    expect(await subscriptionsOf('learner')).toHaveLength(1);
  });

  it('starts afresh after an expired subscription, keeping the expired one, and leaves other plans alone', async () => {
    const expired = {
      provider: 'Paypal',
      plan_name: 'Fetal Surgery Academy - Fetoscopy',
      product_id: 'plan-fetoscopy',
      subscription_id: 'old',
      next_billing_time: { seconds: 1_000_000, nanoseconds: 0 },
    };
    await db()
      .update(users)
      .set({ subscriptions: [expired] })
      .where(eq(users.id, 'learner'));
    const complete = (await buy('learner', 'plan-complete')).res.json.subscription;
    const { res } = await buy();
    expect(res.json.subscription!.subscription_id).not.toBe('old');
    expect(await subscriptionsOf('learner')).toEqual([expired, complete, res.json.subscription]);
  });

  it('adds the two periods up when two orders for the same plan are captured at once', async () => {
    const ids = [await createOrder(), await createOrder()];
    for (const id of ids) standIn().approve(id);
    const before = new Date();
    const both = await Promise.all(ids.map((id) => reply(as('learner').payments.orders[':orderId'].capture.$post({ param: { orderId: id } }))));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const [only, ...rest] = await subscriptionsOf('learner');
    expect(rest).toEqual([]);
    const end = toDate(only!.next_billing_time).getTime();
    expect(end).toBeGreaterThanOrEqual(addMonthsClamped(addMonthsClamped(before, 3), 3).getTime());
    expect(end).toBeLessThanOrEqual(addMonthsClamped(addMonthsClamped(new Date(), 3), 3).getTime());
    expect((await Promise.all(ids.map(orderRow))).map((o) => o?.subscriptionId)).toEqual([only!.subscription_id, only!.subscription_id]);
  });
});

describe('the PayPal stand-in and the public configuration', () => {
  it('serves the stand-in SDK and tells the browser that payments are test payments', async () => {
    const config = await reply(as(null).config.$get({}));
    expect(config.json.paypal).toEqual({ clientId: 'standin', sdkBaseUrl: '/api/sandbox/paypal/sdk/js', environment: 'sandbox', testPayments: true });
    const sdk = await api().app.request('/api/sandbox/paypal/sdk/js?client-id=standin&currency=USD');
    expect(sdk.headers.get('content-type')).toMatch(/javascript/);
    expect(await sdk.text()).toContain('window.paypal');
  });

  it("serves the stand-in's approval step in the language the page asked PayPal for, English otherwise", async () => {
    const source = async (query: string) => (await api().app.request(`/api/sandbox/paypal/sdk/js?client-id=standin${query}`)).text();
    expect(await source('&locale=ar_EG')).toContain(JSON.stringify('ادفع الآن'));
    expect(await source('&locale=pt_BR')).toContain('"Pagar agora"');
    expect(await source('')).toContain('"Pay now"');
    expect(await source('&locale=xx_YY')).toContain('"Pay now"');
  });

  it('is never mounted, nor advertised, when PayPal credentials are set: the server talks to PayPal itself', async () => {
    // The dependencies are built by the server's own createDeps from the configuration, so the switch under test is the
    // real one; on the seeded database's image, as every API test's server (migrating and seeding a new one took more
    // than the test's 30 s beside the browser journeys on a busy machine).
    const config = loadConfig({ PAYPAL_CLIENT_ID: 'live-id', PAYPAL_CLIENT_SECRET: 'live-secret', PAYPAL_ENV: 'live' });
    const deps = await createDeps(config, { inMemory: true, image: await seededImage() });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url} ${new Headers(init?.headers).get('authorization') ?? ''}`);
      return new Response(JSON.stringify({ name: 'SERVICE_UNAVAILABLE' }), { status: 503, headers: { 'content-type': 'application/json' } });
    });
    try {
      expect(deps.paypalStandIn).toBeNull();
      const app = createApp(deps);
      expect((await app.request('/api/sandbox/paypal/sdk/js')).status).toBe(404);
      expect((await app.request('/api/sandbox/paypal/v1/oauth2/token', { method: 'POST' })).status).toBe(404);
      expect((await (await app.request('/api/config')).json()).paypal).toEqual({
        clientId: 'live-id',
        sdkBaseUrl: null,
        environment: 'production',
        testPayments: false,
      });
      await expect(deps.paypal.getOrder('ORDER-1')).rejects.toMatchObject({ kind: 'http', status: 503 });
      expect(calls).toEqual([`POST https://api-m.paypal.com/v1/oauth2/token Basic ${Buffer.from('live-id:live-secret').toString('base64')}`]);
    } finally {
      vi.unstubAllGlobals();
      await deps.db.close();
    }
  });

  it('refuses to start in production without PayPal credentials, or with half of them', () => {
    const env = { ...PRODUCTION_ENV, PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' };
    expect(() => loadConfig(env)).toThrow(/PAYPAL_CLIENT_ID/);
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'only-id' })).toThrow(/PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ PAYPAL_ENV: 'production' })).toThrow(/PAYPAL_ENV/);
    expect(loadConfig({ ...env, PAYPAL_CLIENT_ID: 'i', PAYPAL_CLIENT_SECRET: 's' }).paypal).toMatchObject({ clientId: 'i', env: 'sandbox' });
  });
});
