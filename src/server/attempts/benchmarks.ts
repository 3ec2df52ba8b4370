import type { Benchmark, CaseBenchmark } from '../../api/attempts.ts';
import { findCase } from '../../domain/course-items.ts';
import type { BenchmarkFact } from '../../domain/progress.ts';
import type { AttemptTask } from '../../domain/airway/record.ts';
import { paramsOfCase } from '../../domain/simulator/index.ts';
import type { Course } from '../../api/courses.ts';
import type { Db } from '../db/client.ts';
import { expertMedians } from './queries.ts';

/** The experts' benchmarks: medians of their attempts (queries.ts), shaped as the contract and the learning records read them. */

const rounded = (row: { score: number; surgeryTimeMs: number; attempts: number }): Benchmark => ({
  score: Math.round(row.score * 10) / 10,
  surgeryTimeMs: Math.round(row.surgeryTimeMs),
  attempts: row.attempts,
});

/** The benchmark of one case for one task, or null when no expert has played it so. */
export async function benchmarkOf(db: Db, courseId: string, caseId: string, task: AttemptTask | null): Promise<Benchmark | null> {
  if (!task) return null;
  const [row] = await expertMedians(db, courseId, { caseId, task });
  return row ? rounded(row) : null;
}

/** Every case of the course that has a benchmark for the task it sets now. */
export async function courseBenchmarks(db: Db, course: Course): Promise<CaseBenchmark[]> {
  const rows = await expertMedians(db, course.id);
  const out: CaseBenchmark[] = [];
  for (const row of rows) {
    const found = findCase(course.levels, row.caseId);
    if (!found || paramsOfCase(found.item.sim, found.level, found.case).task !== row.task) continue;
    out.push({ courseId: course.id, caseId: row.caseId, level: found.level, case: found.case, task: row.task, ...rounded(row) });
  }
  return out.sort((a, b) => a.level - b.level || a.case - b.case);
}

/** The experts' median score per case, the default pass mark where an admin set none. */
export async function benchmarkFacts(db: Db, course: Course): Promise<BenchmarkFact[]> {
  return (await courseBenchmarks(db, course)).map((b) => ({ caseId: b.caseId, score: b.score }));
}
