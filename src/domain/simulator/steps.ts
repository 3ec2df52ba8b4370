// The SPEC's eight guided steps, as ids, and which one the learner is on: the guided mode prompts and waits.
import { EQUATOR_BAND, type Spot } from './coagulation.ts';
import { equatorCoverage } from './coverage.ts';
import { distance, distanceToPolyline } from './geometry.ts';
import type { SimState } from './state.ts';

/** Step ids in the SPEC's order; the user-facing prompts are translated elsewhere, keyed by these. */
export const GUIDED_STEPS = [
  'open-fetoscopy',
  'explore',
  'identify-anastomoses',
  'activate-laser',
  'coagulate',
  'join-coagulations',
  'draw-solomon-line',
  'finish-review',
] as const;

/** One of the eight steps. */
export type GuidedStepId = (typeof GUIDED_STEPS)[number];

/** The step the learner is on, or 'done' once the surgery is finished (the review screen). */
export type GuidedProgress = GuidedStepId | 'done';

/** What completes the steps that need a threshold. */
export const STEP_GOALS = {
  /** Distance the scope must travel for the placental surface to count as explored. */
  explorePathLength: 0.25,
  /** Dwell of at least one spot for it to count as a coagulation rather than a flick of the key. */
  coagulationMs: 300,
} as const;

function onEquator(state: SimState, spot: Spot): boolean {
  return distanceToPolyline(spot.position, state.placenta.equator) <= EQUATOR_BAND + spot.radius;
}

function joined(state: SimState): boolean {
  const candidates = state.spots.filter((s) => onEquator(state, s));
  for (let i = 0; i < candidates.length; i += 1) {
    for (let j = i + 1; j < candidates.length; j += 1) {
      const a = candidates[i];
      const b = candidates[j];
      if (a && b && distance(a.position, b.position) <= a.radius + b.radius) return true;
    }
  }
  return false;
}

/** Whether one step's goal has been met; every goal only ever goes from false to true during an attempt. */
export function isStepDone(state: SimState, step: GuidedStepId): boolean {
  switch (step) {
    case 'open-fetoscopy':
      return state.openedAt !== null;
    case 'explore':
      return state.pathLength >= STEP_GOALS.explorePathLength;
    case 'identify-anastomoses':
      return state.seen.length > 0 || state.placenta.anastomoses.length === 0;
    case 'activate-laser':
      return state.laserEverOn;
    case 'coagulate':
      return state.spots.some((s) => s.durationMs >= STEP_GOALS.coagulationMs);
    case 'join-coagulations':
      return joined(state);
    case 'draw-solomon-line':
      return state.spots.length > 0 && equatorCoverage(state.placenta.equator, state.spots).gaps === 0;
    case 'finish-review':
      return state.finishedAt !== null;
  }
}

/** The first step not yet done, in the SPEC's order; 'done' after finishing. */
export function currentStep(state: SimState): GuidedProgress {
  if (state.finishedAt !== null) return 'done';
  return GUIDED_STEPS.find((step) => !isStepDone(state, step)) ?? 'done';
}
