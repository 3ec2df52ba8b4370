import { eq } from 'drizzle-orm';
import { isEntitled } from '../../domain/entitlement.ts';
import type { Db } from '../db/client.ts';
import { plans, users } from '../db/schema.ts';

/** The domain's entitlement rule applied to what the database holds now (hidden plans included). */
export async function userEntitled(db: Pick<Db, 'select'>, uid: string, courseId: string, now: Date): Promise<boolean> {
  const [user] = await db.select().from(users).where(eq(users.id, uid));
  if (!user) return false;
  const allPlans = await db.select({ id: plans.id, courses: plans.courses }).from(plans);
  return isEntitled(user, courseId, allPlans, now);
}
