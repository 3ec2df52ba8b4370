import { ErrorCode } from '../../api/errors.ts';
import { orderDescription } from './order-description.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { fail } from '../http/errors.ts';
import { requireUser } from '../access/caller.ts';
import { logFailure } from '../http/log.ts';
import { PaypalError, type PaypalOrder } from './paypal.ts';
import { mismatch, paypalFailure } from './paypal-answers.ts';
import { completedOrderAnswer, completeOrder, hasProfile, insertOrder, markMismatch, orderById, planById } from './queries.ts';
import * as routes from '../../api/payments.ts';

/** /payments: the server creates and captures PayPal orders at our price, and only then adds the subscription. */
export const paymentsApp = subApp()
  .openapi(guarded(routes.createOrder, requireUser, rateLimit(LIMITS.payments)), async (c) => {
    const { planId } = c.req.valid('json');
    const uid = c.get('caller')!.uid;
    const { db, paypal, config } = c.get('deps');
    if (!(await hasProfile(db.db, uid))) return fail(c, 403, ErrorCode.forbidden, 'Your account has no profile yet: finish signing up first');
    const plan = await planById(db.db, planId);
    if (!plan?.visibility) return fail(c, 404, ErrorCode.notFound, 'No such plan on sale');
    let order: PaypalOrder;
    try {
      order = await paypal.createOrder({
        amount: plan.price.toFixed(2),
        description: orderDescription(plan.title, config.productName),
        referenceId: plan.id,
        requestId: crypto.randomUUID(),
      });
    } catch (err) {
      return paypalFailure(c, err, 'create');
    }
    await insertOrder(db.db, order.id, uid, plan);
    return c.json({ id: order.id, status: order.status }, 201);
  })
  .openapi(guarded(routes.captureOrder, requireUser, rateLimit(LIMITS.payments)), async (c) => {
    const { orderId } = c.req.valid('param');
    const caller = c.get('caller')!;
    const { db, paypal, config, userCache } = c.get('deps');
    const order = await orderById(db.db, orderId);
    if (!order) return fail(c, 404, ErrorCode.notFound, 'No such order');
    if (order.userId !== caller.uid) return fail(c, 403, ErrorCode.forbidden, 'This order belongs to another account');
    if (order.status === 'COMPLETED') return c.json(await completedOrderAnswer(db.db, orderId), 200);
    if (order.status === 'MISMATCH') {
      return fail(c, 409, ErrorCode.paymentMismatch, 'This payment did not match its plan and is being reviewed; contact us');
    }
    const plan = await planById(db.db, order.planId);
    if (!plan?.visibility || plan.price !== order.amount) {
      return fail(c, 409, ErrorCode.planUnavailable, 'This plan is no longer on sale at this price; nothing was charged');
    }

    let captured: PaypalOrder;
    try {
      // The client sends a capture whose answer was lost once more (paypal.ts): the same PayPal-Request-Id answers the
      // capture PayPal made, or makes the only one, never a second.
      captured = await paypal.captureOrder(order.id, `capture-${order.id}`);
    } catch (err) {
      if (err instanceof PaypalError && err.issue === 'ORDER_NOT_APPROVED') {
        return fail(c, 409, ErrorCode.paymentNotApproved, 'The payment was not approved in PayPal; nothing was charged');
      }
      if (!(err instanceof PaypalError && err.issue === 'ORDER_ALREADY_CAPTURED')) return paypalFailure(c, err, 'capture');
      try {
        captured = await paypal.getOrder(order.id);
      } catch (again) {
        return paypalFailure(c, again, 'read');
      }
    }
    const problem = mismatch(captured, order);
    if (problem) {
      const requestId = logFailure(c.req.method, c.req.path, `PayPal order ${order.id} captured with ${problem}: no subscription added`);
      await markMismatch(db.db, order.id);
      return fail(c, 409, ErrorCode.paymentMismatch, `The payment does not match the plan (${problem}); no subscription was added. Contact us.`, requestId);
    }

    await completeOrder(db.db, caller, order.id, plan, { productName: config.productName, seller: config.seller }, new Date());
    userCache.forget(caller.uid);
    return c.json(await completedOrderAnswer(db.db, orderId), 200);
  });
