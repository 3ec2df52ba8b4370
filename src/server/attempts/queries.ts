import { and, count, desc, eq, gt, inArray, isNotNull, max, not, sql, type SQL } from 'drizzle-orm';
import type { AttemptFact } from '../../domain/progress.ts';
import type { Task } from '../../domain/simulator/index.ts';
import type { AttemptTask } from '../../domain/airway/record.ts';
import type { Db } from '../db/client.ts';
import { attempts, users } from '../db/schema.ts';

/** The SQL of /attempts: one attempt by id, storing a scored attempt, a learner's list and summary, the facts of learning records, the experts' medians. */
export type AttemptRow = typeof attempts.$inferSelect;
type NewAttempt = typeof attempts.$inferInsert;

export async function findAttempt(db: Db, id: string): Promise<AttemptRow | null> {
  const [row] = await db.select().from(attempts).where(eq(attempts.id, id));
  return row ?? null;
}

/** How many attempts one person may store in the day before `now` (the cap) and that day's length. */
export interface DailyCap {
  cap: number;
  dayMs: number;
  now: Date;
}

/** When the cap-th newest of the person's attempts in the last day was stored: while there is one, the day's budget is spent. */
export async function dayFullSince(db: Db, uid: string, { cap, dayMs, now }: DailyCap): Promise<Date | null> {
  const [nth] = await db
    .select({ createdAt: attempts.createdAt })
    .from(attempts)
    .where(and(eq(attempts.userId, uid), gt(attempts.createdAt, new Date(now.getTime() - dayMs))))
    .orderBy(desc(attempts.createdAt))
    .offset(cap - 1)
    .limit(1);
  return nth?.createdAt ?? null;
}

/**
 * Stores a scored attempt unless its owner's day is full. The cap is counted under a lock on the owner's account row,
 * in the transaction that inserts: attempts sent at once are counted one after another, so no more than the cap is
 * ever stored. 'duplicate' when the same launch's attempt was stored first (sent twice at once).
 */
export function insertAttempt(db: Db, row: NewAttempt, cap: DailyCap): Promise<{ stored: AttemptRow } | { fullSince: Date } | 'duplicate'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    const [earlier] = await tx.select({ id: attempts.id }).from(attempts).where(eq(attempts.id, row.id));
    if (earlier) return 'duplicate' as const;
    const fullSince = await dayFullSince(tx, row.userId, cap);
    if (fullSince) return { fullSince };
    const [inserted] = await tx.insert(attempts).values(row).returning();
    return { stored: inserted! };
  });
}

/** A learner's attempts (in one course when given), the latest first. */
export function attemptsOf(db: Db, uid: string, courseId: string | undefined, limit: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, uid), courseId ? eq(attempts.courseId, courseId) : undefined))
    .orderBy(desc(attempts.createdAt), desc(attempts.id))
    .limit(limit);
}

/** A learner's best score, number of attempts and last one per case, flagged attempts left out; the place where it was last played. */
export async function attemptSummaries(db: Db, uid: string, courseId: string | undefined) {
  const rows = await db
    .select({
      courseId: attempts.courseId,
      caseId: attempts.caseId,
      level: sql<number>`(array_agg(${attempts.level} order by ${attempts.createdAt} desc))[1]`.mapWith(Number),
      case: sql<number>`(array_agg(${attempts.caseIndex} order by ${attempts.createdAt} desc))[1]`.mapWith(Number),
      bestScore: max(attempts.score),
      attempts: count(),
      lastAt: sql<string>`max(${attempts.createdAt})`.mapWith((v: unknown) => new Date(v as string).toISOString()),
    })
    .from(attempts)
    .where(and(eq(attempts.userId, uid), not(attempts.flagged), courseId ? eq(attempts.courseId, courseId) : undefined))
    .groupBy(attempts.courseId, attempts.caseId)
    .orderBy(attempts.courseId, attempts.caseId);
  return rows.map((r) => ({ ...r, bestScore: r.bestScore ?? 0 }));
}

/** The stored attempts of some users (in one course, or all), by user then course. */
export async function attemptFacts(db: Db, uids: string[], courseId?: string): Promise<Map<string, Map<string, AttemptFact[]>>> {
  const out = new Map<string, Map<string, AttemptFact[]>>();
  if (uids.length === 0) return out;
  const rows = await db
    .select({
      userId: attempts.userId,
      courseId: attempts.courseId,
      caseId: attempts.caseId,
      score: attempts.score,
      at: attempts.createdAt,
      flagged: attempts.flagged,
      assessed: sql<boolean>`${attempts.assessmentId} IS NOT NULL`,
    })
    .from(attempts)
    .where(and(inArray(attempts.userId, uids), courseId ? eq(attempts.courseId, courseId) : undefined));
  for (const { userId, courseId: course, ...fact } of rows) {
    const byCourse = out.get(userId) ?? new Map<string, AttemptFact[]>();
    byCourse.set(course, [...(byCourse.get(course) ?? []), fact]);
    out.set(userId, byCourse);
  }
  return out;
}

/**
 * Medians over the experts' attempts that were not flagged, per case and task, in one course (and one case and task
 * when given). Only attempts of this simulator count (the first one had no tasks), and the median keeps one expert's
 * bad day from moving the mark.
 */
export function expertMedians(db: Db, courseId: string, only?: { caseId: string; task: AttemptTask }) {
  const where: SQL | undefined = only ? and(eq(attempts.caseId, only.caseId), eq(attempts.task, only.task)) : undefined;
  return db
    .select({
      caseId: attempts.caseId,
      task: sql<Task>`${attempts.task}`,
      score: sql<number>`percentile_cont(0.5) within group (order by ${attempts.score})`.mapWith(Number),
      surgeryTimeMs: sql<number>`percentile_cont(0.5) within group (order by (${attempts.metrics}->>'surgeryTimeMs')::double precision)`.mapWith(Number),
      attempts: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .where(and(eq(users.isExpert, true), not(attempts.flagged), isNotNull(attempts.task), eq(attempts.courseId, courseId), where))
    .groupBy(attempts.caseId, attempts.task);
}

/** Whether a user's attempts count towards the benchmarks. */
export async function isExpert(db: Db, uid: string): Promise<boolean> {
  const [row] = await db.select({ isExpert: users.isExpert }).from(users).where(eq(users.id, uid));
  return row?.isExpert === true;
}
