import { and, count, desc, eq, max, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attempts } from '../db/schema.ts';
import type { AttemptRow } from './attempt-rows.ts';

/** The SQL of /attempts beyond one attempt by id (attempt-rows.ts): storing a scored attempt, a learner's list and summary. */
type NewAttempt = typeof attempts.$inferInsert;

/** Stores a scored attempt; null when the same launch's attempt was stored first (sent twice at once). */
export async function insertAttempt(db: Db, row: NewAttempt): Promise<AttemptRow | null> {
  const [inserted] = await db.insert(attempts).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
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
