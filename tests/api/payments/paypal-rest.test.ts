import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, users } from '../../../src/server/db/schema.ts';
import { startPaypalFake, type CapturedOrder, type PaypalFake } from '../../production/fakes.ts';
import { testApi, type TestApi } from '../harness.ts';

/**
 * Payments through PayPal's REST API over HTTP, as production makes them: credentials set, so the server's own switch
 * picks its PayPal client and sends every call to PAYPAL_API_URL, here a fake speaking Orders v2.
 */
let paypal: PaypalFake;
let api: TestApi;

beforeAll(async () => {
  paypal = await startPaypalFake('rest-client', 'rest-secret');
  api = await testApi({ PAYPAL_CLIENT_ID: 'rest-client', PAYPAL_CLIENT_SECRET: 'rest-secret', PAYPAL_API_URL: paypal.url, PAYPAL_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await api?.close();
  await paypal?.close();
});
beforeEach(() => {
  paypal.calls.length = 0;
  paypal.reset();
});

/** A new buyer's approved order for the fetoscopy plan ($199). */
async function approvedOrder(): Promise<{ id: string; uid: string }> {
  const uid = `buyer-${crypto.randomUUID()}`;
  await api.deps.db.db.insert(users).values({ id: uid, email: `${uid}@example.com`, name: 'Bo Buyer' });
  const res = await api.reply(api.as(tokenFor(uid)).payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }));
  expect(res.status).toBe(201);
  expect(paypal.approve(res.json.id)).toBe(true);
  return { id: res.json.id, uid };
}

const tokenFor = (uid: string) => {
  const claims = {
    iss: 'https://securetoken.google.com/demo-fetal-surgery',
    aud: 'demo-fetal-surgery',
    sub: uid,
    email: `${uid}@example.com`,
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
};
const capture = (order: { id: string; uid: string }) =>
  api.reply(api.as(tokenFor(order.uid)).payments.orders[':orderId'].capture.$post({ param: { orderId: order.id } }));
const subscriptionsOf = async (uid: string) => (await api.deps.db.db.select().from(users).where(eq(users.id, uid)))[0]!.subscriptions;
const orderStatus = async (id: string) => (await api.deps.db.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const captures = () => paypal.calls.filter((c) => c.path.endsWith('/capture'));

describe('payments through the PayPal REST API', () => {
  it('takes a token with the credentials, then creates and captures the order, each under its own PayPal-Request-Id', async () => {
    const order = await approvedOrder();
    const res = await capture(order);
    expect(res.status).toBe(200);
    expect(paypal.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/oauth2/token',
      'POST /v2/checkout/orders',
      `POST /v2/checkout/orders/${order.id}/capture`,
    ]);
    expect(paypal.calls[1]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(paypal.calls[2]!.requestId).toBe(`capture-${order.id}`);
    expect(await subscriptionsOf(order.uid)).toEqual([res.json.subscription]);
  });

  it('recovers a capture whose answer was lost by asking again under the same PayPal-Request-Id: one subscription', async () => {
    const order = await approvedOrder();
    paypal.loseNextCapture();
    const res = await capture(order);
    expect(res.status).toBe(200);
    expect(captures().map((c) => c.requestId)).toEqual([`capture-${order.id}`, `capture-${order.id}`]);
    expect(await subscriptionsOf(order.uid)).toEqual([res.json.subscription]);
  });

  it('adds nothing when both answers are lost, and the buyer trying again gets the capture PayPal made, once', async () => {
    const order = await approvedOrder();
    paypal.loseNextCapture();
    paypal.loseNextCapture();
    const lost = await capture(order);
    expect(lost).toMatchObject({ status: 502, json: { error: 'payment_failed' } });
    expect(await subscriptionsOf(order.uid)).toEqual([]);
    expect(await orderStatus(order.id)).toBe('CREATED');
    const again = await capture(order);
    expect(again.status).toBe(200);
    expect(await subscriptionsOf(order.uid)).toEqual([again.json.subscription]);
    expect(captures()).toHaveLength(3);
  });

  it.each([
    ['another currency', (a: CapturedOrder) => withCapture(a, { amount: { currency_code: 'EUR', value: '199.00' } }), 'currency EUR'],
    ['a capture still pending', (a: CapturedOrder) => withCapture(a, { status: 'PENDING' }), 'status PENDING'],
    ['an order not completed', (a: CapturedOrder) => ({ ...a, status: 'APPROVED' }), 'status APPROVED'],
    [
      'another plan as reference',
      (a: CapturedOrder) => ({ ...a, purchase_units: [{ ...a.purchase_units[0]!, reference_id: 'plan-complete' }] }),
      'plan plan-complete',
    ],
  ])('adds no subscription when PayPal answers %s, and marks the order for review', async (_label, change, problem) => {
    const order = await approvedOrder();
    paypal.alterNextCapture(change);
    const res = await capture(order);
    expect(res).toMatchObject({ status: 409, json: { error: 'payment_mismatch', message: expect.stringContaining(problem) } });
    expect(await orderStatus(order.id)).toBe('MISMATCH');
    expect(await subscriptionsOf(order.uid)).toEqual([]);
  });

  it('is refused by PayPal with other credentials, and nothing is stored', async () => {
    const stranger = await testApi({ PAYPAL_CLIENT_ID: 'rest-client', PAYPAL_CLIENT_SECRET: 'not-the-secret', PAYPAL_API_URL: paypal.url });
    try {
      const res = await stranger.reply(stranger.as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }));
      expect(res).toMatchObject({ status: 502, json: { error: 'payment_failed' } });
      expect(paypal.calls.map((c) => c.path)).toEqual(['/v1/oauth2/token']);
      expect(await stranger.deps.db.db.select().from(orders)).toEqual([]);
    } finally {
      await stranger.close();
    }
  });
});

function withCapture(answer: CapturedOrder, change: Partial<CapturedOrder['purchase_units'][number]['payments']['captures'][number]>): CapturedOrder {
  const unit = answer.purchase_units[0]!;
  return { ...answer, purchase_units: [{ ...unit, payments: { captures: [{ ...unit.payments.captures[0]!, ...change }] } }] };
}
