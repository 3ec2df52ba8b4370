import { toDate, type Timestamp } from './time.ts';

export interface SubscriptionLike {
  product_id: string;
  next_billing_time: Timestamp;
}

export interface UserLike {
  isAdmin: boolean;
  isPremium: boolean;
  subscriptions: SubscriptionLike[];
}

export interface PlanLike {
  id: string;
  courses: string[];
}

export type SubscriptionStatus = 'ACTIVE' | 'EXPIRED';

/** ACTIVE while next_billing_time is strictly later than now: at the exact second it ends, it is EXPIRED. */
export function subscriptionStatus(sub: SubscriptionLike, now: Date): SubscriptionStatus {
  return toDate(sub.next_billing_time).getTime() > now.getTime() ? 'ACTIVE' : 'EXPIRED';
}

/** The one rule for who may play a course's cases; the course page and the server both call it. */
export function isEntitled(user: UserLike | null | undefined, courseId: string, plans: readonly PlanLike[], now: Date): boolean {
  if (!user) return false;
  if (user.isAdmin || user.isPremium) return true;
  return user.subscriptions.some((sub) => {
    if (subscriptionStatus(sub, now) !== 'ACTIVE') return false;
    const plan = plans.find((p) => p.id === sub.product_id);
    return plan !== undefined && plan.courses.includes(courseId);
  });
}

/**
 * Whether these subscriptions give their holder `planId` now. Deleting a plan is refused while anyone holds it,
 * and a hidden plan still counts for entitlement, so its holders keep its courses until their end date.
 */
export function holdsPlan(subscriptions: readonly SubscriptionLike[], planId: string, now: Date): boolean {
  return subscriptions.some((sub) => sub.product_id === planId && subscriptionStatus(sub, now) === 'ACTIVE');
}
