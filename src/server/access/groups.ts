import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { audit, groupMembers, groups } from '../db/schema.ts';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from '../http/errors.ts';
import { callerIsAdmin } from './caller.ts';
import { type Env } from '../http/sub-app.ts';

const directorRow = alias(groupMembers, 'director_row');

/** Whether `directorId` directs a group `uid` is a member of; read on every request, so a removal counts at once. */
export async function directsUser(db: Db, directorId: string, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(groupMembers)
    .innerJoin(directorRow, and(eq(directorRow.groupId, groupMembers.groupId), eq(directorRow.userId, directorId), eq(directorRow.role, 'director')))
    .where(and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'member')))
    .limit(1);
  return row !== undefined;
}

/** Whether `uid` directs the group. */
export async function directsGroup(db: Db, uid: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, uid)));
  return row?.role === 'director';
}

/**
 * Who may read a learner's record (progress, attempts, debriefs, certificates): the learner, an administrator, or a
 * director of a group the learner is a member of. Directors see nothing outside their groups.
 */
export async function canReadUser(c: Context<Env>, uid: string): Promise<boolean> {
  const caller = c.get('caller');
  if (!caller) return false;
  if (caller.uid === uid) return true;
  if (await callerIsAdmin(c)) return true;
  return directsUser(c.get('deps').db.db, caller.uid, uid);
}

/**
 * Audit entries of groups where `uid` was a director until an administrator removed them or made them a member: the
 * audit trail keeps each membership change with the role it ended.
 */
const endedDirection = (uid: string) => and(eq(audit.entity, 'group'), sql`${audit.before} @> ${JSON.stringify({ userId: uid, role: 'director' })}::jsonb`);

/** Whether `uid` directed the group until an administrator removed them from it or made them a member. */
async function directedBefore(db: Db, uid: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(audit)
    .where(and(endedDirection(uid), eq(audit.entityId, groupId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The 403 for another learner's record the caller may not read: a director removed from a group the learner is in
 * is told so (as for the group's own page), anyone else gets `message`.
 */
export async function refuseUser(c: Context<Env>, uid: string, message: string) {
  const [row] = await c
    .get('deps')
    .db.db.select({ one: sql`1` })
    .from(audit)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, audit.entityId), eq(groupMembers.userId, uid), eq(groupMembers.role, 'member')))
    .where(endedDirection(c.get('caller')!.uid))
    .limit(1);
  return row ? fail(c, 403, ErrorCode.noLongerDirector, NO_LONGER) : fail(c, 403, ErrorCode.forbidden, message);
}

const NO_LONGER = 'You no longer direct this group: an administrator removed you from it or made you a member';

/** The 403 for a group the caller may not see; a director removed from it is told so, in another tab or session too. */
export async function refuseGroup(c: Context<Env>, groupId: string) {
  return (await directedBefore(c.get('deps').db.db, c.get('caller')!.uid, groupId))
    ? fail(c, 403, ErrorCode.noLongerDirector, NO_LONGER)
    : fail(c, 403, ErrorCode.forbidden, "Only this group's directors and administrators may see it");
}

/**
 * The group if the caller may see it (an admin, or one of its directors), else the status to refuse with. Access is
 * checked before existence, so only admins learn whether an id exists.
 */
export async function visibleGroup(c: Context<Env>, id: string): Promise<typeof groups.$inferSelect | 403 | 404> {
  const db = c.get('deps').db.db;
  if (!(await callerIsAdmin(c)) && !(await directsGroup(db, c.get('caller')!.uid, id))) return 403;
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row ?? 404;
}
