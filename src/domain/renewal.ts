import { subscriptionStatus, type SubscriptionLike } from './entitlement.ts';
import { addMonthsClamped, toDate, toTimestamp } from './time.ts';

/**
 * The holder's active subscription to a plan, the one ending last; null when they hold none. Paying for a plan
 * already held extends this one, so a plan is never held twice over the same dates.
 */
export function activeSubscription<S extends SubscriptionLike>(subscriptions: readonly S[], planId: string, now: Date): S | null {
  let found: S | null = null;
  for (const sub of subscriptions) {
    if (sub.product_id !== planId || subscriptionStatus(sub, now) !== 'ACTIVE') continue;
    if (!found || toDate(sub.next_billing_time).getTime() > toDate(found.next_billing_time).getTime()) found = sub;
  }
  return found;
}

/**
 * A payment of `months` for `planId`: an active subscription to it is extended from its end date (the same
 * month-end rule as a new one: 31 Jan + 1 month = 28/29 Feb); otherwise `fresh` starts one that ends `months` from now.
 * Answers the whole list and the subscription that was extended or added.
 */
export function renewSubscription<S extends SubscriptionLike>(
  subscriptions: readonly S[],
  planId: string,
  months: number,
  now: Date,
  fresh: (end: Date) => S,
): { subscriptions: S[]; subscription: S } {
  const current = activeSubscription(subscriptions, planId, now);
  if (!current) {
    const subscription = fresh(addMonthsClamped(now, months));
    return { subscriptions: [...subscriptions, subscription], subscription };
  }
  const subscription: S = { ...current, next_billing_time: toTimestamp(addMonthsClamped(toDate(current.next_billing_time), months)) };
  return { subscriptions: subscriptions.map((sub) => (sub === current ? subscription : sub)), subscription };
}
