import type { ReactNode } from 'react';
import { courseAccess } from '../../domain/learning.ts';
import { formatDay } from '../../domain/format.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $courseProgress } from '../../stores/progress/progress.ts';
import { $session } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';

/** A date with one of the longest month names, for the unseen room's line. */
const ROOM_DATE = new Date(Date.UTC(2026, 8, 28));

interface Props {
  locale: Locale;
  courseId: string;
  /** Every plan that includes the course, hidden ones too: holding any of them opens it. */
  planIds: string[];
  strings: Sections<'course.held'>;
  /** The plans on sale that include the course, with their prices, as the server renders them for everyone. */
  children?: ReactNode;
}

/**
 * The plans that open a course, as the server renders them for everyone (so the page is cached per language); once the
 * session says the visitor already holds the course, their access and Continue instead of prices they need not pay.
 */
export default function CoursePlans({ locale, courseId, planIds, strings, children }: Props) {
  const session = useIslandStore($session);
  const progress = useIslandStore($courseProgress);
  const plans = planIds.map((id) => ({ id, courses: [courseId] }));
  const access = session.user ? courseAccess(session.user, courseId, plans, new Date()) : null;

  const held = access?.held === true;
  const standing = held && progress.value?.courseId === courseId ? progress.value : null;
  const next = standing?.next;
  const started = standing?.modules.some((m) => m.cases.some((c) => c.attempts > 0)) ?? false;
  // The access is laid over the plans, which stay unseen beneath it: the page below moves no more than it must.
  return (
    <div className="course-plans-swap">
      <div className={held ? 'course-plans-unseen' : undefined}>{children}</div>
      {/* The room of a holder's access, unseen, kept for everyone: when the session arrives after a finger is already on
          a module below (a slow phone), laying the access over the plans moves nothing. A long date fills its line. */}
      <section className="course-plans course-held course-plans-unseen" aria-hidden="true">
        <h2>{strings['course.held.title']}</h2>
        <p>{fill(strings['course.held.until'], { date: formatDay(locale, ROOM_DATE) })}</p>
        <p>
          <span className="button">{strings['course.held.continue']}</span>
        </p>
      </section>
      {access?.held && (
        <section className="course-plans course-held" aria-labelledby="course-held-title">
          <h2 id="course-held-title">{strings['course.held.title']}</h2>
          <p>{access.until ? fill(strings['course.held.until'], { date: formatDay(locale, access.until) }) : strings['course.held.always']}</p>
          {standing?.complete ? (
            <p>{strings['course.held.complete']}</p>
          ) : (
            <p>
              {next ? (
                <a className="button" href="#course-outline" data-play data-level={next.level} data-case={next.case}>
                  {strings[started ? 'course.held.continue' : 'course.held.start']}
                </a>
              ) : (
                <a className="button" href="#course-outline">
                  {strings['course.held.continue']}
                </a>
              )}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
