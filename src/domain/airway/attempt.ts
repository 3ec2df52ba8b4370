// A FETO attempt: its events, its replay on the airway model and the step the learner is at. Pure and deterministic,
// so the server can replay the browser's log as the score of record.
import { type Airway, type AirwayControls, stepTip, type TipPose } from './model.ts';

/** The two tasks: place the balloon (insertion) or take it out (removal). */
export type FetoTask = 'insertion' | 'removal';

/** The learner's actions: held controls as in the laser simulator, plus the balloon's inflate, detach and puncture. */
export type FetoEvent =
  ({ t: number; type: 'input' } & AirwayControls) | { t: number; type: 'inflate'; volumeMl: number } | { t: number; type: 'detach' | 'puncture' | 'finish' };

/** The step of the replay, in milliseconds of simulation time. */
export const STEP_MS = 20;

/** Where a balloon sits (depth from the lips, millimetres) and how much it holds. */
export interface Balloon {
  depth: number;
  volumeMl: number;
  detached: boolean;
  punctured: boolean;
}

/** Everything the score and the debrief read from a replayed attempt. */
export interface FetoOutcome {
  task: FetoTask;
  endMs: number;
  pathMm: number;
  contactSteps: number;
  /** The hardest sustained push against the mucosa: the presses of consecutive contact steps summed, millimetres. */
  maxPressMm: number;
  forcedCords: number;
  cordsPassed: boolean;
  carinaReached: boolean;
  /** Removal: whether the tip came within reach of the balloon before puncturing. */
  balloonFound: boolean;
  blindPunctures: number;
  balloon: Balloon | null;
  withdrawn: boolean;
  finished: boolean;
  /** Where the tip is at the end of the replay (the live page draws the view from it). */
  tip: TipPose;
  /** The held controls at the end of the replay. */
  controls: AirwayControls;
}

/** How close the tip must be to the carina to have seen it, and to the balloon to puncture it, in millimetres. */
export const REACH = { carinaMm: 2, balloonMm: 2 } as const;

/** Where the removal task's balloon was left: mid-trachea. */
export const removalBalloonDepth = (airway: Airway) => (airway.landmarks.cords + airway.landmarks.carina) / 2;

/**
 * Replays a log on an airway: every event in time order, the tip stepped between them. The live page passes `untilMs`,
 * the surgery clock, to step on under the held controls past the last event (an unfinished log only).
 */
export function replayFeto(airway: Airway, task: FetoTask, events: readonly FetoEvent[], untilMs = 0): FetoOutcome {
  let pose: TipPose = { depth: 0, x: 0, y: 0 };
  let controls: AirwayControls = { turnX: 0, turnY: 0, insert: 0 };
  let t = 0;
  let streak = 0;
  const out: FetoOutcome = {
    task,
    endMs: 0,
    pathMm: 0,
    contactSteps: 0,
    maxPressMm: 0,
    forcedCords: 0,
    cordsPassed: false,
    carinaReached: false,
    balloonFound: false,
    blindPunctures: 0,
    balloon: task === 'removal' ? { depth: removalBalloonDepth(airway), volumeMl: 0.6, detached: true, punctured: false } : null,
    withdrawn: false,
    finished: false,
    tip: pose,
    controls,
  };
  const advanceTo = (until: number) => {
    while (t < until) {
      const dt = Math.min(STEP_MS, until - t);
      const stepped = stepTip(airway, pose, controls, t, dt);
      const contact = { ...stepped.contact };
      let next = stepped.pose;
      const b = out.balloon;
      if (b && !b.punctured && b.detached && next.depth > b.depth) {
        contact.pressMm += next.depth - Math.max(pose.depth, b.depth);
        next = { ...next, depth: Math.max(pose.depth, b.depth) };
      }
      const dd = next.depth - pose.depth;
      const dx = next.x - pose.x;
      const dy = next.y - pose.y;
      out.pathMm += Math.sqrt(dd * dd + dx * dx + dy * dy);
      if (contact.pressMm > 0) out.contactSteps += 1;
      streak = contact.pressMm > 0 ? streak + contact.pressMm : 0;
      out.maxPressMm = Math.max(out.maxPressMm, streak);
      if (contact.forcedCords) out.forcedCords += 1;
      pose = next;
      t += dt;
      if (pose.depth > airway.landmarks.cords) out.cordsPassed = true;
      if (pose.depth >= airway.landmarks.carina - REACH.carinaMm) out.carinaReached = true;
      if (b && Math.abs(b.depth - pose.depth) <= REACH.balloonMm) out.balloonFound = true;
    }
  };
  for (const e of [...events].sort((a, b) => a.t - b.t)) {
    if (out.finished) break;
    advanceTo(Math.max(t, e.t));
    if (e.type === 'input') controls = { turnX: e.turnX, turnY: e.turnY, insert: e.insert };
    else if (e.type === 'inflate' && task === 'insertion' && !out.balloon?.detached)
      out.balloon = { depth: pose.depth, volumeMl: e.volumeMl, detached: false, punctured: false };
    else if (e.type === 'detach' && out.balloon) out.balloon = { ...out.balloon, detached: true };
    else if (e.type === 'puncture' && out.balloon) {
      if (Math.abs(out.balloon.depth - pose.depth) <= REACH.balloonMm) out.balloon = { ...out.balloon, punctured: true };
      else out.blindPunctures += 1;
    } else if (e.type === 'finish') out.finished = true;
  }
  if (!out.finished) advanceTo(untilMs);
  out.endMs = t;
  out.tip = pose;
  out.controls = controls;
  out.withdrawn = pose.depth < airway.landmarks.tongueBase;
  return out;
}

/** The insertion's and the removal's steps, in order; the guided mode shows the first not yet done. */
export const FETO_STEPS = {
  insertion: ['passCords', 'reachCarina', 'inflate', 'detach', 'withdraw'],
  removal: ['passCords', 'findBalloon', 'puncture', 'withdraw'],
} as const;

/** Whether a step is done in an outcome. */
export function fetoStepDone(o: FetoOutcome, step: (typeof FETO_STEPS)[FetoTask][number]): boolean {
  switch (step) {
    case 'passCords':
      return o.cordsPassed;
    case 'reachCarina':
      return o.carinaReached;
    case 'inflate':
      return o.balloon !== null;
    case 'detach':
      return o.balloon?.detached === true;
    case 'findBalloon':
      return o.balloonFound;
    case 'puncture':
      return o.balloon?.punctured === true;
    case 'withdraw':
      return o.withdrawn;
  }
}
