import { and, eq, ne, sql } from 'drizzle-orm';
import type { Subscription } from '../../api/users.ts';
import { activeSubscription, PAID_PROVIDER, renewSubscription } from '../../domain/renewal.ts';
import { toDate, toTimestamp } from '../../domain/time.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { toUser } from '../users/index.ts';
import { invoiceCounter, orders, plans, users } from '../db/schema.ts';

/** The SQL of /payments: orders as PayPal moves them along, and the subscription a completed one adds. */
export type OrderRow = typeof orders.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** The order of this id, or null. */
export async function orderById(db: Db, orderId: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/** The plan of this id, hidden or not, or null. */
export async function planById(db: Db, planId: string): Promise<PlanRow | null> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  return plan ?? null;
}

/** Whether the user has a profile: only a profile can hold a subscription. */
export async function hasProfile(db: Db, uid: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, uid));
  return user !== undefined;
}

/** Records the order PayPal created, at our price. */
export async function insertOrder(db: Db, id: string, uid: string, plan: PlanRow): Promise<void> {
  await db.insert(orders).values({ id, userId: uid, planId: plan.id, amount: plan.price, currency: 'USD', status: 'CREATED' });
}

/** Marks a capture that did not match its order for review, unless a concurrent capture completed it. */
export async function markMismatch(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'MISMATCH' })
    .where(and(eq(orders.id, orderId), ne(orders.status, 'COMPLETED')));
}

/** A completed order's subscription and its buyer's record now. */
export async function completedOrderAnswer(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [user] = await db.select().from(users).where(eq(users.id, order!.userId));
  const subscription = user?.subscriptions.find((s) => s.subscription_id === order!.subscriptionId) ?? null;
  return { orderId, status: 'COMPLETED' as const, subscription, user: toUser(user!) };
}

/**
 * Completes a captured order: renews the buyer's subscription to the plan, keeps on the order what its receipt shows
 * (whether it bought the plan or renewed it, and the next invoice number), and writes the audit entry, in one
 * transaction; nothing when a concurrent capture of the same order got there first. The counter's row stays locked
 * until the transaction ends, so two payments never share a number, and a payment that fails takes none.
 */
export async function completeOrder(
  db: Db,
  caller: Caller,
  orderId: string,
  plan: PlanRow,
  sale: { productName: string; seller: { name: string; address: string; taxId: string } },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (locked?.status === 'COMPLETED') return; // a concurrent capture of the same order got here first
    const [before] = await tx.select().from(users).where(eq(users.id, caller.uid)).for('update');
    if (!before) throw new Error(`Order ${orderId} was captured for ${caller.uid}, whose record is gone`);
    // Paying again for a plan still held extends it from its end date: one subscription per plan, never two overlapping.
    const renewed = renewSubscription(before.subscriptions, plan.id, plan.duration, now, (end): Subscription => ({
      provider: PAID_PROVIDER,
      plan_name: `${sale.productName} - ${plan.title}`,
      product_id: plan.id,
      subscription_id: crypto.randomUUID(),
      next_billing_time: toTimestamp(end),
    }));
    const { subscription } = renewed;
    const kind = activeSubscription(before.subscriptions, plan.id, now) ? 'renewal' : 'purchase';
    // The counter's one row (made here if a restore or a TRUNCATE left none), raised and locked until the transaction ends.
    const [invoice] = await tx
      .insert(invoiceCounter)
      .values({ id: 1, last: 1 })
      .onConflictDoUpdate({ target: invoiceCounter.id, set: { last: sql`${invoiceCounter.last} + 1` } })
      .returning({ number: invoiceCounter.last });
    const [after] = await tx.update(users).set({ subscriptions: renewed.subscriptions }).where(eq(users.id, caller.uid)).returning();
    await tx
      .update(orders)
      .set({
        status: 'COMPLETED',
        subscriptionId: subscription.subscription_id,
        capturedAt: now,
        buyerName: before.name,
        buyerEmail: before.email,
        buyerAddress: before.billingAddress,
        buyerTaxId: before.taxId,
        planTitle: plan.title,
        planTranslations: plan.translations,
        sellerName: sale.seller.name,
        sellerAddress: sale.seller.address,
        sellerTaxId: sale.seller.taxId,
        invoiceNumber: invoice!.number,
        kind,
        paidUntil: toDate(subscription.next_billing_time),
      })
      .where(eq(orders.id, orderId));
    await recordAudit(tx, caller, 'user', caller.uid, 'update', toUser(before), toUser(after!));
  });
}
