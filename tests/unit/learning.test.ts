import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEntitled } from '../../src/domain/entitlement.ts';
import { courseAccess, coursesOnSale, isLate } from '../../src/domain/learning.ts';
import { toTimestamp } from '../../src/domain/time.ts';

const now = new Date('2026-03-10T12:00:00Z');
const plans = [
  { id: 'p1', courses: ['c1'] },
  { id: 'p2', courses: ['c1', 'c2'] },
];
const base = { isAdmin: false, isPremium: false, subscriptions: [] };
const sub = (product_id: string, end: string) => ({ product_id, next_billing_time: toTimestamp(new Date(end)) });

describe('courseAccess', () => {
  it('gives administrators and premium accounts every course with no end', () => {
    expect(courseAccess({ ...base, isAdmin: true }, 'c9', plans, now)).toEqual({ held: true, until: null });
    expect(courseAccess({ ...base, isPremium: true }, 'c1', plans, now)).toEqual({ held: true, until: null });
  });

  it('ends a held course with the latest active subscription whose plan includes it', () => {
    const user = { ...base, subscriptions: [sub('p1', '2026-04-01Z'), sub('p2', '2026-06-30Z'), sub('p2', '2026-01-01Z')] };
    expect(courseAccess(user, 'c1', plans, now)).toEqual({ held: true, until: new Date('2026-06-30Z') });
    expect(courseAccess(user, 'c2', plans, now)).toEqual({ held: true, until: new Date('2026-06-30Z') });
  });

  it('says when the access to a course no longer held ended, and nothing for one never held', () => {
    const user = { ...base, subscriptions: [sub('p1', '2026-02-01Z'), sub('p1', '2025-12-01Z')] };
    expect(courseAccess(user, 'c1', plans, now)).toEqual({ held: false, until: new Date('2026-02-01Z') });
    expect(courseAccess(user, 'c2', plans, now)).toEqual({ held: false, until: null });
  });

  it('holds a course exactly when the entitlement rule lets the learner play it', () => {
    const course = fc.constantFrom('c1', 'c2', 'c3');
    const subscription = fc.record({ product_id: fc.constantFrom('p1', 'p2', 'gone'), next_billing_time: fc.date({ noInvalidDate: true }).map(toTimestamp) });
    const user = fc.record({ isAdmin: fc.boolean(), isPremium: fc.boolean(), subscriptions: fc.array(subscription, { maxLength: 4 }) });
    fc.assert(fc.property(user, course, (u, c) => courseAccess(u, c, plans, now).held === isEntitled(u, c, plans, now)));
  });
});

describe('coursesOnSale', () => {
  it('offers, in catalogue order, the courses a plan on sale includes that the learner does not hold', () => {
    expect(coursesOnSale(['c3', 'c2', 'c1'], plans, new Set(['c1']))).toEqual(['c2']);
    expect(coursesOnSale(['c3', 'c2', 'c1'], plans, new Set())).toEqual(['c2', 'c1']);
    expect(coursesOnSale(['c3'], plans, new Set())).toEqual([]);
  });
});

describe('isLate', () => {
  const due = new Date('2026-03-10T00:00:00Z');
  it('is late once the due date has come without a valid certificate, never with one or before it', () => {
    expect(isLate(due, false, new Date('2026-03-09T23:59:59Z'))).toBe(false);
    expect(isLate(due, false, due)).toBe(true);
    expect(isLate(due, false, now)).toBe(true);
    expect(isLate(due, true, now)).toBe(false);
  });
});
