import { and, asc, eq, sql } from 'drizzle-orm';
import type { Course } from '../api/schemas.ts';
import type { BenchmarkFact } from '../domain/progress.ts';
import type { Database } from './db/client.ts';
import { plans } from './db/schema.ts';
import { benchmarkFacts } from './records.ts';

/** What a course page shows before anyone signs in: the pass marks the experts set, and the plans on sale that open the course. */
export interface OutlineFacts {
  benchmarks: BenchmarkFact[];
  plans: string[];
}

export async function outlineFacts(database: Database, course: Course): Promise<OutlineFacts> {
  const visible = await database.db
    .select({ title: plans.title })
    .from(plans)
    .where(and(eq(plans.visibility, true), sql`${plans.courses} @> ${JSON.stringify([course.id])}::jsonb`))
    .orderBy(asc(plans.price), asc(plans.title));
  return { benchmarks: await benchmarkFacts(database.db, course), plans: visible.map((p) => p.title) };
}
