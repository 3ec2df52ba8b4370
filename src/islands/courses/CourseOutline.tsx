import type { Locale } from '../../i18n/locales.ts';
import { useEffect } from 'react';
import type { CaseStanding, CourseProgress, ModuleStanding } from '../../api/progress.ts';
import { formatDay } from '../../domain/format.ts';

import { $courseProgress, loadCourseProgress } from '../../stores/progress.ts';
import { $session } from '../../stores/session.ts';
import CertificateLinks from '../certificates/CertificateLinks.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useSessionWhenIdle } from '../ui/useSessionWhenIdle.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  locale: Locale;
  courseId: string;
  courseTitle: string;
  /** The outline as a new learner sees it (no attempts): pass marks and, in proficiency order, the closed modules. */
  outline: CourseProgress;
  /** Whether a plan on sale includes the course (the page's intro names them). */
  onSale: boolean;
  /** Where a play link leads without JavaScript (login, then back here). */
  loginHref: string;
  verifyPath: string;
  strings: Sections<'progress' | 'cert' | 'common'>;
}

const Lock = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      fill="currentColor"
      d="M7 10V7a5 5 0 0 1 10 0v3h1.5A1.5 1.5 0 0 1 20 11.5v9a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 20.5v-9A1.5 1.5 0 0 1 5.5 10zm2 0h6V7a3 3 0 0 0-6 0z"
    />
  </svg>
);

/** The standing with each module's and case's title as the page's outline names it (same level and case numbers). */
function inPageLanguage(standing: CourseProgress, outline: CourseProgress): CourseProgress {
  return {
    ...standing,
    modules: standing.modules.map((m) => {
      const shown = outline.modules.find((o) => o.level === m.level);
      if (!shown) return m;
      return { ...m, title: shown.title, cases: m.cases.map((c) => ({ ...c, title: shown.cases.find((o) => o.case === c.case)?.title ?? c.title })) };
    }),
  };
}

/**
 * The course's modules and cases. Everyone sees the pass marks; visitors see which cases a plan opens, and the signed-in
 * learner each case's state, module and course shares, where to continue, why a module is closed, and the certificate.
 */
export default function CourseOutline({ locale, courseId, courseTitle, outline, onSale, loginHref, verifyPath, strings }: Props) {
  const session = useIslandStore($session);
  const progress = useIslandStore($courseProgress);
  const uid = session.firebaseUser?.uid;
  useSessionWhenIdle();
  useEffect(() => {
    if (!uid) return;
    void loadCourseProgress(courseId);
    // Back from the simulator's tab: show what was just played.
    const again = () => document.visibilityState === 'visible' && void loadCourseProgress(courseId);
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [uid, courseId]);

  const read = uid && progress.value?.courseId === courseId ? progress.value : null;
  // The learner's standing comes from the API in English; the page's outline carries the titles in its language.
  const mine = read && inPageLanguage(read, outline);
  const view = mine ?? outline;
  const locksApply = !session.user?.isAdmin;
  const lockText = (lock: NonNullable<ModuleStanding['lock']>) => fill(strings['progress.locked'], { ...lock });
  const markText = (c: CaseStanding) =>
    fill(strings[c.passMarkSource === 'benchmark' ? 'progress.passMarkExperts' : 'progress.passMark'], { mark: c.passMark });

  function caseStatus(c: CaseStanding): string {
    // What a plan would open: nothing to say when no plan on sale includes the course (the summary says so).
    if (!mine)
      return !onSale
        ? markText(c)
        : `${markText(c)} · ${c.lock ? fill(strings['progress.afterModule'], { module: c.lock.module }) : strings['progress.withPlan']}`;
    if (c.state === 'passed') return fill(strings['progress.passed'], { best: c.best ?? 0 });
    if (c.state === 'attempted') return fill(strings['progress.attempted'], { best: c.best ?? 0, mark: c.passMark });
    return `${strings['progress.notStarted']} · ${markText(c)}`;
  }

  const nextModule = mine?.next ? view.modules.find((m) => m.level === mine.next!.level) : undefined;
  const started = mine?.modules.some((m) => m.cases.some((c) => c.attempts > 0)) ?? false;

  return (
    <div className="course-outline">
      <div className="outline-summary" aria-live="polite">
        {!uid && (
          <p className="outline-signin">
            <a href={loginHref}>{strings['progress.signIn']}</a>
          </p>
        )}
        {uid && progress.status === 'loading' && !mine && <p className="muted">{strings['progress.loading']}</p>}
        {uid && progress.status === 'error' && <FormError>{strings['progress.error']}</FormError>}
        {mine && (
          <div className="outline-progress">
            <p className="outline-share">
              <progress max={100} value={mine.percent} aria-label={fill(strings['progress.line.bar'], { title: courseTitle })} />
              <span>{fill(strings['progress.summary'], { passed: mine.passed, total: mine.total })}</span>
            </p>
            {mine.next && nextModule && (
              <p>
                <a className="button" href={loginHref} data-play data-level={mine.next.level} data-case={mine.next.case}>
                  {fill(strings[started ? 'progress.continue' : 'progress.start'], { module: nextModule.shown, case: mine.next.case })}
                </a>
              </p>
            )}
            {mine.complete && mine.completedAt && (
              <div className="outline-complete">
                <p>
                  <strong>{fill(strings['progress.complete'], { date: formatDay(locale, mine.completedAt) })}</strong>
                </p>
                {mine.certificate && <CertificateLinks certificate={mine.certificate} locale={locale} verifyPath={verifyPath} strings={strings} />}
              </div>
            )}
          </div>
        )}
        {view.proficiencyOrder && <p className="outline-order">{strings['progress.proficiency']}</p>}
      </div>
      <ol className="modules">
        {view.modules.map((m, i) => (
          <li key={m.level} className="module" data-level={m.level}>
            <details open={i === 0 || m.level === mine?.next?.level}>
              <summary>
                <span className="module-index" aria-hidden="true">
                  {m.shown}
                </span>
                <h2 className="module-title">
                  <span className="visually-hidden">{fill(strings['common.module'], { n: m.shown })}: </span>
                  {m.title}
                </h2>
                {mine && <span className="module-share">{fill(strings['progress.module'], { passed: m.passed, total: m.total })}</span>}
                <svg className="arrow" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" d="m6 9 6 6 6-6" />
                </svg>
              </summary>
              {mine && m.lock && locksApply && <p className="lock-reason">{lockText(m.lock)}</p>}
              <ol className="cases">
                {m.cases.map((c) => {
                  const locked = mine !== null && c.lock !== null && locksApply;
                  return (
                    <li
                      key={c.case}
                      className={`case case-${mine ? c.state : 'outline'}`}
                      data-level={c.level}
                      data-case={c.case}
                      data-state={mine ? c.state : undefined}
                    >
                      <span className="case-index" aria-hidden="true">
                        {c.case}
                      </span>
                      <span className="case-main">
                        <span className="case-title">{c.title}</span>
                        <span className="case-status">{caseStatus(c)}</span>
                      </span>
                      {locked ? (
                        <span className="case-lock" role="img" aria-label={lockText(c.lock!)}>
                          <Lock />
                        </span>
                      ) : (
                        <a
                          className="play"
                          href={loginHref}
                          data-play
                          data-level={c.level}
                          data-case={c.case}
                          aria-label={fill(strings['progress.playCase'], { n: c.case, title: c.title })}
                        >
                          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                            <path fill="currentColor" d="M7 4.5v15l13-7.5z" />
                          </svg>
                        </a>
                      )}
                    </li>
                  );
                })}
              </ol>
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}
