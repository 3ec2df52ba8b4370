import type { Course } from '../../api/courses.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import type { Catalogue } from '../courses/index.ts';
import { coursePreview, type CoursePreview } from '../course-drafts/index.ts';
import type { Deps } from '../deps.ts';
import { outlineFacts, type OutlineFacts } from './outline-facts.ts';
import { pricingFacts } from './pricing-facts.ts';
import type { PricingFacts } from '../../api/pricing.ts';
import { testPayments } from '../config.ts';
import { describeError } from '../http/log.ts';
import { plansIncluding } from '../pricing/index.ts';

/** What the on-demand pages read from the server (Astro.locals); missing under `astro dev`, where pages answer 404. */
export interface PageLocals {
  catalogue: Catalogue;
  /** Ids of every plan that includes the course, hidden plans too, so the page can apply the entitlement rule. */
  plansIncluding(courseId: string): Promise<string[]>;
  /** The course page's outline before sign-in: experts' pass marks and the visible plans that include the course, in the page's language. */
  outlineFacts(course: Course, locale: ContentLocale): Promise<OutlineFacts>;
  /** The course as an administrator's preview link (?preview=token) shows it, draft included; null when the token does not open it. */
  coursePreview(courseId: string, token: string, locale: ContentLocale): Promise<CoursePreview | null>;
  /** /pricing's plans on sale, in the page's language, rendered with the page. */
  pricingFacts(locale: ContentLocale): Promise<PricingFacts>;
}

export function pageLocals(deps: Deps): PageLocals {
  return {
    catalogue: deps.catalogue,
    plansIncluding: (courseId) =>
      plansIncluding(deps.db.db, courseId).catch((err: unknown) => {
        // Astro logs a page's error whole: without this, with the query's parameters.
        throw new Error(`Reading the plans of a course failed: ${describeError(err)}`);
      }),
    outlineFacts: (course, locale) => outlineFacts(deps.db, course, locale),
    coursePreview: (courseId, token, locale) => coursePreview(deps.db.db, deps.config.launchSecret, courseId, token, locale),
    pricingFacts: (locale) => pricingFacts(deps.catalogue, locale, testPayments(deps.config)),
  };
}
