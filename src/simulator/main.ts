// The /simulator page: reads the launch link, builds the launch's scenario and view once, runs the frame loop,
// and walks the learner from the intro through the surgery to the debrief and the final score.
import { hasTouchScreen, tooSmallToPlay } from '../domain/device.ts';
import { prognosisOf, strikesOf, viewOf, type Scenario, type SimState } from '../domain/simulator/index.ts';
import { dirOf, isLocale, localePath, type Locale } from '../i18n/locales.ts';
import { currentDevice } from '../stores/launch/device.ts';
import { bindFinish, bindResultButtons, bindStart, courseHrefOf, endCase, labelCase, openIntro, type PageContext } from './case-page.ts';
import { createInputMixer, type Commands } from './controls.ts';
import { bindGamepad } from './gamepad.ts';
import { connectedPads, createHaptics } from './haptics.ts';
import { createGuide, createHud } from './hud.ts';
import { setUpIntro } from './intro.ts';
import { bindKeyboard } from './keyboard.ts';
import { DesktopOnly, launchOver, loadScenario, readLaunch, type Launch } from './launch.ts';
import { createMarking } from './marking.ts';
import { createMinimap } from './minimap.ts';
import { startLoop } from './loop.ts';
import { $, bindPause, createToast, show } from './panels.ts';
import { createFetoscopeView, type FetoscopeView } from './scene.ts';
import { createSession, type Session } from './session.ts';
import { bindTouch } from './touch.ts';
import { TASK_KEYS, translator, type SimKey, type SimStrings, type Translate } from './strings.ts';

/**
 * What only the end of a case needs (sending the attempt, the debrief, the verdict) is fetched when the surgery begins,
 * off the first frame's path and after the page has settled. Asked for again when an earlier try failed.
 */
let ending: Promise<[typeof import('./debrief-panel.ts'), typeof import('../stores/attempts/attempt.ts'), typeof import('./outcome.ts')]> | null = null;
function endOfCase() {
  ending ??= Promise.all([import('./debrief-panel.ts'), import('../stores/attempts/attempt.ts'), import('./outcome.ts')]).catch((err: unknown) => {
    ending = null;
    throw err;
  });
  return ending;
}

/** How often the end of a case is asked for again while it cannot be fetched. */
const END_RETRY_MS = 5000;

export function start(): void {
  const lang: Locale = isLocale($('sim').dataset.locale) ? ($('sim').dataset.locale as Locale) : 'en';
  const params = new URLSearchParams(location.search);
  const wanted = params.get('lan');
  // The head's inline script is already taking the learner to the page in the language the link asks for.
  if (wanted && (isLocale(wanted) ? wanted : 'en') !== lang) return;
  // A screen too small to operate on says so and offers the demo in a larger window, yet the case still opens;
  // a touch screen gets the on-screen controls.
  const device = currentDevice();
  $('sim-small').hidden = !tooSmallToPlay(device);
  $('sim').toggleAttribute('data-touch', hasTouchScreen(device));
  const strings = JSON.parse($('sim-strings').textContent ?? '{}') as SimStrings;
  const t = translator(strings);
  const fail = (key: SimKey, href = localePath(lang, '/courses')) => {
    $('sim-error-text').textContent = t(key);
    $<HTMLAnchorElement>('sim-error-back').href = href;
    show($('sim-error'), $('sim-error-back'));
  };
  const launch = readLaunch(params);
  if (!launch) return fail('sim.error.link');
  const page: PageContext = { t, strings, lang, fail };
  loadScenario(launch).then(
    (loaded) => {
      if (loaded.kind === 'laser') return run(loaded.launch, loaded.scenario, page);
      // A tracheal occlusion case plays on the airway: the page names it at once, and its part of the page is
      // fetched only for it.
      $('sim-title').textContent = document.title = t('sim.feto.title');
      void import('./feto/page.ts').then(
        ({ runFeto }) => runFeto(loaded.launch, loaded.feto, page),
        () => fail('sim.error.course'),
      );
    },
    (err: unknown) => fail(err instanceof DesktopOnly ? 'sim.error.desktop' : 'sim.error.course', courseHrefOf(launch, lang)),
  );
}

