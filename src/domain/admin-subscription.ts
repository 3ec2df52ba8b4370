import { PRODUCT_NAME } from './product.ts';
import { addDays, toTimestamp, type Timestamp } from './time.ts';

/** How long an admin's grant lasts unless the admin picks another duration: one day, so access given by hand lapses by itself. */
export const ADMIN_SUBSCRIPTION_DAYS = 1;
export const MAX_ADMIN_SUBSCRIPTION_DAYS = 3650;
export const ADMIN_PLAN_NAME = `${PRODUCT_NAME} - Admin - Provided`;

export interface AdminSubscription {
  provider: string;
  plan_name: string;
  product_id: string;
  subscription_id: string;
  next_billing_time: Timestamp;
}

export interface AdminSubscriptionInput {
  /** The plans in the order the pricing page lists them; the first is the default. */
  plans: ReadonlyArray<{ id: string }>;
  adminEmail: string;
  now: Date;
  /** A random unique id (crypto.randomUUID() in the browser). */
  id: string;
  planId?: string | undefined;
  days?: number | undefined;
}

/** True for a whole number of days the admin may grant. */
export function validGrantDays(days: number): boolean {
  return Number.isInteger(days) && days >= 1 && days <= MAX_ADMIN_SUBSCRIPTION_DAYS;
}

/**
 * A subscription an admin gives by hand: provider is the admin's email, the plan name is always ADMIN_PLAN_NAME
 * (so it reads as given, not bought), the product is the chosen plan (the first one by default), valid `days` days
 * from now (1 by default).
 * Null when there is no such plan or the duration is not allowed.
 */
export function adminSubscription(input: AdminSubscriptionInput): AdminSubscription | null {
  const days = input.days ?? ADMIN_SUBSCRIPTION_DAYS;
  const plan = input.planId === undefined ? input.plans[0] : input.plans.find((p) => p.id === input.planId);
  if (!plan || !validGrantDays(days) || !input.adminEmail) return null;
  return {
    provider: input.adminEmail,
    plan_name: ADMIN_PLAN_NAME,
    product_id: plan.id,
    subscription_id: input.id,
    next_billing_time: toTimestamp(addDays(input.now, days)),
  };
}

/** The admin search: anything containing "@" is an email, everything else a user id: one box serves both, and an address always has an "@". */
export function searchKind(input: string): 'email' | 'uid' {
  return input.includes('@') ? 'email' : 'uid';
}
