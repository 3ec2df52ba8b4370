// The /simulator page: reads the launch link, builds the case's placenta and view once, runs the frame loop,
// and walks the learner from the intro through the surgery to the review and the final score.
import {
  computeMetrics,
  currentStep,
  generatePlacenta,
  GUIDED_STEPS,
  scoreAttempt,
  seedFor,
  type SimState,
} from '../domain/simulator/index.ts';
import { dirOf, isLocale, localePath, type Locale } from '../i18n/locales.ts';
import { $submission, retrySubmission, submitAttempt } from '../stores/attempt.ts';
import { bindKeyboard } from './keyboard.ts';
import { createMinimap } from './minimap.ts';
import { createFetoscopeView, type FetoscopeView } from './scene.ts';
import { createSession } from './session.ts';
import { format, STEP_KEYS, type SimKey, type SimStrings } from './strings.ts';
import { clockText } from '../domain/time.ts';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The launch link's query, validated: null for a link that names no case. */
function readLaunch(params: URLSearchParams) {
  const course = params.get('course')?.trim() ?? '';
  const level = Number(params.get('level'));
  const caseIndex = Number(params.get('case'));
  if (!course || !Number.isInteger(level) || level < 1 || !Number.isInteger(caseIndex) || caseIndex < 1) return null;
  return { course, level, caseIndex, token: params.get('token') || null, guided: params.get('mode') !== 'test' };
}

function chooseLanguage(params: URLSearchParams, pageLocale: Locale): Locale {
  const lan = params.get('lan');
  if (lan === null || lan === '') return pageLocale;
  return isLocale(lan) ? lan : 'en';
}

function show(panel: HTMLElement | null, focus?: HTMLElement) {
  for (const p of document.querySelectorAll<HTMLElement>('.sim-panel')) p.hidden = p !== panel;
  focus?.focus();
}

/** Frame timings kept for `npm run bench:simulator`: intervals between frames and the work done in each. */
const frames = { intervals: [] as number[], work: [] as number[] };

