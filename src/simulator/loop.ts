// The frame loop: steps the model to now, draws when something visible changed, keeps the drawing resolution
// in step with the machine, and refreshes the instruments ten times a second.
import type { ScopeKind, SimState } from '../domain/simulator/index.ts';
import { fitToBox } from './resolution.ts';
import { murkOf, type FetoscopeView } from './scene.ts';
import type { Session } from './session.ts';

/** What drifts in the cavity is drawn again at most this often (ms of simulation time) while nothing else changes. */
const DRIFT_FRAME_MS = 50;

export interface LoopParts {
  session: Session;
  view: FetoscopeView;
  /** The element the view fills: its width sets the drawing size, its data-reticle shows the centre ring. */
  box: HTMLElement;
  /** The intro's scope choice, shown before the fetoscopy opens. */
  scope(): ScopeKind;
  /** Called ten times a second with the current state. */
  everyTenth(state: SimState): void;
}

export function startLoop({ session, view, box, scope, everyTenth }: LoopParts): { redraw(): void } {
  let dirty = true;
  const sized = fitToBox(box, (size, pixelRatio) => {
    view.resize(size, pixelRatio);
    dirty = true;
  });

  // Draws only when something visible changed: the pose (a new object each step), the laser, the murk, a target, a mark, the drift.
  let drawn = '';
  let lastPose: SimState['pose'] | null = null;
  let lastFrame = 0;
  let drewLast = false;
  let lastTenth = -Infinity;
  let first = true;
  const frame = (now: number) => {
    const state = session.tick();
    // What drifts over the plate moves a few millimetres a second: drawn again every DRIFT_FRAME_MS while it does.
    const drifting = state.scenario.intruders.length > 0 && state.openedAt !== null && state.finishedAt === null;
    const key = `${state.laserOn}|${state.firing}|${state.nextTarget}|${state.marks.length}|${state.pendingMark !== null}|${murkOf(state) > 0 ? state.t : 0}|${drifting ? Math.floor(state.t / DRIFT_FRAME_MS) : 0}|${state.finishedAt}`;
    const draw = dirty || key !== drawn || state.pose !== lastPose;
    if (draw) {
      if (drewLast) sized.sample(now - lastFrame);
      view.render(state, scope(), now);
      drawn = key;
      lastPose = state.pose;
      dirty = false;
    }
    drewLast = draw;
    const reticle = state.openedAt !== null && state.finishedAt === null && !state.laserOn;
    if (reticle !== box.hasAttribute('data-reticle')) box.toggleAttribute('data-reticle', reticle);
    if (now - lastTenth >= 100) {
      lastTenth = now;
      everyTenth(state);
    }
    lastFrame = now;
    if (first) {
      first = false;
      // The mark goes after the frame has been presented, not when render() returned; the full-size placenta is
      // painted after it, and drawn in the next frame.
      requestAnimationFrame(() => {
        performance.mark('simulator:first-frame');
        setTimeout(() => {
          view.sharpen();
          dirty = true;
        });
      });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  return { redraw: () => (dirty = true) };
}