function run(launch: Launch, scenario: Scenario, page: PageContext): void {
  const { t, lang, fail } = page;
  const courseHref = courseHrefOf(launch, lang);
  if (launchOver(launch.token)) return fail('sim.error.launchOver', courseHref);
  labelCase(launch, t(TASK_KEYS[scenario.params.task].name), courseHref, page);
  const canvas = $<HTMLCanvasElement>('sim-canvas');
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let view: FetoscopeView;
  try {
    view = createFetoscopeView(canvas, scenario, { reducedMotion });
  } catch {
    return fail('sim.error.webgl', courseHref);
  }
  const session = createSession(scenario);
  const hud = createHud(t, lang);
  const guide = createGuide(t, session.state, launch.guided, $('sim').hasAttribute('data-touch'));
  const minimap = createMinimap($<HTMLCanvasElement>('sim-minimap'), scenario, { donor: t('sim.debrief.donor'), recipient: t('sim.debrief.recipient') });
  $('sim-hud-target').hidden = scenario.targets.length === 0;
  const say = createToast();
  const haptics = createHaptics();
  let contactsSeen = 0;
  let strikesSeen = 0;
  const loop = startLoop({
    session,
    view,
    box: $('sim-scope'),
    scope: () => scope(),
    everyTenth: (state) => {
      // Before the fetoscopy opens the model aims a straight scope; the instruments follow the intro's choice.
      const aim = state.scope ? state.aim : viewOf(state.pose, state.trocar, scope(), scenario.placenta.radiusMm).aim;
      hud.update(state, scope(), aim, session.clock());
      guide.update(state);
      devices.touch.update(state);
      minimap.draw(state, aim);
      if (state.contacts > contactsSeen) say(t('sim.contact'));
      const strikes = strikesOf(state.strikes);
      if (strikes > strikesSeen) say(t('sim.strike'));
      strikesSeen = strikes;
      haptics.update(state, connectedPads(navigator));
      contactsSeen = state.contacts;
      review.update(state);
    },
  });
  const intro = setUpIntro(t, scenario, () => loop.redraw());
  const scope = () => intro.scope();
  const review = bindReview(session, say, page);
  // The lens's wipe is the laser's, as the review is: the markup keeps them hidden for the airway's page.
  $('sim-touch').querySelector<HTMLElement>('[data-touch="wipe"]')!.hidden = false;
  const devices = bindDevices(session, say, t);

  // Attempts this device kept from earlier launches are sent on this visit, once the case is drawn.
  if (launch.token)
    (window.requestIdleCallback ?? setTimeout)(() => void import('../stores/attempts/kept-attempts.ts').then(({ watchKeptAttempts }) => watchKeptAttempts()));
  const startedAt = bindStart(launch, courseHref, page, () => {
    // The end's code is fetched as the surgery begins, long before Finish needs it.
    endOfCase().catch(() => undefined);
    session.open(scope(), intro.site());
    // A navigation drill treats nothing: there is no equator to review.
    review.button.disabled = scenario.params.task === 'navigation';
  });
  bindFinish(
    session,
    devices.input,
    () => {
      review.button.disabled = true;
      guide.update(session.state);
      window.addEventListener('beforeunload', holdPage);
      showEnd(session, launch, startedAt(), say, page);
    },
    () => devices.marking.cancel(),
  );
  bindResultButtons();
  openIntro();
}

/**
 * Saying one is done starts the final review: the learner surveys the equator for what is still open, then Finish.
 * The button shows how much of the equator the review has surveyed.
 */
function bindReview(session: Session, say: (text: string) => void, { t, lang }: PageContext) {
  const button = $<HTMLButtonElement>('sim-review');
  button.hidden = false;
  const surveyed = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  button.addEventListener('click', () => {
    if (session.phase !== 'running' || session.state.reviewAt !== null) return;
    session.act({ type: 'review' });
    button.disabled = true;
    say(t('sim.review.started'));
    $('sim-canvas').focus();
  });
  return {
    button,
    update(state: SimState) {
      if (state.reviewAt !== null) button.textContent = t('sim.review.progress', { share: surveyed.format(prognosisOf(state)?.surveyed ?? 0) });
    },
  };
}

/**
 * The devices (keyboard, touch, controller) on one mixer of held controls, their one-shot commands, the marking
 * dialog, and pause and resume (Escape cancels a mark first).
 */
function bindDevices(session: Session, say: (text: string) => void, t: Translate) {
  const canvas = $<HTMLCanvasElement>('sim-canvas');
  const input = createInputMixer(
    (action) => session.act(action),
    () => session.phase === 'running' && !marking.open,
  );
  const commands: Commands = {
    laser: () => session.act({ type: session.state.laserOn ? 'laserOff' : 'laserOn' }),
    mark: () => {
      if (!marking.start()) say(t('sim.mark.offPlate'));
    },
    exchange: () => {
      if (session.phase !== 'running') return;
      const before = session.state.exchanges;
      session.act({ type: 'exchange' });
      if (session.state.exchanges > before) say(t('sim.exchange.started'));
    },
    wipe: () => {
      if (session.phase !== 'running') return;
      const before = session.state.wipes;
      session.act({ type: 'wipe' });
      if (session.state.wipes > before) say(t('sim.wipe.started'));
    },
    escape: () => {
      if (marking.open) marking.cancel();
      else if (session.phase === 'paused') resume();
      else pause();
    },
  };
  bindKeyboard(session, input, commands, () => marking.open);
  const touch = bindTouch($('sim-touch'), input, commands);
  bindGamepad(session, input, commands, () => (marking.open ? $('sim-mark') : null));
  const marking = createMarking(session, {
    opened: () => input.reset(),
    closed: (kind) => {
      canvas.focus();
      if (kind) say(t('sim.mark.done', { kind }));
    },
  });
  const { pause, resume } = bindPause(session, input, canvas, () => marking.cancel());
  return { input, touch, marking };
}

/** Leaving while the end's code cannot be fetched would drop the play: the page asks first. */
const holdPage = (event: BeforeUnloadEvent) => event.preventDefault();

/**
 * The end of the case, once its code is here. While it cannot be fetched (offline, the server down) the play stays on
 * this page, the learner is told so, and it is asked for again every few seconds; the attempt is then kept or sent.
 */
function showEnd(session: Session, launch: Launch, startedAt: number, say: (text: string) => void, page: PageContext): void {
  const { t, strings, lang } = page;
  void endOfCase().then(
    ([{ showDebrief }, attempt, outcome]) => {
      window.removeEventListener('beforeunload', holdPage);
      endCase(() => showDebrief(session.state, t, strings, lang, dirOf(lang)), attempt, outcome, { launch, log: session.state.log, startedAt }, page);
    },
    () => {
      say(t('sim.endUnreachable'));
      setTimeout(() => showEnd(session, launch, startedAt, say, page), END_RETRY_MS);
    },
  );
}
