import { describe, expect, it } from 'vitest';
import { isEntitled, subscriptionStatus } from '../../src/domain/entitlement.ts';
import { addMonthsClamped, signedInRecently, toTimestamp } from '../../src/domain/time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const plans = [
  { id: 'p1', courses: ['c1'] },
  { id: 'p2', courses: ['c2', 'c3'] },
];
const base = { isAdmin: false, isPremium: false, subscriptions: [] };
const sub = (product_id: string, end: Date) => ({ product_id, next_billing_time: toTimestamp(end) });

describe('isEntitled', () => {
  it('refuses no user', () => expect(isEntitled(null, 'c1', plans, now)).toBe(false));
  it('lets admins in', () => expect(isEntitled({ ...base, isAdmin: true }, 'c1', plans, now)).toBe(true));
  it('lets premium users in', () => expect(isEntitled({ ...base, isPremium: true }, 'c9', plans, now)).toBe(true));
  it('refuses a user with no subscription', () => expect(isEntitled(base, 'c1', plans, now)).toBe(false));
  it('lets an active subscription to a plan with the course in', () => {
    expect(isEntitled({ ...base, subscriptions: [sub('p2', new Date('2026-04-01Z'))] }, 'c3', plans, now)).toBe(true);
  });
  it('refuses an active subscription to a plan without the course', () => {
    expect(isEntitled({ ...base, subscriptions: [sub('p1', new Date('2026-04-01Z'))] }, 'c2', plans, now)).toBe(false);
  });
  it('refuses a subscription to an unknown plan', () => {
    expect(isEntitled({ ...base, subscriptions: [sub('gone', new Date('2026-04-01Z'))] }, 'c1', plans, now)).toBe(false);
  });
  it('refuses at the exact second of expiry and lets in one second before', () => {
    const user = { ...base, subscriptions: [sub('p1', now)] };
    expect(isEntitled(user, 'c1', plans, now)).toBe(false);
    expect(isEntitled(user, 'c1', plans, new Date(now.getTime() - 1000))).toBe(true);
  });
});

describe('subscriptionStatus', () => {
  it('is ACTIVE before the end and EXPIRED from the end on', () => {
    const s = sub('p1', now);
    expect(subscriptionStatus(s, new Date(now.getTime() - 1000))).toBe('ACTIVE');
    expect(subscriptionStatus(s, now)).toBe('EXPIRED');
    expect(subscriptionStatus(s, new Date(now.getTime() + 1000))).toBe('EXPIRED');
  });
});

describe('addMonthsClamped', () => {
  const d = (s: string) => new Date(s);
  it('clamps 31 January to the end of February', () => {
    expect(addMonthsClamped(d('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonthsClamped(d('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
  });
  it('crosses December into January', () => {
    expect(addMonthsClamped(d('2026-12-15T00:00:00Z'), 1).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
  it('adds a year of months', () => {
    expect(addMonthsClamped(d('2024-02-29T08:30:00Z'), 12).toISOString()).toBe('2025-02-28T08:30:00.000Z');
  });
});

describe('isEntitled with several subscriptions', () => {
  it('refuses undefined as it refuses null', () => expect(isEntitled(undefined, 'c1', plans, now)).toBe(false));
  it('lets in when one of several subscriptions is active for the course, even if others expired', () => {
    const user = { ...base, subscriptions: [sub('p1', new Date('2026-01-01Z')), sub('p2', new Date('2026-01-01Z')), sub('p2', new Date('2026-04-01Z'))] };
    expect(isEntitled(user, 'c2', plans, now)).toBe(true);
    expect(isEntitled(user, 'c1', plans, now)).toBe(false);
  });
  it('refuses an expired subscription to the right plan', () => {
    expect(isEntitled({ ...base, subscriptions: [sub('p1', new Date('2026-03-01Z'))] }, 'c1', plans, now)).toBe(false);
  });
  it('lets a premium user in with no plans at all', () => expect(isEntitled({ ...base, isPremium: true }, 'c1', [], now)).toBe(true));
});

describe('signedInRecently: what Firebase accepts before deleting an account', () => {
  const at = Date.parse('2026-11-23T10:00:00Z');
  const signedIn = new Date(at).toUTCString();
  it('counts a sign-in as recent for five minutes', () => {
    expect(signedInRecently(signedIn, at + 4 * 60_000)).toBe(true);
    expect(signedInRecently(signedIn, at + 5 * 60_000)).toBe(false);
  });
  it('counts a missing or unreadable time as old', () => {
    expect(signedInRecently(undefined, at)).toBe(false);
    expect(signedInRecently('yesterday', at)).toBe(false);
  });
});
