import type { CourseSummary } from '../../api/courses.ts';
import { certificateOutlook } from '../../domain/certificate-outlook.ts';
import type { PlanLike, UserLike } from '../../domain/entitlement.ts';
import { courseAccess } from '../../domain/learning.ts';
import type { ContentLocale } from '../../domain/localize.ts';
import { progressLine, type CourseRecord } from '../progress/index.ts';

/** What /learning shows of each course: access, progress and where to continue, built from the learner's records. */

/** One course's line on My learning, or none: a course no longer held stays while there is something of the learner's in it. */
export function learningLine(
  summary: CourseSummary,
  learner: UserLike,
  plans: readonly PlanLike[],
  record: CourseRecord | undefined,
  locale: ContentLocale,
  now: Date,
) {
  const access = courseAccess(learner, summary.id, plans, now);
  const line = record && progressLine(record.course, record.standing, record.facts, record.certificate, locale);
  if (!access.held && !(line && (line.attempts > 0 || line.certificate))) return [];
  const next = access.held ? record?.standing.next : null;
  const shownModule = next && record?.standing.modules.find((m) => m.level === next.level)?.shown;
  return [
    {
      courseId: summary.id,
      title: summary.title,
      thumbnail: summary.thumbnail,
      held: access.held,
      until: access.until?.toISOString() ?? null,
      passed: line?.passed ?? 0,
      total: line?.total ?? 0,
      percent: line?.percent ?? 0,
      attempts: line?.attempts ?? 0,
      complete: line?.complete ?? false,
      next: next && shownModule ? { ...next, module: shownModule } : null,
      certificate: line?.certificate ?? null,
      certificateOutlook: record ? certificateOutlook(record.standing) : null,
    },
  ];
}
