import { describe, expect, it } from 'vitest';
import { ADMIN_PLAN_NAME, adminSubscription, searchKind, validGrantDays } from '../../src/domain/admin-subscription.ts';
import { auditChanges } from '../../src/domain/audit-diff.ts';
import { subscriptionStatus } from '../../src/domain/entitlement.ts';
import { PRODUCT_NAME } from '../../src/domain/product.ts';
import { toDate } from '../../src/domain/time.ts';

const plans = [{ id: 'plan-fetoscopy' }, { id: 'plan-complete' }];
const now = new Date('2025-03-31T10:20:30.456Z');
const base = { plans, adminEmail: 'admin@example.com', now, id: 'sub-1' };

describe('adminSubscription', () => {
  it('defaults to 1 day, the admin as provider, the first plan and the fixed plan name', () => {
    expect(adminSubscription(base)).toEqual({
      provider: 'admin@example.com',
      plan_name: 'Fetal Surgery Academy - Admin - Provided',
      product_id: 'plan-fetoscopy',
      subscription_id: 'sub-1',
      next_billing_time: { seconds: Math.floor(Date.parse('2025-04-01T10:20:30.456Z') / 1000), nanoseconds: 456_000_000 },
    });
    expect(ADMIN_PLAN_NAME).toBe(`${PRODUCT_NAME} - Admin - Provided`);
  });

  it('is ACTIVE now and EXPIRED once its day is over', () => {
    const sub = adminSubscription(base)!;
    expect(subscriptionStatus(sub, now)).toBe('ACTIVE');
    expect(subscriptionStatus(sub, new Date(now.getTime() + 86_400_000 - 1))).toBe('ACTIVE');
    expect(subscriptionStatus(sub, new Date(now.getTime() + 86_400_000))).toBe('EXPIRED');
  });

  it('takes another plan and another duration', () => {
    const sub = adminSubscription({ ...base, planId: 'plan-complete', days: 30 })!;
    expect(sub.product_id).toBe('plan-complete');
    expect(toDate(sub.next_billing_time).toISOString()).toBe('2025-04-30T10:20:30.456Z');
  });

  it.each([
    ['an unknown plan', { planId: 'nope' }],
    ['no plans at all', { plans: [] }],
    ['zero days', { days: 0 }],
    ['negative days', { days: -3 }],
    ['a fraction of a day', { days: 1.5 }],
    ['more than ten years', { days: 3651 }],
    ['NaN days', { days: Number.NaN }],
    ['no admin email', { adminEmail: '' }],
  ])('refuses %s', (_label, over) => {
    expect(adminSubscription({ ...base, ...over })).toBeNull();
  });

  it('accepts the bounds of the duration', () => {
    expect(validGrantDays(1)).toBe(true);
    expect(validGrantDays(3650)).toBe(true);
    expect(validGrantDays(3651)).toBe(false);
  });
});

describe('searchKind', () => {
  it.each([
    ['learner@example.com', 'email'],
    ['@', 'email'],
    ['LEARNER@Example.COM', 'email'],
    ['kX9d2pQ7', 'uid'],
    ['learner.example.com', 'uid'],
  ] as const)('reads %s as %s', (input, kind) => {
    expect(searchKind(input)).toBe(kind);
  });
});

describe('auditChanges', () => {
  const sub = (id: string, over: Record<string, unknown> = {}) => ({
    subscription_id: id,
    product_id: 'plan-complete',
    plan_name: 'P',
    provider: 'x',
    ...over,
  });
  const user = (over: Record<string, unknown> = {}) => ({
    id: 'u',
    email: 'u@example.com',
    isAdmin: false,
    isPremium: false,
    subscriptions: [] as unknown[],
    ...over,
  });

  it('lists nothing when nothing changed', () => {
    expect(auditChanges(user({ subscriptions: [sub('a')] }), user({ subscriptions: [sub('a')] }))).toEqual([]);
  });

  it('lists changed flags with their old and new value', () => {
    expect(auditChanges(user(), user({ isPremium: true, isAdmin: true }))).toEqual([
      { kind: 'field', field: 'isAdmin', from: false, to: true },
      { kind: 'field', field: 'isPremium', from: false, to: true },
    ]);
  });

  it('matches subscriptions by id: added, changed, removed', () => {
    const before = user({ subscriptions: [sub('a'), sub('b')] });
    const after = user({ subscriptions: [sub('b', { next_billing_time: { seconds: 1, nanoseconds: 0 } }), sub('c', { product_id: 'plan-fetoscopy' })] });
    expect(auditChanges(before, after)).toEqual([
      { kind: 'subscription', change: 'changed', subscription: { subscription_id: 'b', product_id: 'plan-complete', plan_name: 'P' } },
      { kind: 'subscription', change: 'added', subscription: { subscription_id: 'c', product_id: 'plan-fetoscopy', plan_name: 'P' } },
      { kind: 'subscription', change: 'removed', subscription: { subscription_id: 'a', product_id: 'plan-complete', plan_name: 'P' } },
    ]);
  });

  it('reads a creation (no before) and a deletion (no after) as every field changing', () => {
    expect(auditChanges(null, { title: 'T' })).toEqual([{ kind: 'field', field: 'title', from: undefined, to: 'T' }]);
    expect(auditChanges({ title: 'T' }, null)).toEqual([{ kind: 'field', field: 'title', from: 'T', to: undefined }]);
  });
});

describe('the admin users store', () => {
  it.each([
    [409, 'adminUsers.error.lastAdmin'],
    [400, 'adminUsers.error.invalid'],
    [401, 'adminUsers.error.forbidden'],
    [403, 'adminUsers.error.forbidden'],
    [404, 'adminUsers.error.gone'],
    [0, 'adminUsers.error.network'],
    [500, 'adminUsers.error.generic'],
  ])('shows the server answer %i as %s', async (status, key) => {
    const { errorKey } = await import('../../src/stores/error-messages.ts');
    const { ApiError } = await import('../../src/api/errors.ts');
    expect(errorKey('adminUsers', new ApiError(status, 'http', 'm'))).toBe(key);
  });

  it('keeps edits local until Save: a draft differs from the saved user, and discarding puts it back', async () => {
    const store = await import('../../src/stores/users/admin-users.ts');
    const user = {
      id: 'u',
      email: 'u@example.com',
      name: '',
      contact: '',
      isAdmin: false,
      isPremium: false,
      isExpert: false,
      subscriptions: [],
      termsVersion: null,
    };
    store.$adminUsers.set({ ...store.$adminUsers.get(), saved: user, draft: structuredClone(user) });
    expect(store.isDirty(store.$adminUsers.get())).toBe(false);
    store.setFlag('isPremium', true);
    store.setFlag('isExpert', true);
    expect(store.$adminUsers.get().draft).toMatchObject({ isPremium: true, isExpert: true });
    expect(store.$adminUsers.get().saved?.isPremium).toBe(false);
    expect(store.isDirty(store.$adminUsers.get())).toBe(true);
    store.discardChanges();
    expect(store.isDirty(store.$adminUsers.get())).toBe(false);
  });
});
