import { and, eq, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { Benchmark, CaseBenchmark } from '../../api/attempts.ts';
import { findCase } from '../../domain/course-items.ts';
import { paramsOfCase, type Task } from '../../domain/simulator/index.ts';
import type { Course } from '../../api/courses.ts';
import type { Db } from '../db/client.ts';
import { attempts, users } from '../db/schema.ts';

/**
 * Medians over the experts' attempts that were not flagged, per case and task. Only attempts of this simulator
 * count (the first one had no tasks), and the median keeps one expert's bad day from moving the mark.
 */
function medians(db: Db, where: SQL | undefined) {
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
    .where(and(eq(users.isExpert, true), not(attempts.flagged), isNotNull(attempts.task), where))
    .groupBy(attempts.caseId, attempts.task);
}

const rounded = (row: { score: number; surgeryTimeMs: number; attempts: number }): Benchmark => ({
  score: Math.round(row.score * 10) / 10,
  surgeryTimeMs: Math.round(row.surgeryTimeMs),
  attempts: row.attempts,
});

/** The benchmark of one case for one task, or null when no expert has played it so. */
export async function benchmarkOf(db: Db, courseId: string, caseId: string, task: Task | null): Promise<Benchmark | null> {
  if (!task) return null;
  const [row] = await medians(db, and(eq(attempts.courseId, courseId), eq(attempts.caseId, caseId), eq(attempts.task, task)));
  return row ? rounded(row) : null;
}

/** Every case of the course that has a benchmark for the task it sets now. */
export async function courseBenchmarks(db: Db, course: Course): Promise<CaseBenchmark[]> {
  const rows = await medians(db, eq(attempts.courseId, course.id));
  const out: CaseBenchmark[] = [];
  for (const row of rows) {
    const found = findCase(course.levels, row.caseId);
    if (!found || paramsOfCase(found.item.sim, found.level, found.case).task !== row.task) continue;
    out.push({ courseId: course.id, caseId: row.caseId, level: found.level, case: found.case, task: row.task, ...rounded(row) });
  }
  return out.sort((a, b) => a.level - b.level || a.case - b.case);
}

/** Whether a user's attempts count towards the benchmarks. */
export async function isExpert(db: Db, uid: string): Promise<boolean> {
  const [row] = await db.select({ isExpert: users.isExpert }).from(users).where(eq(users.id, uid));
  return row?.isExpert === true;
}
