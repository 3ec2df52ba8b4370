import { ErrorCode } from '../../api/errors.ts';
import { orderDescription } from './order-description.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { fail } from '../http/errors.ts';
import { requireUser } from '../access/caller.ts';
import { logFailure } from '../http/log.ts';
import type { PaypalOrder } from './paypal.ts';
import { capturable, capturedAtPaypal } from './capture.ts';
import { mismatch, paypalFailure } from './paypal-answers.ts';
import { completedOrderAnswer, completeOrder, hasProfile, insertOrder, markMismatch, planById } from './queries.ts';
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
    const { db, config, userCache } = c.get('deps');
    const found = await capturable(c, orderId, caller.uid);
    if (found instanceof Response) return found;
    const { order, plan } = found;
    const captured = await capturedAtPaypal(c, order);
    if (captured instanceof Response) return captured;
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
