import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { groupMembers, groups } from '../db/schema.ts';
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

export const NOT_VISIBLE = "Only this group's directors and administrators may see it";

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