export function start(): void {
  const root = $('sim');
  const pageLocale = (isLocale(root.dataset.locale) ? root.dataset.locale : 'en') as Locale;
  const params = new URLSearchParams(location.search);
  const lang = chooseLanguage(params, pageLocale);
  const all = JSON.parse($('sim-strings').textContent ?? '{}') as Record<Locale, SimStrings>;
  const s = all[lang] ?? all.en;
  const t = (key: SimKey, vars?: Record<string, string | number>) => (vars ? format(s[key], vars) : s[key]);
  document.documentElement.lang = lang;
  document.documentElement.dir = dirOf(lang);
  for (const el of document.querySelectorAll<HTMLElement>('[data-t]')) el.textContent = t(el.dataset.t as SimKey);
  for (const el of document.querySelectorAll<HTMLElement>('[data-t-label]')) el.setAttribute('aria-label', t(el.dataset.tLabel as SimKey));
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });

  const launch = readLaunch(params);
  const fail = (key: SimKey, courseHref = localePath(lang, '/courses')) => {
    $('sim-error-text').textContent = t(key);
    $<HTMLAnchorElement>('sim-error-back').href = courseHref;
    show($('sim-error'), $('sim-error-back'));
  };
  if (!launch) return fail('sim.error.link');
  const courseHref = localePath(lang, `/courses/${encodeURIComponent(launch.course)}`);
  $<HTMLAnchorElement>('sim-back').href = courseHref;
  $<HTMLAnchorElement>('sim-again').href = location.href;
  $('sim-case').textContent = t('sim.caseLabel', { level: launch.level, case: launch.caseIndex });
  $('sim-mode').textContent = t(launch.guided ? 'sim.mode.guided' : 'sim.mode.test');

  const placenta = generatePlacenta(seedFor(launch.course, launch.level, launch.caseIndex), launch.level);
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const canvas = $<HTMLCanvasElement>('sim-canvas');
  let view: FetoscopeView;
  try {
    view = createFetoscopeView(canvas, placenta, { reducedMotion });
  } catch {
    return fail('sim.error.webgl', courseHref);
  }
  const minimap = createMinimap($<HTMLCanvasElement>('sim-minimap'), placenta);
  const session = createSession(placenta);
  const container = $('sim-view');
  const resize = () => {
    const size = Math.max(1, Math.floor(Math.min(container.clientWidth, container.clientHeight)));
    view.resize(size, size, Math.min(window.devicePixelRatio || 1, 1.5));
  };
  new ResizeObserver(resize).observe(container);
  resize();

  // Guided mode: the eight steps, the current one's prompt; test mode shows none of it.
  const guide = $('sim-guide');
  guide.hidden = !launch.guided;
  const stepItems = GUIDED_STEPS.map((step) => {
    const li = document.createElement('li');
    li.textContent = t(STEP_KEYS[step]);
    $('sim-steps').append(li);
    return li;
  });
  let shownStep = '';
  const updateGuide = (state: SimState) => {
    if (!launch.guided) return;
    const step = session.phase === 'intro' ? GUIDED_STEPS[0] : currentStep(state);
    if (step === shownStep) return;
    shownStep = step;
    const index = step === 'done' ? GUIDED_STEPS.length : GUIDED_STEPS.indexOf(step);
    $('sim-step-count').textContent = t('sim.stepOf', { n: Math.min(index + 1, GUIDED_STEPS.length), total: GUIDED_STEPS.length });
    $('sim-prompt').textContent = step === 'done' ? '' : t(STEP_KEYS[step]);
    stepItems.forEach((li, i) => {
      li.dataset.state = i < index ? 'done' : i === index ? 'current' : 'todo';
      if (i === index) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    root.dataset.step = step;
  };

  const laser = $('sim-laser');
  const timer = $('sim-timer');
  let laserShown = '';
  let timerShown = '';
  let lastGuide = 0;
  const updateHud = (state: SimState, now: number) => {
    const laserState = state.laserOn ? (state.firing ? 'firing' : 'on') : 'off';
    if (laserState !== laserShown) {
      laserShown = laserState;
      laser.dataset.state = laserState;
      laser.textContent = t(laserState === 'firing' ? 'sim.firing' : laserState === 'on' ? 'sim.laserOn' : 'sim.laserOff');
    }
    const clock = clockText(session.clock());
    if (clock !== timerShown) {
      timerShown = clock;
      timer.textContent = clock;
    }
    if (now - lastGuide > 150) {
      lastGuide = now;
      updateGuide(state);
    }
  };

  let lastFrame = 0;
  const frame = (now: number) => {
    const begin = performance.now();
    const state = session.tick();
    view.render(state, now);
    minimap.draw(state);
    updateHud(state, now);
    if (lastFrame > 0 && frames.intervals.length < 5000) {
      frames.intervals.push(now - lastFrame);
      frames.work.push(performance.now() - begin);
    }
    lastFrame = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  const keyboard = bindKeyboard(session, { togglePause: () => (session.phase === 'paused' ? resume() : pause()) });
  const finishButton = $<HTMLButtonElement>('sim-finish');
  const pause = () => {
    if (session.phase !== 'running') return;
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
    session.open();
    finishButton.disabled = false;
    show(null, canvas);
  });

  finishButton.addEventListener('click', () => {
    session.finish();
    keyboard.reset();
    finishButton.disabled = true;
    const state = session.state;
    const m = computeMetrics(state);
    $('sim-r-anastomoses').textContent = `${m.anastomosesCoagulated} / ${m.anastomosesTotal}`;
    $('sim-r-line').textContent = percent.format(m.solomonCompleteness);
    $('sim-r-gaps').textContent = String(m.solomonGaps);
    $('sim-r-collateral').textContent = `${number.format(m.collateralEnergyJ)} J`;
    $('sim-r-laser').textContent = `${number.format(m.laserOnTimeMs / 1000)} s`;
    $('sim-score').textContent = String(scoreAttempt(m).score);
    $('sim-surgery-time').textContent = clockText(m.surgeryTimeMs);
    updateGuide(state);
    show($('sim-review'), $('sim-next'));
    void submitAttempt(launch.token, state.log);
  });
  $('sim-next').addEventListener('click', () => show($('sim-result'), $('sim-back')));
  $('sim-retry').addEventListener('click', () => void retrySubmission());
  $submission.subscribe((sub) => {
    const line = $('sim-save');
    $('sim-retry').hidden = !(sub.status === 'error' && sub.reason === 'failed');
    line.dataset.state = sub.status;
    if (sub.status === 'saving') line.textContent = t('sim.result.saving');
    else if (sub.status === 'practice') line.textContent = t('sim.result.practice');
    else if (sub.status === 'error') line.textContent = t(sub.reason === 'expired' ? 'sim.error.expired' : 'sim.error.save');
    else if (sub.status === 'saved') {
      line.textContent = t('sim.result.saved');
      // The server's own replay is the score of record.
      $('sim-score').textContent = String(sub.result.score);
      $('sim-surgery-time').textContent = clockText(sub.result.surgeryTimeMs);
    } else line.textContent = '';
  });

  // Read-only view of the live attempt for the browser tests and the benchmark.
  Object.assign(window, {
    simulatorProbe: () => {
      const state = session.tick();
      return {
        phase: session.phase,
        x: state.scope.x,
        y: state.scope.y,
        vx: state.velocity.x,
        vy: state.velocity.y,
        laserOn: state.laserOn,
        spots: state.spots.map((spot) => ({ x: spot.position.x, y: spot.position.y, r: spot.radius })),
        step: currentStep(state),
      };
    },
    simulatorFrames: frames,
  });
  updateGuide(session.state);
  show($('sim-intro'), $('sim-start'));
}
