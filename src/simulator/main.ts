// The /simulator page: reads the launch link, builds the launch's scenario and view once, runs the frame loop,
// and walks the learner from the intro through the surgery to the debrief and the final score.
import { currentStep, type Scenario, type SimState } from '../domain/simulator/index.ts';
import { dirOf, isLocale, localePath, type Locale } from '../i18n/locales.ts';
import { retrySubmission, submitAttempt } from '../stores/attempt.ts';
import { showDebrief } from './debrief-panel.ts';
import { createGuide, createHud } from './hud.ts';
import { setUpIntro } from './intro.ts';
import { bindKeyboard } from './keyboard.ts';
import { loadScenario, readLaunch, type Launch } from './launch.ts';
import { createMarking } from './marking.ts';
import { createMinimap } from './minimap.ts';
import { createResolution } from './resolution.ts';
import { createFetoscopeView, murkOf, type FetoscopeView } from './scene.ts';
import { createSession } from './session.ts';
import { TASK_KEYS, translator, type SimKey, type SimStrings, type Translate } from './strings.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows one panel over the view (or none), and moves the focus where the learner goes next. */
function show(panel: HTMLElement | null, focus?: HTMLElement) {
  for (const p of document.querySelectorAll<HTMLElement>('.sim-panel:not(#sim-mark)')) p.hidden = p !== panel;
  focus?.focus();
}

/** Shows the stage (view and instruments), the debrief or the final result. */
function screen(name: 'stage' | 'debrief' | 'result') {
  $('sim-stage').hidden = name !== 'stage';
  $('sim-debrief').hidden = name !== 'debrief';
  $('sim-result').hidden = name !== 'result';
}

/** Frame timings kept for `npm run bench:simulator`: intervals between frames and the script work in each. */
const frames = { intervals: [] as number[], work: [] as number[] };

export function start(): void {
  const lang: Locale = isLocale($('sim').dataset.locale) ? ($('sim').dataset.locale as Locale) : 'en';
  const params = new URLSearchParams(location.search);
  const wanted = params.get('lan');
  // The head's inline script is already taking the learner to the page in the language the link asks for.
  if (wanted && (isLocale(wanted) ? wanted : 'en') !== lang) return;
  const strings = JSON.parse($('sim-strings').textContent ?? '{}') as SimStrings;
  const t = translator(strings);
  const fail = (key: SimKey, href = localePath(lang, '/courses')) => {
    $('sim-error-text').textContent = t(key);
    $<HTMLAnchorElement>('sim-error-back').href = href;
    show($('sim-error'), $('sim-error-back'));
  };
  const launch = readLaunch(params);
  if (!launch) return fail('sim.error.link');
  loadScenario(launch).then(
    (loaded) => run(loaded.launch, loaded.scenario, { t, strings, lang, fail }),
    () => fail('sim.error.course', localePath(lang, `/courses/${encodeURIComponent(launch.course)}`)),
  );
}

interface PageContext {
  t: Translate;
  strings: SimStrings;
  lang: Locale;
  fail(key: SimKey, href?: string): void;
}

