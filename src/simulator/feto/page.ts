// The /simulator page for a tracheal occlusion (FETO) launch: the same page, view box, devices, pause, Finish,
// sending and final result as the laser cases, with the airway drawn instead of the placenta, the balloon's
// controls (volume, inflate, detach, puncture) instead of the laser's, and the airway's debrief.
import { FETO_STEPS, fetoStepDone, type FetoOutcome, type FetoTask } from '../../domain/airway/attempt.ts';
import { buildAirway, cordsPassable, type Airway } from '../../domain/airway/model.ts';
import { clockText } from '../../domain/time.ts';
import { dirOf, localePath, type Locale } from '../../i18n/locales.ts';
import { createInputMixer, type Commands } from '../controls.ts';
import { bindGamepad } from '../gamepad.ts';
import { bindKeyboard } from '../keyboard.ts';
import { launchOver, playedOf, type FetoCase, type Launch } from '../launch.ts';
import { $, bindPause, createToast, screen, show } from '../panels.ts';
import { createResolution } from '../resolution.ts';
import type { SimKey, SimStrings, Translate } from '../strings.ts';
import { bindTouch } from '../touch.ts';
import { drawAirwayMinimap } from './map.ts';
import { createFetoSession, type FetoSession } from './session.ts';
import { createAirwayView, type AirwayView } from './view.ts';

interface FetoPageContext {
  t: Translate;
  strings: SimStrings;
  lang: Locale;
  fail(key: SimKey, href?: string): void;
}

/** The volumes the learner can choose, in ml (the contract's 0.05 ml steps). */
const VOLUME = { min: 0.3, max: 1, step: 0.05, start: 0.3 } as const;
const roundVolume = (v: number) => Math.round(Math.min(VOLUME.max, Math.max(VOLUME.min, v)) * 20) / 20;

const FETO_TASK_KEYS = { insertion: 'sim.feto.task.insertion', removal: 'sim.feto.task.removal' } as const satisfies Record<FetoTask, SimKey>;
const INTRO_KEYS = { insertion: 'sim.feto.intro.insertion', removal: 'sim.feto.intro.removal' } as const satisfies Record<FetoTask, SimKey>;
const STEP_KEYS = {
  passCords: 'sim.feto.step.passCords',
  reachCarina: 'sim.feto.step.reachCarina',
  inflate: 'sim.feto.step.inflate',
  detach: 'sim.feto.step.detach',
  withdraw: 'sim.feto.step.withdraw',
  findBalloon: 'sim.feto.step.findBalloon',
  puncture: 'sim.feto.step.puncture',
} as const satisfies Record<(typeof FETO_STEPS)[FetoTask][number], SimKey>;
const HELP = {
  keyboard: ['sim.feto.keys.steer', 'sim.keys.advance', 'sim.feto.keys.balloon', 'sim.feto.keys.volume', 'sim.keys.pause', 'sim.keys.finish'],
  touch: ['sim.touch.pivot', 'sim.touch.depth', 'sim.feto.touch.help', 'sim.touch.help.pause', 'sim.touch.help.finish'],
  gamepad: ['sim.feto.keys.gamepad'],
} as const satisfies Record<string, readonly SimKey[]>;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, attrs: Record<string, string> = {}) => {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
};

