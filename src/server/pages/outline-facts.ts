import type { Course } from '../../api/courses.ts';
import { localizePlan, type ContentLocale } from '../../domain/localize.ts';
import type { BenchmarkFact } from '../../domain/progress.ts';
import type { Database } from '../db/client.ts';
import { visiblePlansIncluding } from '../pricing/index.ts';
import { benchmarkFacts } from '../attempts/index.ts';

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
  const visible = await visiblePlansIncluding(database.db, course.id);
  const offered = visible.map((p) => localizePlan(p, locale)).map(({ id, title, price, duration }) => ({ id, title, price, duration }));
  return { benchmarks: await benchmarkFacts(database.db, course), plans: offered };
}
