import { and, asc, eq, sql } from 'drizzle-orm';
import type { Course } from '../../api/courses.ts';
import { localizePlan, type ContentLocale } from '../../domain/localize.ts';
import type { BenchmarkFact } from '../../domain/progress.ts';
import type { Database } from '../db/client.ts';
import { plans } from '../db/schema.ts';
import { benchmarkFacts } from '../progress/index.ts';

/** A plan on sale that opens the course, as the course page offers it. */
export interface PlanFact {
  id: string;
  title: string;
  price: number;
  duration: number;
}

/** What a course page shows before anyone signs in: the pass marks the experts set, and the plans on sale that open the course. */
export interface OutlineFacts {
  benchmarks: BenchmarkFact[];
  plans: PlanFact[];
}

export async function outlineFacts(database: Database, course: Course, locale: ContentLocale = 'en'): Promise<OutlineFacts> {
  const visible = await database.db
    .select({
      id: plans.id,
      title: plans.title,
      description: plans.description,
      translations: plans.translations,
      price: plans.price,
      duration: plans.duration,
    })
    .from(plans)
    .where(and(eq(plans.visibility, true), sql`${plans.courses} @> ${JSON.stringify([course.id])}::jsonb`))
    .orderBy(asc(plans.price), asc(plans.title));
  const offered = visible.map((p) => localizePlan(p, locale)).map(({ id, title, price, duration }) => ({ id, title, price, duration }));
  return { benchmarks: await benchmarkFacts(database.db, course), plans: offered };
}
