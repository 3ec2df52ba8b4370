import { describe, expect, it } from 'vitest';
import { activePaidPlans, activeSubscription, renewSubscription } from '../../src/domain/renewal.ts';
import { toDate, toTimestamp } from '../../src/domain/time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const sub = (product_id: string, end: string, id = product_id) => ({ product_id, subscription_id: id, next_billing_time: toTimestamp(new Date(end)) });
const fresh = (end: Date) => ({ product_id: 'p1', subscription_id: 'new', next_billing_time: toTimestamp(end) });
const endOf = (s: { next_billing_time: { seconds: number; nanoseconds: number } }) => toDate(s.next_billing_time).toISOString();

describe('activeSubscription', () => {
  it('is null without an active subscription to the plan', () => {
    expect(activeSubscription([], 'p1', now)).toBeNull();
    expect(activeSubscription([sub('p1', '2026-03-10T12:00:00Z'), sub('p2', '2027-01-01Z')], 'p1', now)).toBeNull();
  });
  it('is the one ending last when several are active', () => {
    const later = sub('p1', '2026-09-01Z', 'later');
    expect(activeSubscription([sub('p1', '2026-05-01Z', 'sooner'), later], 'p1', now)).toBe(later);
  });
});

describe('renewSubscription', () => {
  it('starts a new subscription from now when the plan is not held', () => {
    const { subscriptions, subscription } = renewSubscription([sub('p2', '2027-01-01Z')], 'p1', 3, now, fresh);
    expect(endOf(subscription)).toBe('2026-06-10T12:00:00.000Z');
    expect(subscriptions.map((s) => s.subscription_id)).toEqual(['p2', 'new']);
  });
  it('extends the active subscription from its end date, keeping its id, and adds none', () => {
    const { subscriptions, subscription } = renewSubscription([sub('p1', '2026-12-15T08:00:00Z', 'held')], 'p1', 3, now, fresh);
    expect(subscription.subscription_id).toBe('held');
    expect(endOf(subscription)).toBe('2027-03-15T08:00:00.000Z');
    expect(subscriptions).toEqual([subscription]);
  });
  it('keeps the month-end rule when extending: 31 January plus one month is the last day of February', () => {
    expect(endOf(renewSubscription([sub('p1', '2027-01-31T10:00:00Z')], 'p1', 1, now, fresh).subscription)).toBe('2027-02-28T10:00:00.000Z');
    expect(endOf(renewSubscription([sub('p1', '2028-01-31T10:00:00Z')], 'p1', 1, now, fresh).subscription)).toBe('2028-02-29T10:00:00.000Z');
  });
  it('starts afresh when the held subscription has expired, keeping the expired one as history', () => {
    const old = sub('p1', '2026-01-01Z', 'old');
    const { subscriptions, subscription } = renewSubscription([old], 'p1', 1, now, fresh);
    expect(endOf(subscription)).toBe('2026-04-10T12:00:00.000Z');
    expect(subscriptions).toEqual([old, subscription]);
  });
  it('two payments one after the other add up instead of overlapping', () => {
    const first = renewSubscription([], 'p1', 3, now, fresh);
    const second = renewSubscription(first.subscriptions, 'p1', 3, now, fresh);
    expect(second.subscriptions).toHaveLength(1);
    expect(endOf(second.subscription)).toBe('2026-09-10T12:00:00.000Z');
  });
});

describe('the paid plans deleting an account ends', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const sub = (id: string, provider: string, end: string) => ({ subscription_id: id, product_id: id, provider, next_billing_time: toTimestamp(new Date(end)) });

  it('are the PayPal plans still active, the one ending last first; granted and ended ones are left out', () => {
    const subs = [
      sub('soon', 'Paypal', '2026-06-01'),
      sub('granted', 'admin@example.com', '2027-01-01'),
      sub('ended', 'Paypal', '2026-04-01'),
      sub('later', 'Paypal', '2026-09-01'),
    ];
    expect(activePaidPlans(subs, now).map((s) => s.subscription_id)).toEqual(['later', 'soon']);
    expect(activePaidPlans([], now)).toEqual([]);
  });
});
