import { and, asc, eq, inArray } from 'drizzle-orm';
import { isEntitled } from '../../domain/entitlement.ts';
import type { Db } from '../db/client.ts';
import { groupMembers, plans, users } from '../db/schema.ts';

/** The group's members (not its directors), by name. */
export function groupMembersByName(db: Db, groupId: string) {
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'member')))
    .orderBy(asc(users.name), asc(users.email));
}

/** The courses among `courseIds` that at least one of these users may play now (the group's courses, with those played). */
export async function heldCourses(db: Db, uids: string[], courseIds: string[], now: Date): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const people = await db
    .select({ isAdmin: users.isAdmin, isPremium: users.isPremium, subscriptions: users.subscriptions })
    .from(users)
    .where(inArray(users.id, uids));
  const allPlans = await db.select({ id: plans.id, courses: plans.courses }).from(plans);
  return new Set(courseIds.filter((id) => people.some((p) => isEntitled(p, id, allPlans, now))));
}
