import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from '../http/errors.ts';
import type { Env } from '../http/sub-app.ts';
import { PaypalError } from './paypal.ts';
import { paypalFailure } from './paypal-answers.ts';
import { completedOrderAnswer, orderById, planById, type OrderRow } from './queries.ts';

/** The steps of POST /payments/orders/{orderId}/capture, in the order they run: each answers what it found, or the answer to give instead. */

type C = Context<Env>;

/** The caller's order still to capture, with its plan on sale at the order's price; or the answer to give instead. */
export async function capturable(c: C, orderId: string, uid: string) {
  const db = c.get('deps').db.db;
  const order = await orderById(db, orderId);
  if (!order) return fail(c, 404, ErrorCode.notFound, 'No such order');
  if (order.userId !== uid) return fail(c, 403, ErrorCode.forbidden, 'This order belongs to another account');
  if (order.status === 'COMPLETED') return c.json(await completedOrderAnswer(db, orderId), 200);
  if (order.status === 'MISMATCH') {
    return fail(c, 409, ErrorCode.paymentMismatch, 'This payment did not match its plan and is being reviewed; contact us');
  }
  const plan = await planById(db, order.planId);
  if (!plan?.visibility || plan.price !== order.amount) {
    return fail(c, 409, ErrorCode.planUnavailable, 'This plan is no longer on sale at this price; nothing was charged');
  }
  return { order, plan };
}

/** The order as PayPal captured it (once, whatever the retries); or the refusal or failure to answer. */
export async function capturedAtPaypal(c: C, order: OrderRow) {
  const { paypal } = c.get('deps');
  try {
    // The client sends a capture whose answer was lost once more (paypal.ts): the same PayPal-Request-Id answers the
    // capture PayPal made, or makes the only one, never a second.
    return await paypal.captureOrder(order.id, `capture-${order.id}`);
  } catch (err) {
    if (err instanceof PaypalError && err.issue === 'ORDER_NOT_APPROVED') {
      return fail(c, 409, ErrorCode.paymentNotApproved, 'The payment was not approved in PayPal; nothing was charged');
    }
    if (!(err instanceof PaypalError && err.issue === 'ORDER_ALREADY_CAPTURED')) return paypalFailure(c, err, 'capture');
    try {
      return await paypal.getOrder(order.id);
    } catch (again) {
      return paypalFailure(c, again, 'read');
    }
  }
}
