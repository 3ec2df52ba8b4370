/** Error codes of /payments beyond the common ones; the checkout store turns each into a translated message. */
export const PaymentErrorCode = {
  /** PayPal answered an error (or could not be reached); nothing was added. */
  failed: 'payment_failed',
  /** PayPal did not answer in time; retrying is safe (the same PayPal-Request-Id). */
  timeout: 'payment_timeout',
  /** The buyer has not approved the order in PayPal yet. */
  notApproved: 'payment_not_approved',
  /** The plan was hidden, deleted or repriced after the order was created: nothing was captured. */
  planUnavailable: 'plan_unavailable',
  /** PayPal captured something other than the order (amount, currency, plan or status): no subscription, needs a person. */
  mismatch: 'payment_mismatch',
} as const;

export type PaymentErrorCode = (typeof PaymentErrorCode)[keyof typeof PaymentErrorCode];

/** PayPal's order description: "Subscripcion a {title}-{product}", cut to PayPal's 127 characters. */
export function orderDescription(planTitle: string, product: string): string {
  return `Subscripcion a ${planTitle}-${product}`.slice(0, 127);
}