/** Turns the laser page's parts into the airway's: what the balloon needs is added, what the laser needs is hidden. */
function fitPage(t: Translate, task: FetoTask, airway: Airway, lang: Locale) {
  for (const id of ['sim-laser', 'sim-site-choice', 'sim-scope-choice', 'sim-hud-target']) $(id).hidden = true;
  $('sim').dataset.procedure = 'feto';
  $('sim-intro-title').textContent = t(FETO_TASK_KEYS[task]);
  $('sim-intro-text').textContent = t(INTRO_KEYS[task]);
  const mm = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
  $('sim-intro-placenta').textContent = t('sim.feto.intro.airway', {
    weeks: airway.gaWeeks,
    diameter: mm.format(airway.tracheaDiameterMm),
    carina: mm.format(airway.landmarks.carina),
  });
  // The instruments: the tip's depth, the carina, the cords, the balloon and the contacts.
  const hud = $('sim-hud-title').nextElementSibling as HTMLElement;
  const names = {
    depth: 'sim.feto.hud.depth',
    carina: 'sim.feto.hud.carina',
    cords: 'sim.feto.hud.cords',
    balloon: 'sim.feto.hud.balloon',
    contacts: 'sim.hud.contacts',
  } as const satisfies Record<string, SimKey>;
  const rows = Object.entries(names).map(([name, key]) => {
    const row = el('div');
    row.append(el('dt', t(key)), el('dd', '', { id: `sim-f-${name}` }));
    return row;
  });
  hud.replaceChildren(...rows);
  // The balloon's controls beside the view, for a mouse and for anyone who prefers buttons to keys.
  const controls = el('section', undefined, { class: 'sim-balloon', 'aria-labelledby': 'sim-balloon-title' });
  const volume = el('input', undefined, {
    id: 'sim-volume',
    type: 'number',
    min: String(VOLUME.min),
    max: String(VOLUME.max),
    step: String(VOLUME.step),
    value: String(VOLUME.start),
    inputmode: 'decimal',
    dir: 'ltr',
  });
  const label = el('label', t('sim.feto.volume'), { for: 'sim-volume' });
  const buttons = el('p', undefined, { class: 'sim-balloon-buttons' });
  for (const action of task === 'insertion' ? (['inflate', 'detach'] as const) : (['puncture'] as const))
    buttons.append(el('button', t(`sim.feto.${action}`), { type: 'button', class: 'sim-button sim-ghost', 'data-feto': action }));
  controls.append(el('h2', t('sim.feto.balloon'), { id: 'sim-balloon-title' }), ...(task === 'insertion' ? [label, volume] : []), buttons);
  $('sim-finish').after(controls);
  // The on-screen controls: the stick steers, the slider advances; the laser's three buttons become the balloon's.
  const touch = $('sim-touch');
  const relabel = (name: string, key: SimKey | null) => {
    const button = touch.querySelector<HTMLElement>(`[data-touch="${name}"]`)!;
    button.hidden = key === null;
    button.removeAttribute('aria-pressed');
    if (key) button.textContent = t(key);
  };
  relabel('laser', task === 'insertion' ? 'sim.feto.inflate' : null);
  relabel('exchange', task === 'insertion' ? 'sim.feto.detach' : null);
  relabel('mark', task === 'removal' ? 'sim.feto.puncture' : null);
  relabel('fire', null);
  touch.querySelector<HTMLElement>('.sim-roll')!.hidden = true;
  // The help names the airway's controls.
  const help = $('sim-keys-title').parentElement!;
  for (const list of help.querySelectorAll<HTMLElement>('ul[data-for]')) {
    const device = list.dataset['for'] as keyof typeof HELP;
    list.replaceChildren(...HELP[device].map((key) => el('li', t(key))));
  }
  $('sim-minimap').setAttribute('aria-label', t('sim.feto.minimap'));
  $('sim-minimap').nextElementSibling!.textContent = t('sim.feto.minimap');
  return volume;
}

