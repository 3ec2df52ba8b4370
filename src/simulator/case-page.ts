// What the laser page (main.ts) and the airway's page (feto/page.ts) do alike around their own surgery: the case's
// names and links, Start, Finish, the end's debrief and sending, the result's buttons, and the intro shown first.
import { localePath, type Locale } from '../i18n/locales.ts';
import type * as AttemptStore from '../stores/attempts/attempt.ts';
import type * as Outcome from './outcome.ts';
import { launchOver, playedOf, type Launch } from './launch.ts';
import { $, screen, show } from './panels.ts';
import type { SimKey, SimStrings, Translate } from './strings.ts';

/** What a page is run with: its words and language, and how it says that the case cannot be played. */
export interface PageContext {
  t: Translate;
  strings: SimStrings;
  lang: Locale;
  fail(key: SimKey, href?: string): void;
}

/** The course page a launch came from: where the page's links and errors lead back to. */
export const courseHrefOf = (launch: Launch, lang: Locale) => localePath(lang, `/courses/${encodeURIComponent(launch.course)}`);

/** The case's name (`task`, the task's) and mode above the view, and where the page's links lead. */
export function labelCase(launch: Launch, task: string, courseHref: string, { t, lang }: PageContext): void {
  const caseLabel = launch.demo ? t('sim.demo.case') : t('sim.caseLabel', { level: launch.level, case: launch.caseIndex });
  $('sim-case').textContent = `${caseLabel} · ${task}`;
  $('sim-mode').textContent = t(launch.assessment ? 'sim.mode.assessment' : launch.guided ? 'sim.mode.guided' : 'sim.mode.test');
  $<HTMLAnchorElement>('sim-back').href = courseHref;
  $<HTMLAnchorElement>('sim-again').href = launch.token ? courseHref : location.href;
  $('sim-again').hidden = launch.token !== null;
  // Signing in happens in another tab, so this one keeps the attempt until it is sent; back to the course after.
  $<HTMLAnchorElement>('sim-signin').href = `${localePath(lang, '/login')}?next=${encodeURIComponent(courseHref)}`;
  // The demo has no course to go back to: its result invites the visitor to sign up instead.
  $('sim-back').hidden = launch.demo;
  $('sim-invite').hidden = !launch.demo;
  $('sim-signup').hidden = !launch.demo;
  // A phone's notice offers the demo in a larger window only on the demo: a course case is no demo.
  $('sim-small-demo').hidden = !launch.demo;
}

/**
 * Start: `begin` opens the page's surgery, then the view takes the page. Answers when the surgery began (0 before),
 * the start the attempt is sent with.
 */
export function bindStart(launch: Launch, courseHref: string, { fail }: PageContext, begin: () => void): () => number {
  let startedAt = 0;
  $('sim-start').addEventListener('click', () => {
    // Past its life, an attempt of this launch could not be saved: the learner opens the case again instead of playing.
    if (launchOver(launch.token)) return fail('sim.error.launchOver', courseHref);
    startedAt = Date.now();
    begin();
    // The small screen's notice was for choosing whether to play here; the view, Finish and the guide take its room.
    $('sim-small').hidden = true;
    $<HTMLButtonElement>('sim-finish').disabled = false;
    show(null, $('sim-canvas'));
    // A phone's intro lies below the view: the page goes back to its top, where the view and Finish are.
    window.scrollTo(0, 0);
  });
  return () => startedAt;
}

/**
 * Finish: `letGo` lets go of what the page holds open (the laser's marking dialog), the surgery ends with the held
 * controls let go of, Finish cannot be pressed again, and `ended` shows the end.
 */
export function bindFinish(session: { finish(): void }, input: { reset(): void }, ended: () => void, letGo: () => void = () => undefined): void {
  const finishButton = $<HTMLButtonElement>('sim-finish');
  finishButton.addEventListener('click', () => {
    letGo();
    session.finish();
    input.reset();
    finishButton.disabled = true;
    ended();
  });
}

/** The attempt as it is sent: its launch, its events and when it began. */
interface Played {
  launch: Launch;
  log: Parameters<typeof AttemptStore.submitAttempt>[1];
  startedAt: number;
}

/**
 * The end of a case once its code is here: `drawDebrief` fills the debrief, shown at once; the demo's result is kept
 * on this device, any other attempt is sent, and the server's score is shown when it is saved.
 */
export function endCase(
  drawDebrief: () => void,
  { $submission, keepDemoResult, submitAttempt }: typeof AttemptStore,
  { showOutcome }: typeof Outcome,
  { launch, log, startedAt }: Played,
  { t, lang }: PageContext,
): void {
  drawDebrief();
  screen('debrief');
  $('sim-debrief-title').focus();
  if (launch.demo) return keepDemoResult();
  const stop = $submission.listen((sub) => {
    if (sub.status !== 'saved') return;
    stop();
    void showOutcome(sub.result, t, lang, launch.assessment);
  });
  void submitAttempt(playedOf(launch), log, startedAt);
}

/** The debrief's way on to the final result, and Try again when sending the attempt failed. */
export function bindResultButtons(): void {
  $('sim-retry').addEventListener('click', () => void import('../stores/attempts/attempt.ts').then(({ retrySubmission }) => retrySubmission()));
  $('sim-next').addEventListener('click', () => {
    screen('result');
    $('sim-result-title').focus();
  });
}

/** The page once the case is set up: the intro with Start, and the instruments, shown in place. */
export function openIntro(): void {
  show($('sim-intro'), $('sim-start'));
  // The instruments are shown once the case has set them up (its guide above them), so they appear in place.
  $('sim').toggleAttribute('data-ready', true);
}