function run(launch: Launch, scenario: Scenario, { t, strings, lang, fail }: PageContext): void {
  const courseHref = localePath(lang, `/courses/${encodeURIComponent(launch.course)}`);
  $('sim-case').textContent = `${t('sim.caseLabel', { level: launch.level, case: launch.caseIndex })} · ${t(TASK_KEYS[scenario.params.task].name)}`;
  $('sim-mode').textContent = t(launch.guided ? 'sim.mode.guided' : 'sim.mode.test');
  $<HTMLAnchorElement>('sim-back').href = courseHref;
  $<HTMLAnchorElement>('sim-again').href = launch.token ? courseHref : location.href;
  $('sim-again').hidden = launch.token !== null;
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
  const guide = createGuide(t, session.state, launch.guided);
  const minimap = createMinimap($<HTMLCanvasElement>('sim-minimap'), scenario);
  $('sim-hud-target').hidden = scenario.targets.length === 0;
  let dirty = true;
  const scope = setUpIntro(t, scenario, () => (dirty = true));

  const scopeBox = $('sim-scope');
  const resolution = createResolution();
  let size = 1;
  const fit = () => {
    view.resize(size, Math.min(window.devicePixelRatio || 1, 1.5) * resolution.scale);
    dirty = true;
  };
  new ResizeObserver(() => {
    size = Math.max(1, Math.floor(scopeBox.clientWidth));
    fit();
  }).observe(scopeBox);

  const toast = $('sim-toast');
  let toastTimer = 0;
  const say = (text: string) => {
    toast.textContent = text;
    clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => (toast.textContent = ''), 4000);
  };

  // Renders only when something visible changed: the pose (a new object each step), the laser, the murk, a target.
  let drawn = '';
  let lastPose: SimState['pose'] | null = null;
  let lastFrame = 0;
  let drewLast = false;
  let lastHud = -Infinity;
  let contactsSeen = 0;
  let first = true;
  const frame = (now: number) => {
    const begin = performance.now();
    const state = session.tick();
    const key = `${state.laserOn}|${state.firing}|${state.nextTarget}|${murkOf(state) > 0 ? state.t : 0}|${state.finishedAt}`;
    const draw = dirty || key !== drawn || state.pose !== lastPose;
    if (draw) {
      if (drewLast && resolution.sample(now - lastFrame)) fit();
      view.render(state, scope(), now);
      drawn = key;
      lastPose = state.pose;
      dirty = false;
    }
    drewLast = draw;
    const reticle = state.openedAt !== null && state.finishedAt === null && !state.laserOn;
    if (reticle !== scopeBox.hasAttribute('data-reticle')) scopeBox.toggleAttribute('data-reticle', reticle);
    if (now - lastHud >= 100) {
      lastHud = now;
      hud.update(state, scope(), session.clock());
      guide.update(state);
      minimap.draw(state);
      if (state.contacts > contactsSeen) say(t('sim.contact'));
      contactsSeen = state.contacts;
    }
    if (lastFrame > 0 && frames.intervals.length < 5000) {
      frames.intervals.push(now - lastFrame);
      frames.work.push(performance.now() - begin);
    }
    lastFrame = now;
    if (first) {
      first = false;
      // The mark goes after the frame has been presented, not when render() returned.
      requestAnimationFrame(() => performance.mark('simulator:first-frame'));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const finishButton = $<HTMLButtonElement>('sim-finish');
  const keyboard = bindKeyboard(session, {
    mark: () => {
      if (!marking.start()) say(t('sim.mark.offPlate'));
    },
    escape: () => {
      if (marking.open) marking.cancel();
      else if (session.phase === 'paused') resume();
      else pause();
    },
    blocked: () => marking.open,
  });
  const marking = createMarking(session, {
    opened: () => keyboard.reset(),
    closed: (kind) => {
      canvas.focus();
      if (kind) say(t('sim.mark.done', { kind }));
    },
  });
  const pause = () => {
    if (session.phase !== 'running') return;
    marking.cancel();
    session.pause();
    keyboard.reset();
    show($('sim-paused'), $('sim-resume'));
  };
  const resume = () => {
    if (session.phase !== 'paused') return;
    session.resume();
    show(null, canvas);
  };
  $('sim-resume').addEventListener('click', resume);
  window.addEventListener('blur', pause);
  document.addEventListener('visibilitychange', () => document.hidden && pause());

  $('sim-start').addEventListener('click', () => {
    session.open(scope());
    finishButton.disabled = false;
    show(null, canvas);
  });
  finishButton.addEventListener('click', () => {
    marking.cancel();
    session.finish();
    keyboard.reset();
    finishButton.disabled = true;
    guide.update(session.state);
    showDebrief(session.state, t, strings, lang, dirOf(lang));
    screen('debrief');
    $('sim-debrief-title').focus();
    void submitAttempt(launch.token, session.state.log);
  });
  $('sim-retry').addEventListener('click', () => void retrySubmission());
  $('sim-next').addEventListener('click', () => {
    screen('result');
    $('sim-result-title').focus();
  });

  // Read-only view of the live attempt for the browser journeys and the benchmark; it moves nothing.
  Object.assign(window, {
    simulatorProbe: () => {
      const s = session.state;
      return {
        phase: session.phase,
        t: s.t,
        scope: s.scope,
        pose: s.pose,
        aim: s.aim,
        tipHeightMm: s.tipHeightMm,
        laserOn: s.laserOn,
        firing: s.firing,
        sealed: [...s.sealed],
        marks: s.marks.map((m) => ({ ...m })),
        pendingMark: s.pendingMark,
        marking: marking.open,
        contacts: s.contacts,
        nextTarget: s.nextTarget,
        spots: s.spots.length,
        step: currentStep(s),
      };
    },
    simulatorFrames: frames,
  });
  show($('sim-intro'), $('sim-start'));
}
