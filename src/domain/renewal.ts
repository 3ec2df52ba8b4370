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

/** PayPal's name on the subscriptions a payment made (an administrator's grant names the administrator instead). */
export const PAID_PROVIDER = 'Paypal';

/**
 * The plans the holder paid for that still give access, the one ending last first: what deleting the account ends
 * before its time, for the account page to say so (a plan an administrator granted is not counted: nothing was paid).
 */
export function activePaidPlans<S extends SubscriptionLike & { provider: string }>(subscriptions: readonly S[], now: Date): S[] {
  return subscriptions
    .filter((sub) => sub.provider === PAID_PROVIDER && subscriptionStatus(sub, now) === 'ACTIVE')
    .sort((a, b) => toDate(b.next_billing_time).getTime() - toDate(a.next_billing_time).getTime());
}
