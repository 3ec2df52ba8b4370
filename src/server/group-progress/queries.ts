import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { groupMembers, users } from '../db/schema.ts';

/** The group's members (not its directors), by name. */
export function groupMembersByName(db: Db, groupId: string) {
  return db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'member')))
    .orderBy(asc(users.name), asc(users.email));
}
