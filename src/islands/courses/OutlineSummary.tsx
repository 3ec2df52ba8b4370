import type { Locale } from '../../i18n/locales.ts';
import type { CourseProgress } from '../../api/progress.ts';
import { formatDay } from '../../domain/format.ts';
import type { Loadable } from '../../stores/loadable.ts';
import CertificateLinks from '../certificates/CertificateLinks.tsx';
import FormError from '../ui/FormError.tsx';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';

interface Props {
  signedIn: boolean;
  /** The session is still being read: a device that held a session shows a loading state, not the way to sign in. */
  sessionLoading: boolean;
  status: Loadable<CourseProgress>['status'];
  /** The learner's standing with the page's titles; null for visitors and until it is read. */
  mine: CourseProgress | null;
  /** The outline shown (the learner's standing, or the page's own): where the next case's module is. */
  view: CourseProgress;
  locale: Locale;
  courseTitle: string;
  loginHref: string;
  verifyPath: string;
  strings: Sections<'progress' | 'cert'>;
}

/** Above a course's modules: sign in to track progress, or the learner's share, where to continue, and the certificate. */
export default function OutlineSummary({ signedIn, sessionLoading, status, mine, view, locale, courseTitle, loginHref, verifyPath, strings }: Props) {
  const nextModule = mine?.next ? view.modules.find((m) => m.level === mine.next!.level) : undefined;
  const started = mine?.modules.some((m) => m.cases.some((c) => c.attempts > 0)) ?? false;
  return (
    <div className="outline-summary" aria-live="polite">
      <div className="outline-standing">
        {/* The room of a learner's share and Start button, unseen, kept while the session and the standing are read:
            the modules below do not move under a finger tapping one (the server's HTML is the signed-out one). */}
        <div className="outline-progress outline-room" aria-hidden="true">
          <p className="outline-share">
            <progress max={100} value={0} />
            <span>{'\u00a0'}</span>
          </p>
          <p>
            <span className="button">{'\u00a0'}</span>
          </p>
        </div>
        {!signedIn && (
          <p className="outline-signin" data-session-wait={sessionLoading || undefined}>
            <a href={loginHref}>{strings['progress.signIn']}</a>
          </p>
        )}
        {/* Shown instead (CSS) where the page's head found that someone was signed in here, until the session is read. */}
        {!signedIn && sessionLoading && <p className="muted session-wait">{strings['progress.loading']}</p>}
        {signedIn && status === 'loading' && !mine && <p className="muted">{strings['progress.loading']}</p>}
        {signedIn && status === 'error' && <FormError>{strings['progress.error']}</FormError>}
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
            {!mine.complete && mine.certificate && (
              <div className="outline-complete" data-note="earlier">
                <p>{fill(strings['progress.certificateEarlier'], { date: formatDay(locale, mine.certificate.completedAt) })}</p>
                <CertificateLinks certificate={mine.certificate} locale={locale} verifyPath={verifyPath} strings={strings} />
              </div>
            )}
          </div>
        )}
      </div>
      {view.proficiencyOrder && <p className="outline-order">{strings['progress.proficiency']}</p>}
      {view.assessmentRequired && (
        <p className="outline-order" data-note="assessment">
          {strings['progress.assessment']}
        </p>
      )}
    </div>
  );
}
