// The guided walkthrough: eight steps for the whole operation, fewer for the simpler module tasks,
// and which one the learner is on. The user-facing prompts are translated elsewhere, keyed by these ids.
import { LINE_BEGUN, LINE_READ_MM, lineCoverage } from './line.ts';
import type { Task } from './params.ts';
import type { SimState } from './state.ts';

export const GUIDED_STEPS = [
  'open-fetoscopy',
  'explore',
  'reach-targets',
  'identify-anastomoses',
  'activate-laser',
  'coagulate',
  'join-coagulations',
  'draw-solomon-line',
  'finish-review',
] as const;
export type GuidedStepId = (typeof GUIDED_STEPS)[number];

/** The step the learner is on, or 'done' once the surgery is finished. */
export type GuidedProgress = GuidedStepId | 'done';

/** The steps of each task, in order. */
export const TASK_STEPS: Readonly<Record<Task, readonly GuidedStepId[]>> = {
  navigation: ['open-fetoscopy', 'explore', 'reach-targets', 'finish-review'],
  selective: ['open-fetoscopy', 'explore', 'identify-anastomoses', 'activate-laser', 'coagulate', 'finish-review'],
  // The whole operation: eight steps, everything but the navigation drill's targets.
  solomon: GUIDED_STEPS.filter((step) => step !== 'reach-targets'),
};

/** What completes the steps that need a threshold. */
export const STEP_GOALS = {
  /** Distance the tip must travel for the surface to count as explored, in mm. */
  explorePathMm: 40,
  /**
   * A stretch of the equator closed at least this long joins coagulations, in mm: longer than one seal reads alone
   * (its zone, at most half of LINE_BEGUN.awayMm, and the equator's band LINE_READ_MM on each side).
   */
  joinedRunMm: 2 * (LINE_BEGUN.awayMm / 2 + LINE_READ_MM),
} as const;

/** Whether one step's goal has been met; every goal only ever goes from false to true during an attempt. */
export function isStepDone(state: SimState, step: GuidedStepId): boolean {
  const { placenta, targets } = state.scenario;
  switch (step) {
    case 'open-fetoscopy':
      return state.openedAt !== null;
    case 'explore':
      return state.pathLengthMm >= STEP_GOALS.explorePathMm;
    case 'reach-targets':
      return state.nextTarget >= targets.length;
    case 'identify-anastomoses': {
      // Done only on a correct mark: the right anastomosis with the right kind.
      const kinds = new Map(placenta.anastomoses.map((a) => [a.id, a.kind]));
      return placenta.anastomoses.length === 0 || state.marks.some((m) => m.anastomosisId !== null && kinds.get(m.anastomosisId) === m.kind);
    }
    case 'activate-laser':
      return state.laserEverOn;
    case 'coagulate':
      return state.sealed.length > 0 || (placenta.anastomoses.length === 0 && state.firingMs > 0);
    case 'join-coagulations':
      return lineCoverage(placenta.equator, state.scenario.tissue, state.fluence).longestRunMm >= STEP_GOALS.joinedRunMm;
    case 'draw-solomon-line':
      return lineCoverage(placenta.equator, state.scenario.tissue, state.fluence).gaps === 0;
    case 'finish-review':
      return state.finishedAt !== null;
  }
}

/** The first step of the task not yet done; 'done' after finishing. */
export function currentStep(state: SimState): GuidedProgress {
  if (state.finishedAt !== null) return 'done';
  return TASK_STEPS[state.scenario.params.task].find((step) => !isStepDone(state, step)) ?? 'done';
}
