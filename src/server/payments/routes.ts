import { and, eq, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { orderDescription } from './order-description.ts';
import { type Subscription } from '../../api/users.ts';
import { renewSubscription } from '../../domain/renewal.ts';
import { toDate, toTimestamp } from '../../domain/time.ts';
import { recordAudit } from '../audit/index.ts';
import { orders, plans, users } from '../db/schema.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { type Env, guarded, subApp } from '../http/sub-app.ts';
import { fail } from '../http/errors.ts';
import { requireUser } from '../access/caller.ts';
import { describeError, logFailure } from '../http/log.ts';
import { PaypalError, type PaypalOrder } from './paypal.ts';
import { toUser } from '../db/rows.ts';
import * as routes from '../../api/payments.ts';

type OrderRow = typeof orders.$inferSelect;

/** A failed PayPal call as our error answer: 504 for a timeout, 502 otherwise. */
function paypalFailure(c: Context<Env>, err: unknown, what: string) {
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
function mismatch(captured: PaypalOrder, order: OrderRow): string | null {
  const unit = captured.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (captured.status !== 'COMPLETED') return `status ${captured.status}`;
  if (capture?.status !== 'COMPLETED') return `status ${capture?.status ?? 'missing'}`;
  if (capture.amount.currency_code !== order.currency) return `currency ${capture.amount.currency_code}`;
  if (capture.amount.value !== order.amount.toFixed(2)) return `amount ${capture.amount.value} instead of ${order.amount.toFixed(2)}`;
  if (unit?.reference_id !== order.planId) return `plan ${unit?.reference_id ?? 'missing'}`;
  return null;
}

/** The answer for a completed order: its subscription and the buyer's record now. */
async function completedAnswer(c: Context<Env>, orderId: string) {
  const db = c.get('deps').db.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [user] = await db.select().from(users).where(eq(users.id, order!.userId));
  const subscription = user?.subscriptions.find((s) => s.subscription_id === order!.subscriptionId) ?? null;
  return { orderId, status: 'COMPLETED' as const, subscription, user: toUser(user!) };
}

/** /payments: the server creates and captures PayPal orders at our price, and only then adds the subscription. */
export const paymentsApp = subApp()
  .openapi(guarded(routes.createOrder, requireUser, rateLimit(LIMITS.payments)), async (c) => {
    const { planId } = c.req.valid('json');
    const uid = c.get('caller')!.uid;
    const { db, paypal, config } = c.get('deps');
    const [user] = await db.db.select({ id: users.id }).from(users).where(eq(users.id, uid));
    if (!user) return fail(c, 403, ErrorCode.forbidden, 'Your account has no profile yet: finish signing up first');
    const [plan] = await db.db.select().from(plans).where(eq(plans.id, planId));
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
    await db.db.insert(orders).values({ id: order.id, userId: uid, planId: plan.id, amount: plan.price, currency: 'USD', status: 'CREATED' });
    return c.json({ id: order.id, status: order.status }, 201);
  })
  .openapi(guarded(routes.captureOrder, requireUser, rateLimit(LIMITS.payments)), async (c) => {
    const { orderId } = c.req.valid('param');
    const caller = c.get('caller')!;
    const { db, paypal, config, userCache } = c.get('deps');
    const [order] = await db.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return fail(c, 404, ErrorCode.notFound, 'No such order');
    if (order.userId !== caller.uid) return fail(c, 403, ErrorCode.forbidden, 'This order belongs to another account');
    if (order.status === 'COMPLETED') return c.json(await completedAnswer(c, orderId), 200);
    if (order.status === 'MISMATCH') {
      return fail(c, 409, ErrorCode.paymentMismatch, 'This payment did not match its plan and is being reviewed; contact us');
    }
    const [plan] = await db.db.select().from(plans).where(eq(plans.id, order.planId));
    if (!plan?.visibility || plan.price !== order.amount) {
      return fail(c, 409, ErrorCode.planUnavailable, 'This plan is no longer on sale at this price; nothing was charged');
    }

    let captured: PaypalOrder;
    try {
      captured = await paypal.captureOrder(order.id, `capture-${order.id}`).catch((err: unknown) =>
        // A dropped connection may have lost the answer to a capture PayPal made: the same PayPal-Request-Id answers
        // that capture again (or makes the only one), never a second.
        err instanceof PaypalError && err.kind === 'network' ? paypal.captureOrder(order.id, `capture-${order.id}`) : Promise.reject(err),
      );
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
      await db.db
        .update(orders)
        .set({ status: 'MISMATCH' })
        .where(and(eq(orders.id, order.id), ne(orders.status, 'COMPLETED')));
      return fail(c, 409, ErrorCode.paymentMismatch, `The payment does not match the plan (${problem}); no subscription was added. Contact us.`, requestId);
    }

    const now = new Date();
    await db.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (locked?.status === 'COMPLETED') return; // a concurrent capture of the same order got here first
      const [before] = await tx.select().from(users).where(eq(users.id, caller.uid)).for('update');
      if (!before) throw new Error(`Order ${order.id} was captured for ${caller.uid}, whose record is gone`);
      // Paying again for a plan still held extends it from its end date: one subscription per plan, never two overlapping.
      const renewed = renewSubscription(before.subscriptions, plan.id, plan.duration, now, (end): Subscription => ({
        provider: 'Paypal',
        plan_name: `${config.productName} - ${plan.title}`,
        product_id: plan.id,
        subscription_id: crypto.randomUUID(),
        next_billing_time: toTimestamp(end),
      }));
      const { subscription } = renewed;
      const [after] = await tx.update(users).set({ subscriptions: renewed.subscriptions }).where(eq(users.id, caller.uid)).returning();
      await tx
        .update(orders)
        .set({
          status: 'COMPLETED',
          subscriptionId: subscription.subscription_id,
          capturedAt: now,
          buyerName: before.name,
          buyerEmail: before.email,
          planTitle: plan.title,
          planTranslations: plan.translations,
          sellerName: config.seller.name,
          sellerAddress: config.seller.address,
          paidUntil: toDate(subscription.next_billing_time),
        })
        .where(eq(orders.id, order.id));
      await recordAudit(tx, caller, 'user', caller.uid, 'update', toUser(before), toUser(after!));
    });
    userCache.forget(caller.uid);
    return c.json(await completedAnswer(c, orderId), 200);
  });
