import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Group, GroupDetail, GroupRole } from '../../api/groups.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { profileByAddress } from '../access/verified.ts';
import { assignmentReminders, certificates, groupAssignments, groupInvitations, groupMembers, groups, users } from '../db/schema.ts';

/** The SQL of /groups: each change in one transaction with its audit entry. */
type GroupRow = typeof groups.$inferSelect;

/** Groups (all, or those with the given ids) with how many members and directors each has, by name. */
export async function groupsWithCounts(db: Db, ids: string[] | null): Promise<Group[]> {
  const rows = await db
    .select()
    .from(groups)
    .where(ids ? inArray(groups.id, ids.length ? ids : ['']) : undefined)
    .orderBy(asc(groups.name), asc(groups.id));
  const counts = await db
    .select({ groupId: groupMembers.groupId, role: groupMembers.role, n: count() })
    .from(groupMembers)
    .groupBy(groupMembers.groupId, groupMembers.role);
  const n = (id: string, role: string) => counts.find((r) => r.groupId === id && r.role === role)?.n ?? 0;
  return rows.map((g) => ({ id: g.id, name: g.name, members: n(g.id, 'member'), directors: n(g.id, 'director'), createdAt: g.createdAt.toISOString() }));
}

/** The ids of the groups `uid` directs. */
export async function directedGroupIds(db: Db, uid: string): Promise<string[]> {
  const directed = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'director')));
  return directed.map((d) => d.id);
}

/** A group with its people, members and directors, by name, and the addresses invited to it, by address. */
export async function groupDetail(db: Pick<Db, 'select'>, group: GroupRow): Promise<GroupDetail> {
  const people = await db
    .select({ userId: groupMembers.userId, role: groupMembers.role, addedAt: groupMembers.addedAt, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, group.id))
    .orderBy(asc(groupMembers.role), asc(users.name), asc(users.email));
  const invited = await db.select().from(groupInvitations).where(eq(groupInvitations.groupId, group.id)).orderBy(asc(groupInvitations.email));
  return {
    id: group.id,
    name: group.name,
    members: people.filter((p) => p.role === 'member').length,
    directors: people.filter((p) => p.role === 'director').length,
    createdAt: group.createdAt.toISOString(),
    people: people.map((p) => ({ ...p, addedAt: p.addedAt.toISOString() })),
    invitations: invited.map((i) => ({ id: i.id, email: i.email, role: i.role, invitedAt: i.invitedAt.toISOString() })),
  };
}

/** Creates a group: with no one in it, or directed by `director` (who creates a group of their own). */
export function createGroup(db: Db, caller: Caller, name: string, director: string | null = null): Promise<GroupRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(groups).values({ id: crypto.randomUUID(), name }).returning();
    await recordAudit(tx, caller, 'group', created!.id, 'create', null, { name });
    if (director) {
      await tx.insert(groupMembers).values({ groupId: created!.id, userId: director, role: 'director' });
      await recordAudit(tx, caller, 'group', created!.id, 'create', null, { userId: director, role: 'director' });
    }
    return created!;
  });
}

/** Renames a group; null when there is no such group. */
export function renameGroup(db: Db, caller: Caller, id: string, name: string): Promise<GroupRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
    if (!before) return null;
    const [after] = await tx.update(groups).set({ name }).where(eq(groups.id, id)).returning();
    await recordAudit(tx, caller, 'group', id, 'update', { name: before.name }, { name });
    return after!;
  });
}

/** Deletes a group and its memberships, the audit entry keeping who was in it; false when there is no such group. */
export function deleteGroup(db: Db, caller: Caller, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
    if (!row) return false;
    const before = await groupDetail(tx, row);
    await tx.delete(groups).where(eq(groups.id, id));
    await recordAudit(tx, caller, 'group', id, 'delete', before, null);
    return true;
  });
}

/**
 * Adds the user who verified this email (any case) to the group, or changes their role in it; names what is missing
 * (the group, any profile with the address) or that its profile has not verified it otherwise.
 */
export function addMember(db: Db, caller: Caller, id: string, email: string, role: GroupRole): Promise<GroupRow | 'group' | 'user' | 'unverified'> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
    if (!group) return 'group' as const;
    const user = await profileByAddress(tx, email);
    if (!user) return 'user' as const;
    if (user === 'unverified') return 'unverified' as const;
    const [before] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, id), eq(groupMembers.userId, user.id)));
    await tx
      .insert(groupMembers)
      .values({ groupId: id, userId: user.id, role })
      .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role } });
    await recordAudit(tx, caller, 'group', id, before ? 'update' : 'create', before ? { userId: user.id, role: before.role } : null, {
      userId: user.id,
      email,
      role,
    });
    return group;
  });
}

