// The /simulator page for a tracheal occlusion (FETO) launch: the same page, view box, devices, pause, Finish,
// sending and final result as the laser cases, with the airway drawn instead of the placenta, the balloon's
// controls (volume, inflate, detach, puncture) instead of the laser's, and the airway's debrief.
import type { FetoOutcome, FetoTask } from '../../domain/airway/attempt.ts';
import { buildAirway, type Airway } from '../../domain/airway/model.ts';
import { dirOf } from '../../i18n/locales.ts';
import { bindFinish, bindResultButtons, bindStart, courseHrefOf, endCase, labelCase, openIntro, type PageContext } from '../case-page.ts';
import { createInputMixer, type Commands, type InputMixer } from '../controls.ts';
import { bindGamepad } from '../gamepad.ts';
import { bindKeyboard } from '../keyboard.ts';
import { launchOver, type FetoCase, type Launch } from '../launch.ts';
import { $, bindPause, createToast } from '../panels.ts';
import { fitToBox } from '../resolution.ts';
import { bindTouch } from '../touch.ts';
import { balloonActions, bindBalloonKeys, type BalloonAction } from './balloon.ts';
import { FETO_TASK_KEYS, fitPage } from './fit-page.ts';
import { createFetoGuide, createFetoHud } from './instruments.ts';
import { drawAirwayMinimap } from './map.ts';
import { createFetoSession, type FetoSession } from './session.ts';
import { createAirwayView, type AirwayView } from './view.ts';

export function runFeto(launch: Launch, feto: FetoCase, page: PageContext): void {
  const { t, lang, fail } = page;
  const courseHref = courseHrefOf(launch, lang);
  if (launchOver(launch.token)) return fail('sim.error.launchOver', courseHref);
  const airway = buildAirway(feto.caseId, feto.gaWeeks, feto.variant, feto.difficulty);
  const { task } = feto;
  labelCase(launch, t(FETO_TASK_KEYS[task]), courseHref, page);
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
  const updateGuide = createFetoGuide(t, task, launch.guided);
  updateGuide(session.state);
  const updateHud = createFetoHud(airway, session, say, t, lang);
  const minimap = $<HTMLCanvasElement>('sim-minimap');
  startAirwayLoop(view, session, (state, tMs) => {
    updateHud(state, tMs);
    updateGuide(state);
    drawAirwayMinimap(minimap, airway, state);
  });

  const input = bindDevices(session, task, volume, balloonActions(session, volume, say, t, lang));

  const startedAt = bindStart(launch, courseHref, page, () => {
    void import('./debrief.ts').catch(() => undefined);
    session.begin();
  });
  bindFinish(session, input, () => finished(session, airway, launch, startedAt(), page));
  bindResultButtons();
  openIntro();
}

/**
 * The devices: the laser page's keyboard, touch and controller sources steer; roll and fire mean nothing here. The
 * laser's buttons give the balloon's actions, its keys are the balloon's own (I, D, P), and Escape pauses or resumes.
 */
function bindDevices(session: FetoSession, task: FetoTask, volume: HTMLInputElement, balloon: (action: BalloonAction) => void): InputMixer {
  const input = createInputMixer(
    (action) => action.type === 'input' && session.act({ type: 'input', turnX: action.turnX, turnY: action.turnY, insert: action.insert }),
    () => session.phase === 'running',
  );
  const commands: Commands = {
    laser: () => balloon(task === 'insertion' ? 'inflate' : 'puncture'),
    exchange: () => balloon('detach'),
    mark: () => balloon('puncture'),
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
  bindBalloonKeys(session, volume, balloon);
  const { pause, resume } = bindPause(session, input, $('sim-canvas'));
  return input;
}

/** The frame loop: the cords move all the time, so every frame is drawn; fewer pixels on a slow machine. */
function startAirwayLoop(view: AirwayView, session: FetoSession, everyTenth: (state: FetoOutcome, tMs: number) => void): void {
  const sized = fitToBox($('sim-scope'), (size, pixelRatio) => view.resize(size, pixelRatio));
  let last = 0;
  let lastTenth = -Infinity;
  let first = true;
  const frame = (now: number) => {
    const state = session.tick();
    if (last) sized.sample(now - last);
    last = now;
    const tMs = session.phase === 'intro' ? now : session.clock();
    view.render(state, tMs);
    if (now - lastTenth >= 100) {
      lastTenth = now;
      everyTenth(state, tMs);
    }
    if (first) {
      first = false;
      requestAnimationFrame(() => performance.mark('simulator:first-frame'));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** After Finish: the debrief from this device's replay, the attempt sent, the server's replay shown as the score. */
function finished(session: FetoSession, airway: Airway, launch: Launch, startedAt: number, page: PageContext): void {
  const { t, lang } = page;
  void Promise.all([import('./debrief.ts'), import('../../stores/attempts/attempt.ts'), import('../outcome.ts')]).then(
    ([{ showFetoDebrief }, attempt, outcome]) =>
      endCase(() => showFetoDebrief(airway, session.state, t, lang, dirOf(lang)), attempt, outcome, { launch, log: [...session.log], startedAt }, page),
  );
}
