import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema.ts';

/** An order as stored, with what its receipt shows. */
export type OrderRow = typeof orders.$inferSelect;

/** The completed order of this id, or null: an order not yet paid has no receipt. */
export async function completedOrder(db: Db, orderId: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'COMPLETED')));
  return row ?? null;
}

/** A buyer's completed orders, the latest payment first. */
export function completedOrdersOf(db: Db, uid: string): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, uid), eq(orders.status, 'COMPLETED')))
    .orderBy(desc(orders.capturedAt));
}
