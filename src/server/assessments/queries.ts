import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { AssessmentWindow, MySitting } from '../../api/assessments.ts';
import { assessmentCodeOf, windowState, type Sitting } from '../../domain/assessment.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { assessmentWindows, attempts, groupMembers, groups, users } from '../db/schema.ts';

/** The SQL of /assessments, and the look-up of a code at launch. */
export type WindowRow = typeof assessmentWindows.$inferSelect;

/** How far back the list reaches: a window is for a session, not a record (its launches stay readable by its id). */
const LISTED_MS = 24 * 60 * 60_000;

/** A fresh code: a few tries cover the rare byte beyond the alphabet and the rarer code already given. */
function newCode(): string {
  for (;;) {
    const code = assessmentCodeOf(randomBytes(12));
    if (code) return code;
  }
}

/** The names the list shows for these users (their profile name, else their address), by id. */
export async function namesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name.trim() || r.email]));
}

export function windowOf(row: WindowRow, groupName: string | null, names: ReadonlyMap<string, string>, now = new Date()): AssessmentWindow {
  return {
    id: row.id,
    code: row.code,
    courseId: row.courseId,
    groupId: row.groupId,
    groupName,
    openedBy: row.openedBy,
    openedByName: names.get(row.openedBy) ?? row.openedBy,
    openedAt: row.openedAt.toISOString(),
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    learners: row.learners.map((id) => ({ id, name: names.get(id) ?? id })),
    state: windowState(row, now),
  };
}

/** The window as the contract answers it, with its group's name and the names of its opener and learners. */
export async function windowAnswer(db: Db, row: WindowRow): Promise<AssessmentWindow> {
  return windowOf(row, await groupName(db, row.groupId), await namesOf(db, [row.openedBy, ...row.learners]));
}

export interface NewWindow {
  courseId: string;
  groupId: string | null;
  learners: string[];
  startsAt: Date;
  minutes: number;
}

/** Opens a window with a code no window ever had, with its audit entry. */
export async function openWindow(db: Db, caller: Caller, w: NewWindow, now = new Date()): Promise<WindowRow> {
  const { courseId, groupId, learners, startsAt } = w;
  for (let tries = 0; ; tries++) {
    const values = {
      id: crypto.randomUUID(),
      code: newCode(),
      courseId,
      groupId,
      learners,
      openedBy: caller.uid,
      openedAt: now,
      startsAt,
      expiresAt: new Date(startsAt.getTime() + w.minutes * 60_000),
    };
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(assessmentWindows).values(values).onConflictDoNothing().returning();
      if (created)
        await recordAudit(tx, caller, 'assessment', created.id, 'create', null, {
          courseId,
          groupId,
          learners,
          code: created.code,
          startsAt,
          expiresAt: values.expiresAt,
        });
      return created;
    });
    if (row) return row;
    if (tries > 5) throw new Error('No free assessment code');
  }
}

/** The window of a code, or null. */
export async function windowByCode(db: Db, code: string): Promise<WindowRow | null> {
  const [row] = await db.select().from(assessmentWindows).where(eq(assessmentWindows.code, code));
  return row ?? null;
}

export async function windowById(db: Db, id: string): Promise<WindowRow | null> {
  const [row] = await db.select().from(assessmentWindows).where(eq(assessmentWindows.id, id));
  return row ?? null;
}

/** A course's windows still to come or ended in the last day, latest start first: all of them, or those of these groups and this opener. */
export async function recentWindows(db: Db, courseId: string, visible: { groups: string[]; opener: string } | null, now = new Date()) {
  const rows = await db
    .select({ window: assessmentWindows, groupName: groups.name })
    .from(assessmentWindows)
    .leftJoin(groups, eq(groups.id, assessmentWindows.groupId))
    .where(
      and(
        eq(assessmentWindows.courseId, courseId),
        gt(assessmentWindows.expiresAt, new Date(now.getTime() - LISTED_MS)),
        visible
          ? or(eq(assessmentWindows.openedBy, visible.opener), visible.groups.length ? inArray(assessmentWindows.groupId, visible.groups) : undefined)
          : undefined,
      ),
    )
    .orderBy(desc(assessmentWindows.startsAt), desc(assessmentWindows.id));
  const names = await namesOf(
    db,
    rows.flatMap((r) => [r.window.openedBy, ...r.window.learners]),
  );
  return rows.map((r) => windowOf(r.window, r.groupName, names, now));
}

