import { describe, expect, it } from 'vitest';
import { orderDescription } from '../../src/server/payments/order-description.ts';
import { subscriptionStatus } from '../../src/domain/entitlement.ts';
import { addMonthsClamped, toTimestamp } from '../../src/domain/time.ts';
import { createPaypalStandIn } from '../../src/sandbox/paypal/standin.ts';
import { paypalClient, PaypalError } from '../../src/server/payments/paypal.ts';

const iso = (d: string, months: number) => addMonthsClamped(new Date(d), months).toISOString();

describe('subscription end: now plus the plan duration, day clamped to the month end', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-03-31T23:59:59.000Z', 1, '2026-04-30T23:59:59.000Z'],
    ['2026-08-31T00:00:00.000Z', 1, '2026-09-30T00:00:00.000Z'],
    ['2026-05-31T12:00:00.000Z', 3, '2026-08-31T12:00:00.000Z'],
    ['2026-12-31T08:00:00.000Z', 1, '2027-01-31T08:00:00.000Z'],
    ['2026-12-31T08:00:00.000Z', 2, '2027-02-28T08:00:00.000Z'],
    ['2026-11-30T08:00:00.000Z', 3, '2027-02-28T08:00:00.000Z'],
    ['2027-11-30T08:00:00.000Z', 3, '2028-02-29T08:00:00.000Z'],
    ['2024-02-29T08:30:00.000Z', 12, '2025-02-28T08:30:00.000Z'],
    ['2024-02-29T08:30:00.000Z', 48, '2028-02-29T08:30:00.000Z'],
    ['2100-01-31T00:00:00.000Z', 1, '2100-02-28T00:00:00.000Z'],
    ['2000-01-31T00:00:00.000Z', 1, '2000-02-29T00:00:00.000Z'],
    ['2026-01-15T06:07:08.009Z', 120, '2036-01-15T06:07:08.009Z'],
  ])('%s plus %i months is %s', (start, months, end) => expect(iso(start, months)).toBe(end));

  it('never moves to the next month and never goes back in time', () => {
    for (let day = 0; day < 800; day++) {
      const start = new Date(Date.UTC(2025, 0, 1, 13) + day * 86_400_000);
      for (const months of [1, 2, 3, 6, 12]) {
        const end = addMonthsClamped(start, months);
        expect(end.getUTCFullYear() * 12 + end.getUTCMonth() - (start.getUTCFullYear() * 12 + start.getUTCMonth())).toBe(months);
        expect(end.getUTCDate()).toBeLessThanOrEqual(start.getUTCDate());
        expect(end.getTime()).toBeGreaterThan(start.getTime());
      }
    }
  });
});

describe('subscription status at the second it ends', () => {
  const end = new Date('2026-02-28T10:00:00.000Z');
  const sub = { product_id: 'p', next_billing_time: toTimestamp(end) };
  it('is ACTIVE a millisecond before, EXPIRED at the exact second and after', () => {
    expect(subscriptionStatus(sub, new Date(end.getTime() - 1))).toBe('ACTIVE');
    expect(subscriptionStatus(sub, end)).toBe('EXPIRED');
    expect(subscriptionStatus(sub, new Date(end.getTime() + 1))).toBe('EXPIRED');
  });
  it('reads the nanoseconds of next_billing_time', () => {
    const withNanos = { product_id: 'p', next_billing_time: { seconds: end.getTime() / 1000, nanoseconds: 500_000_000 } };
    expect(subscriptionStatus(withNanos, new Date(end.getTime() + 499))).toBe('ACTIVE');
    expect(subscriptionStatus(withNanos, new Date(end.getTime() + 500))).toBe('EXPIRED');
  });
});

describe('the PayPal REST client', () => {
  it('asks for a token once with Basic auth, then sends Bearer and PayPal-Request-Id to the right paths', async () => {
    const standIn = createPaypalStandIn();
    const seen: Array<{ url: string; auth: string | null; requestId: string | null }> = [];
    const client = paypalClient({
      baseUrl: 'https://api-m.sandbox.paypal.com',
      clientId: 'id',
      clientSecret: 'secret',
      timeoutMs: 1000,
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        seen.push({ url, auth: headers.get('authorization'), requestId: headers.get('paypal-request-id') });
        return standIn.fetch(url, init);
      },
    });
    const order = await client.createOrder({ amount: '10.00', description: orderDescription('Plan', 'Academy'), referenceId: 'p1', requestId: 'r1' });
    const again = await client.createOrder({ amount: '10.00', description: 'x', referenceId: 'p1', requestId: 'r1' });
    expect(again.id).toBe(order.id);
    standIn.approve(order.id);
    expect((await client.captureOrder(order.id, 'c1')).status).toBe('COMPLETED');
    await expect(client.captureOrder(order.id, 'c2')).rejects.toMatchObject({ kind: 'http', status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    expect(seen.map((s) => s.url)).toEqual([
      'https://api-m.sandbox.paypal.com/v1/oauth2/token',
      'https://api-m.sandbox.paypal.com/v2/checkout/orders',
      'https://api-m.sandbox.paypal.com/v2/checkout/orders',
      `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}/capture`,
      `https://api-m.sandbox.paypal.com/v2/checkout/orders/${order.id}/capture`,
    ]);
    expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('id:secret').toString('base64')}`);
    expect(seen.slice(1).map((s) => [s.auth, s.requestId])).toEqual([
      ['Bearer standin-access-token', 'r1'],
      ['Bearer standin-access-token', 'r1'],
      ['Bearer standin-access-token', 'c1'],
      ['Bearer standin-access-token', 'c2'],
    ]);
  });

  it('sends a call whose connection failed once more, and names a second failure a network error', async () => {
    const standIn = createPaypalStandIn();
    let failures = 1;
    const paths: string[] = [];
    const fetch = (url: string, init?: RequestInit) => {
      paths.push(new URL(url).pathname);
      if (failures-- > 0) return Promise.reject(new TypeError('fetch failed'));
      return standIn.fetch(url, init);
    };
    const client = paypalClient({ baseUrl: 'http://x', clientId: 'a', clientSecret: 'b', timeoutMs: 1000, fetch });
    const order = await client.createOrder({ amount: '10.00', description: 'x', referenceId: 'p1', requestId: 'r1' });
    expect(order.status).toBe('CREATED');
    expect(paths).toEqual(['/v1/oauth2/token', '/v1/oauth2/token', '/v2/checkout/orders']);
    failures = 2;
    await expect(client.getOrder(order.id)).rejects.toMatchObject({ kind: 'network' });
    expect(paths.slice(3)).toEqual([`/v2/checkout/orders/${order.id}`, `/v2/checkout/orders/${order.id}`]);
  });

  it('gives up after its timeout with a timeout error', async () => {
    const standIn = createPaypalStandIn();
    standIn.misbehave({ on: 'token', kind: 'timeout' });
    const client = paypalClient({ baseUrl: 'http://x', clientId: 'a', clientSecret: 'b', timeoutMs: 50, fetch: standIn.fetch });
    const err = await client.getOrder('o').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaypalError);
    expect(err).toMatchObject({ kind: 'timeout' });
  });

  it('cuts the order description to the 127 characters PayPal accepts', () => {
    expect(orderDescription('Fetoscopy', 'Fetal Surgery Academy')).toBe('Subscripcion a Fetoscopy-Fetal Surgery Academy');
    expect(orderDescription('t'.repeat(200), 'Academy')).toHaveLength(127);
  });
});