export function runFeto(launch: Launch, feto: FetoCase, { t, strings, lang, fail }: FetoPageContext): void {
  const courseHref = localePath(lang, `/courses/${encodeURIComponent(launch.course)}`);
  if (launchOver(launch.token)) return fail('sim.error.launchOver', courseHref);
  const airway = buildAirway(feto.caseId, feto.gaWeeks, feto.variant, feto.difficulty);
  const { task } = feto;
  $('sim-case').textContent = `${t('sim.caseLabel', { level: launch.level, case: launch.caseIndex })} · ${t(FETO_TASK_KEYS[task])}`;
  $('sim-mode').textContent = t(launch.assessment ? 'sim.mode.assessment' : launch.guided ? 'sim.mode.guided' : 'sim.mode.test');
  $<HTMLAnchorElement>('sim-back').href = courseHref;
  $<HTMLAnchorElement>('sim-again').href = launch.token ? courseHref : location.href;
  $('sim-again').hidden = launch.token !== null;
  $<HTMLAnchorElement>('sim-signin').href = `${localePath(lang, '/login')}?next=${encodeURIComponent(courseHref)}`;
  $('sim-small-demo').hidden = true;
  const volume = fitPage(t, task, airway, lang);
  const canvas = $<HTMLCanvasElement>('sim-canvas');
  let view: AirwayView;
  try {
    view = createAirwayView(canvas, airway, airway.breathingPeriodMs ^ Math.round(airway.landmarks.carina * 1000));
  } catch {
    return fail('sim.error.webgl', courseHref);
  }
  const session = createFetoSession(airway, task);
  const say = createToast();
  // Millimetres in the reader's language and order (an Arabic page reads the unit after the number, in its script).
  const mm = new Intl.NumberFormat(lang, { style: 'unit', unit: 'millimeter', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const ml = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const chosenVolume = () => roundVolume(Number(volume.value) || VOLUME.start);

  // The guide: the task's steps, done ones ticked, the first one left as the prompt (guided mode).
  const steps = FETO_STEPS[task];
  $('sim-guide').hidden = !launch.guided;
  const items = steps.map((step) => el('li', t(STEP_KEYS[step])));
  $('sim-steps').replaceChildren(...items);
  const updateGuide = (state: FetoOutcome) => {
    const done = steps.map((step) => fetoStepDone(state, step));
    const index = done.indexOf(false) < 0 ? steps.length : done.indexOf(false);
    items.forEach((li, i) => {
      li.dataset['state'] = i < index ? 'done' : i === index ? 'current' : 'todo';
      if (i === index) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    $('sim-step-count').textContent = t('sim.stepOf', { n: Math.min(index + 1, steps.length), total: steps.length });
    const prompt = index < steps.length ? t(STEP_KEYS[steps[index]!]) : t('sim.feto.step.done');
    if ($('sim-prompt').textContent !== prompt) $('sim-prompt').textContent = prompt;
  };
  updateGuide(session.state);

  let contactsSeen = 0;
  const updateHud = (state: FetoOutcome, tMs: number) => {
    $('sim-f-depth').textContent = mm.format(state.tip.depth);
    $('sim-f-carina').textContent = mm.format(airway.landmarks.carina - state.tip.depth);
    $('sim-f-cords').textContent = t(cordsPassable(airway, tMs) ? 'sim.feto.hud.open' : 'sim.feto.hud.closed');
    const b = state.balloon;
    const volumeText = b ? ml.format(b.volumeMl) : '';
    $('sim-f-balloon').textContent = t(
      !b ? 'sim.feto.balloon.none' : b.punctured ? 'sim.feto.balloon.punctured' : b.detached ? 'sim.feto.balloon.detached' : 'sim.feto.balloon.attached',
      { volume: volumeText },
    );
    $('sim-f-contacts').textContent = String(state.contactSteps);
    $('sim-timer').textContent = clockText(session.clock());
    if (state.contactSteps > contactsSeen && session.phase === 'running') say(t('sim.feto.contact'));
    contactsSeen = state.contactSteps;
  };

  // The frame loop: the cords move all the time, so every frame is drawn; fewer pixels on a slow machine.
  const box = $('sim-scope');
  const resolution = createResolution();
  let size = 1;
  const fit = () => view.resize(size, Math.min(window.devicePixelRatio || 1, 1.5) * resolution.scale);
  new ResizeObserver(() => {
    size = Math.max(1, Math.floor(box.clientWidth));
    fit();
  }).observe(box);
  const minimap = $<HTMLCanvasElement>('sim-minimap');
  let last = 0;
  let lastTenth = -Infinity;
  let first = true;
  const frame = (now: number) => {
    const state = session.tick();
    if (last && resolution.sample(now - last)) fit();
    last = now;
    const tMs = session.phase === 'intro' ? now : session.clock();
    view.render(state, tMs);
    if (now - lastTenth >= 100) {
      lastTenth = now;
      updateHud(state, tMs);
      updateGuide(state);
      drawAirwayMinimap(minimap, airway, state);
    }
    if (first) {
      first = false;
      requestAnimationFrame(() => performance.mark('simulator:first-frame'));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // The devices: the laser page's keyboard, touch and controller sources; roll and fire mean nothing here.
  const input = createInputMixer(
    (action) => action.type === 'input' && session.act({ type: 'input', turnX: action.turnX, turnY: action.turnY, insert: action.insert }),
    () => session.phase === 'running',
  );
  const balloonAction = (action: 'inflate' | 'detach' | 'puncture') => {
    if (session.phase !== 'running') return;
    const before = session.state;
    if (action === 'inflate') session.act({ type: 'inflate', volumeMl: chosenVolume() });
    else session.act({ type: action });
    const after = session.state;
    if (action === 'inflate' && after.balloon && after.balloon !== before.balloon)
      say(t('sim.feto.said.inflated', { volume: ml.format(after.balloon.volumeMl) }));
    else if (action === 'detach' && after.balloon?.detached && !before.balloon?.detached) say(t('sim.feto.said.detached'));
    else if (action === 'puncture') say(t(after.balloon?.punctured && !before.balloon?.punctured ? 'sim.feto.said.punctured' : 'sim.feto.said.missed'));
  };
  const commands: Commands = {
    laser: () => balloonAction(task === 'insertion' ? 'inflate' : 'puncture'),
    exchange: () => balloonAction('detach'),
    mark: () => balloonAction('puncture'),
    escape: () => (session.phase === 'paused' ? resume() : pause()),
  };
  const live = {
    get phase() {
      return session.phase;
    },
  };
  bindKeyboard(live, input, { ...commands, laser: () => undefined, mark: () => undefined, exchange: () => undefined }, () => false);
  bindTouch($('sim-touch'), input, commands);
  bindGamepad(live, input, commands, () => null);
  const nudgeVolume = (by: number) => (volume.value = String(roundVolume(chosenVolume() + by)));
  window.addEventListener('keydown', (e) => {
    if (session.phase !== 'running' || e.repeat || e.ctrlKey || e.metaKey || e.altKey || e.target === volume) return;
    const action = ({ KeyI: 'inflate', KeyD: 'detach', KeyP: 'puncture' } as const)[e.code as 'KeyI' | 'KeyD' | 'KeyP'];
    if (action) {
      e.preventDefault();
      balloonAction(action);
    } else if (e.code === 'Minus' || e.code === 'NumpadSubtract' || e.code === 'Equal' || e.code === 'NumpadAdd') {
      e.preventDefault();
      nudgeVolume(e.code === 'Minus' || e.code === 'NumpadSubtract' ? -VOLUME.step : VOLUME.step);
    }
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-feto]'))
    button.addEventListener('click', () => balloonAction(button.dataset['feto'] as 'inflate' | 'detach' | 'puncture'));

  const { pause, resume } = bindPause(session, input, canvas);

  let startedAt = 0;
  $('sim-start').addEventListener('click', () => {
    if (launchOver(launch.token)) return fail('sim.error.launchOver', courseHref);
    startedAt = Date.now();
    void import('./debrief.ts').catch(() => undefined);
    session.begin();
    $('sim-small').hidden = true;
    $<HTMLButtonElement>('sim-finish').disabled = false;
    show(null, canvas);
    window.scrollTo(0, 0);
  });
  $('sim-finish').addEventListener('click', () => {
    session.finish();
    input.reset();
    $<HTMLButtonElement>('sim-finish').disabled = true;
    finished(session, airway, launch, startedAt, { t, strings, lang, fail });
  });
  $('sim-next').addEventListener('click', () => {
    screen('result');
    $('sim-result-title').focus();
  });
  $('sim-retry').addEventListener('click', () => void import('../../stores/attempts/attempt.ts').then(({ retrySubmission }) => retrySubmission()));
  show($('sim-intro'), $('sim-start'));
  $('sim').toggleAttribute('data-ready', true);
}

/** After Finish: the debrief from this device's replay, the attempt sent, the server's replay shown as the score. */
function finished(session: FetoSession, airway: Airway, launch: Launch, startedAt: number, { t, lang }: FetoPageContext): void {
  void Promise.all([import('./debrief.ts'), import('../../stores/attempts/attempt.ts'), import('../outcome.ts')]).then(
    ([{ showFetoDebrief }, { $submission, submitAttempt }, { showOutcome }]) => {
      showFetoDebrief(airway, session.state, t, lang, dirOf(lang));
      screen('debrief');
      $('sim-debrief-title').focus();
      const stop = $submission.listen((sub) => {
        if (sub.status !== 'saved') return;
        stop();
        void showOutcome(sub.result, t, lang, launch.assessment);
      });
      void submitAttempt(playedOf(launch), [...session.log], startedAt);
    },
  );
}
