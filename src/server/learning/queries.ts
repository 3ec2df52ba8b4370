import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** What decides a learner's access: their roles and subscriptions, as stored now (undefined without a profile). */
export async function learnerOf(db: Db, uid: string) {
  const [row] = await db
    .select({ isAdmin: users.isAdmin, isPremium: users.isPremium, subscriptions: users.subscriptions })
    .from(users)
    .where(eq(users.id, uid));
  return row;
}