/**
 * Takes a user out of the group; null when there is no such group or the user is not in it, 'role' when `onlyRole`
 * is given and they hold another (a director removes members, not other directors).
 */
export function removeMember(db: Db, caller: Caller, id: string, userId: string, onlyRole: GroupRole | null = null): Promise<GroupRow | 'role' | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
    if (!row) return null;
    const where = and(eq(groupMembers.groupId, id), eq(groupMembers.userId, userId));
    const [held] = await tx.select().from(groupMembers).where(where);
    if (held && onlyRole && held.role !== onlyRole) return 'role' as const;
    const [removed] = await tx.delete(groupMembers).where(where).returning();
    if (!removed) return null;
    await recordAudit(tx, caller, 'group', id, 'delete', { userId, role: removed.role }, null);
    return row;
  });
}

type AssignmentRow = typeof groupAssignments.$inferSelect;

/** The group's assignments by due date. */
export function assignmentsOf(db: Db, groupId: string): Promise<AssignmentRow[]> {
  return db.select().from(groupAssignments).where(eq(groupAssignments.groupId, groupId)).orderBy(asc(groupAssignments.dueAt), asc(groupAssignments.courseId));
}

/** Assigns a course to the group by `dueAt`, or moves its due date; audited. */
export function assignCourse(db: Db, caller: Caller, groupId: string, courseId: string, dueAt: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(groupAssignments)
      .where(and(eq(groupAssignments.groupId, groupId), eq(groupAssignments.courseId, courseId)))
      .for('update');
    await tx
      .insert(groupAssignments)
      .values({ groupId, courseId, dueAt, assignedBy: caller.uid })
      .onConflictDoUpdate({ target: [groupAssignments.groupId, groupAssignments.courseId], set: { dueAt, assignedBy: caller.uid } });
    await recordAudit(tx, caller, 'group', groupId, before ? 'update' : 'create', before ? { courseId, dueAt: before.dueAt.toISOString() } : null, {
      courseId,
      dueAt: dueAt.toISOString(),
    });
  });
}

/** Withdraws a course's assignment; false when it was not assigned. */
export function unassignCourse(db: Db, caller: Caller, groupId: string, courseId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(groupAssignments)
      .where(and(eq(groupAssignments.groupId, groupId), eq(groupAssignments.courseId, courseId)))
      .returning();
    if (!removed) return false;
    await recordAudit(tx, caller, 'group', groupId, 'delete', { courseId, dueAt: removed.dueAt.toISOString() }, null);
    return true;
  });
}

/** The group's members by name, and which of the courses each holds a valid (unrevoked) certificate of, as `uid course`. */
export async function membersAndCompletions(db: Db, groupId: string, courseIds: string[]) {
  const members = await db
    .select({ userId: groupMembers.userId, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'member')))
    .orderBy(asc(users.name), asc(users.email));
  const uids = members.map((m) => m.userId);
  const held = await db
    .select({ userId: certificates.userId, courseId: certificates.courseId })
    .from(certificates)
    .where(
      and(
        inArray(certificates.userId, uids.length ? uids : ['']),
        inArray(certificates.courseId, courseIds.length ? courseIds : ['']),
        isNull(certificates.revokedAt),
      ),
    );
  return { members, completed: new Set(held.map((h) => `${h.userId} ${h.courseId}`)) };
}

/** The language each of these people last read the site in, for those who have said one. */
export async function languagesOf(db: Db, uids: string[]): Promise<Map<string, string>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(and(inArray(users.id, uids), isNotNull(users.language)));
  return new Map(rows.map((r) => [r.id, r.language!]));
}

/** When each member was reminded of each course's due date, as `uid course dueAt(ISO)`. */
export async function remindersOf(db: Db, groupId: string): Promise<Map<string, Date>> {
  const rows = await db.select().from(assignmentReminders).where(eq(assignmentReminders.groupId, groupId));
  return new Map(rows.map((r) => [`${r.userId} ${r.courseId} ${r.dueAt.toISOString()}`, r.sentAt]));
}

/**
 * Records the reminders about to be mailed and answers those not recorded before (one per course, member and due
 * date, so two senders at once mail each person once); audited.
 */
export function recordReminders(
  db: Db,
  caller: Caller,
  groupId: string,
  due: { userId: string; courseId: string; dueAt: Date }[],
): Promise<{ userId: string; courseId: string }[]> {
  if (due.length === 0) return Promise.resolve([]);
  return db.transaction(async (tx) => {
    const sent = await tx
      .insert(assignmentReminders)
      .values(due.map((d) => ({ groupId, ...d })))
      .onConflictDoNothing()
      .returning({ userId: assignmentReminders.userId, courseId: assignmentReminders.courseId });
    if (sent.length) await recordAudit(tx, caller, 'group', groupId, 'create', null, { reminded: sent });
    return sent;
  });
}
