// The simulator model's public API: pure TypeScript shared by the browser simulator and the server's replay.
export type { Vec2 } from './geometry.ts';
export { DISC_RADIUS, distance, distanceToPolyline, polylineLength } from './geometry.ts';
export type { Rng } from './rng.ts';
export { createRng, hashString, seedFor } from './rng.ts';
export type {
  Anastomosis,
  AnastomosisKind,
  CordInsertion,
  Placenta,
  PlacentalPosition,
  Twin,
  Vessel,
  VesselKind,
} from './placenta.ts';
export type { Difficulty } from './difficulty.ts';
export { difficultyFor, LEVEL_RANGE } from './difficulty.ts';
export { ANASTOMOSIS_KIND_WEIGHTS, generatePlacenta } from './generate.ts';
export { NORMAL_VESSEL_MARGIN, feederKinds } from './vessels.ts';
export type { Spot, SpotContact, SpotTarget } from './coagulation.ts';
export { EQUATOR_BAND, LASER, classifySpot, makeSpot, seals, spotEnergy, spotRadius } from './coagulation.ts';
export type { EquatorCoverage } from './coverage.ts';
export { equatorCoverage } from './coverage.ts';
export type { MoveEvent, PlainEvent, SimEvent, SimEventType } from './events.ts';
export { EVENT_TYPES, MAX_SESSION_MS, normalizeEvent } from './events.ts';
export type { SimState } from './state.ts';
export { SCOPE, createSimulation } from './state.ts';
export { isInSight } from './motion.ts';
export { advance, applyEvent, replay } from './simulation.ts';
export type { SimMetrics } from './metrics.ts';
export { computeMetrics } from './metrics.ts';
export type { Score, ScoreComponents } from './score.ts';
export { SCORING, falloff, scoreAttempt } from './score.ts';
export type { GuidedProgress, GuidedStepId } from './steps.ts';
export { GUIDED_STEPS, STEP_GOALS, currentStep, isStepDone } from './steps.ts';