/** Of these users, those who are members (not directors) of the group. */
export async function membersAmong(db: Db, groupId: string, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'member'), inArray(groupMembers.userId, [...uids])));
  return new Set(rows.map((r) => r.id));
}

/** Of these ids, those of existing accounts. */
export async function existingUsers(db: Db, uids: readonly string[]): Promise<Set<string>> {
  if (uids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...uids]));
  return new Set(rows.map((r) => r.id));
}

/** Closes a window now, with its audit entry; a window closed already is answered as it is. */
export function closeWindow(db: Db, caller: Caller, id: string, now = new Date()): Promise<WindowRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(assessmentWindows)
      .set({ closedAt: now })
      .where(and(eq(assessmentWindows.id, id), isNull(assessmentWindows.closedAt)))
      .returning();
    if (!row) return (await tx.select().from(assessmentWindows).where(eq(assessmentWindows.id, id)))[0] ?? null;
    await recordAudit(tx, caller, 'assessment', id, 'update', { closedAt: null }, { closedAt: now });
    return row;
  });
}

/** Whether `uid` is a member (not a director) of the group. */
export async function isMemberOf(db: Db, uid: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, uid)));
  return row?.role === 'member';
}

export async function groupName(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, id));
  return row?.name ?? null;
}

/** The ids of the groups `uid` directs. */
export async function directedGroupIds(db: Db, uid: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'director')));
  return rows.map((r) => r.id);
}

/** The sittings a learner's assessed attempts of a course were played in (flagged ones left out), earliest first: who opened each, when it started. */
export async function sittingsOf(db: Db, uid: string, courseId: string): Promise<Sitting[]> {
  const rows = await db
    .selectDistinct({ id: assessmentWindows.id, openedBy: assessmentWindows.openedBy, startsAt: assessmentWindows.startsAt })
    .from(attempts)
    .innerJoin(assessmentWindows, eq(assessmentWindows.id, attempts.assessmentId))
    .where(and(eq(attempts.userId, uid), eq(attempts.courseId, courseId), eq(attempts.flagged, false), isNotNull(attempts.assessmentId)))
    .orderBy(asc(assessmentWindows.startsAt), asc(assessmentWindows.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.openedBy),
  );
  return rows.map((r) => ({ openedBy: names.get(r.openedBy) ?? r.openedBy, startsAt: r.startsAt.toISOString() }));
}

/** The windows of a course scheduled or open that admit `uid`: of a group they are a member of, or for every learner; for all or named for them. */
export async function sittingsFor(db: Db, uid: string, courseId: string, now = new Date()): Promise<MySitting[]> {
  const memberOf = db
    .select({ id: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'member')));
  const rows = await db
    .select({ window: assessmentWindows, groupName: groups.name })
    .from(assessmentWindows)
    .leftJoin(groups, eq(groups.id, assessmentWindows.groupId))
    .where(
      and(
        eq(assessmentWindows.courseId, courseId),
        gt(assessmentWindows.expiresAt, now),
        isNull(assessmentWindows.closedAt),
        or(isNull(assessmentWindows.groupId), inArray(assessmentWindows.groupId, memberOf)),
        or(sql`${assessmentWindows.learners} = '[]'::jsonb`, sql`${assessmentWindows.learners} @> ${JSON.stringify([uid])}::jsonb`),
      ),
    )
    .orderBy(asc(assessmentWindows.startsAt), asc(assessmentWindows.id));
  const names = await namesOf(
    db,
    rows.map((r) => r.window.openedBy),
  );
  return rows.map(({ window: w, groupName: name }) => ({
    id: w.id,
    courseId: w.courseId,
    groupName: name,
    openedByName: names.get(w.openedBy) ?? w.openedBy,
    startsAt: w.startsAt.toISOString(),
    expiresAt: w.expiresAt.toISOString(),
    state: windowState(w, now) === 'scheduled' ? ('scheduled' as const) : ('open' as const),
  }));
}
