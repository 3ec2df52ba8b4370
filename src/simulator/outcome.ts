// What the saved result means for the learner: passed or not against the case's pass mark and by how much, Retry
// and Next case (each a fresh launch, since one launch makes one attempt), and the certificate when this attempt
// completed the course. The pass mark and the course's standing come from the learner's progress, read once the
// server has stored the attempt; the course page, open in another tab, is told to read its progress again. After an
// assessed launch, Retry and Next case say whether they start an assessed or a practice attempt (assessed-retry.ts).
import type { AttemptResult } from '../api/attempts.ts';
import type { CertificateSummary } from '../api/certificates.ts';
import type { CourseProgress } from '../api/progress.ts';
import { answer, auth, client } from '../api/client.ts';
import { countsForPass } from '../domain/assessment.ts';
import { browserLaunchLink } from '../domain/launch.ts';
import { localePath, type Locale } from '../i18n/locales.ts';
import { announceAttempt, courseProgress } from '../stores/progress/progress.ts';
import { signedInCaller } from '../stores/session.ts';
import { setUpAssessedRetry, type AssessedRetry } from './assessed-retry.ts';
import { flagReasons } from './flag-text.ts';
import type { Translate } from './strings.ts';

export interface Outcome {
  passMark: number;
  /** Counts as a pass: at or above the mark, not flagged as input no hand makes, and assessed where the course requires it. */
  passed: boolean;
  flagged: boolean;
  /** A practice attempt in a course whose cases only an assessed attempt passes. */
  practiceOnly: boolean;
  /** Points above (positive) or below (negative) the pass mark. */
  margin: number;
  /** The case to play next: the open case after this one, or after the last the first still to pass (never this one). */
  next: { level: number; case: number } | null;
  /** The course's certificate, when this very attempt completed the course. */
  certificate: CertificateSummary | null;
}

/** The outcome of a stored attempt, read against the learner's standing in its course after it was stored. */
export function outcomeOf(
  result: Pick<AttemptResult, 'level' | 'case' | 'score' | 'flagged' | 'assessed' | 'createdAt'>,
  progress: CourseProgress,
): Outcome | null {
  const cases = progress.modules.flatMap((m) => m.cases);
  const here = cases.findIndex((c) => c.level === result.level && c.case === result.case);
  const standing = cases[here];
  if (!standing) return null;
  // The case after this one that is open; after the last, the course's first case still to pass.
  const after = cases.slice(here + 1).find((c) => !c.lock);
  const first = progress.next;
  const again = first !== null && first.level === result.level && first.case === result.case;
  const next = after ? { level: after.level, case: after.case } : again ? null : first;
  // The course was completed by this attempt when its completion is this attempt's time.
  const completedNow = progress.completedAt !== null && Date.parse(progress.completedAt) === Date.parse(result.createdAt);
  return {
    passMark: standing.passMark,
    passed: countsForPass(result, progress.assessmentRequired) && result.score >= standing.passMark,
    flagged: result.flagged,
    practiceOnly: !result.flagged && !result.assessed && progress.assessmentRequired,
    margin: result.score - standing.passMark,
    next,
    certificate: completedNow ? progress.certificate : null,
  };
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Signs a new launch of a case as the signed-in learner (assessed with `assessmentCode`) and opens it on this page. */
async function launchCase(course: string, level: number, kase: number, lang: Locale, assessmentCode?: string): Promise<void> {
  const caller = await signedInCaller();
  if (!caller) throw new Error('Signed out');
  const code = assessmentCode === undefined ? {} : { assessmentCode };
  const { token } = await answer(client.launch.$post({ json: { course, level, case: kase, ...code } }, auth(caller.token)));
  location.assign(browserLaunchLink(location.pathname, { userid: caller.uid, course, level, case: kase, lan: lang, token }));
}

/** Shows the verdict, Retry, Next case and the certificate under the saved result; `assessedLaunch`: launched in an assessment window. */
export async function showOutcome(result: AttemptResult, t: Translate, lang: Locale, assessedLaunch: boolean): Promise<void> {
  let outcome: Outcome | null = null;
  try {
    const caller = await signedInCaller();
    if (caller) outcome = outcomeOf(result, await courseProgress(result.courseId, caller.token));
  } catch {
    // Without the progress the result keeps its score and time; the course page shows the standing.
  } finally {
    // After this page's own read, which issues the certificate when the course is complete.
    announceAttempt(result.courseId);
  }
  if (!outcome) return;
  const plain = new Intl.NumberFormat(lang);
  // The sign written by hand: Intl's Arabic sign comes with a bidi mark that puts it after the number in a
  // right-to-left sentence, where a plain minus before the digits reads correctly.
  const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '-' : ''}${plain.format(Math.abs(n))}`;
  const verdict = byId('sim-verdict');
  verdict.dataset.passed = String(outcome.passed);
  byId('sim-verdict-title').textContent = t(outcome.passed ? 'sim.outcome.passed' : 'sim.outcome.failed');
  const margin = { diff: signed(outcome.margin), mark: plain.format(outcome.passMark) };
  byId('sim-verdict-margin').textContent = outcome.flagged
    ? t('sim.outcome.flagged')
    : t(outcome.practiceOnly ? 'sim.outcome.practiceOnly' : 'sim.outcome.margin', margin);
  // A flag says why, in the words the history and the director's view use.
  const reasons = byId('sim-verdict-flags');
  reasons.replaceChildren(
    ...flagReasons(outcome.flagged ? result.flags : [], t).map((reason) => {
      const li = document.createElement('li');
      li.textContent = reason;
      return li;
    }),
  );
  reasons.hidden = reasons.childElementCount === 0;
  verdict.hidden = false;

  const error = byId('sim-launch-error');
  const retry: AssessedRetry | null = assessedLaunch ? setUpAssessedRetry(t, result.assessed) : null;
  const bind = (id: string, level: number, kase: number) => {
    const button = byId<HTMLButtonElement>(id);
    button.hidden = false;
    button.addEventListener('click', () => {
      button.disabled = true;
      error.hidden = true;
      launchCase(result.courseId, level, kase, lang, retry?.code()).catch((err: unknown) => {
        button.disabled = false;
        error.textContent = retry ? retry.failure(err) : t('sim.outcome.launchError');
        error.hidden = false;
      });
    });
  };
  bind('sim-replay', result.level, result.case);
  if (outcome.next) bind('sim-next-case', outcome.next.level, outcome.next.case);

  if (outcome.certificate) {
    byId<HTMLAnchorElement>('sim-certificate-link').href = localePath(lang, `/certificates/${encodeURIComponent(outcome.certificate.id)}`);
    byId('sim-certificate').hidden = false;
  }
}
