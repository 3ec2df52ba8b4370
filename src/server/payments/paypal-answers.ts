import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from '../http/errors.ts';
import { describeError, logFailure } from '../http/log.ts';
import type { Env } from '../http/sub-app.ts';
import { PaypalError, type PaypalOrder } from './paypal.ts';
import type { OrderRow } from './queries.ts';

/** What PayPal's answers mean for our orders: its failures as our error answers, and a capture checked against its order. */

/** A failed PayPal call as our error answer: 504 for a timeout, 502 otherwise. */
export function paypalFailure(c: Context<Env>, err: unknown, what: string) {
  const requestId = logFailure(c.req.method, c.req.path, `PayPal ${what}: ${describeError(err).split('\n')[0]}`);
  if (err instanceof PaypalError && err.kind === 'timeout') {
    return fail(
      c,
      504,
      ErrorCode.paymentTimeout,
      `PayPal did not answer in time (${what}); nothing was added. Try again: the same order is never charged twice.`,
      requestId,
    );
  }
  return fail(c, 502, ErrorCode.paymentFailed, `PayPal could not ${what} the payment; nothing was added. Try again in a moment.`, requestId);
}

/** What is wrong with a capture for this order, or null when it is COMPLETED for its amount, currency and plan. */
export function mismatch(captured: PaypalOrder, order: OrderRow): string | null {
  const unit = captured.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (captured.status !== 'COMPLETED') return `status ${captured.status}`;
  if (capture?.status !== 'COMPLETED') return `status ${capture?.status ?? 'missing'}`;
  if (capture.amount.currency_code !== order.currency) return `currency ${capture.amount.currency_code}`;
  if (capture.amount.value !== order.amount.toFixed(2)) return `amount ${capture.amount.value} instead of ${order.amount.toFixed(2)}`;
  if (unit?.reference_id !== order.planId) return `plan ${unit?.reference_id ?? 'missing'}`;
  return null;
}
