// The simulation state: everything the reducer carries from one tick to the next.
import type { Vec2 } from './geometry.ts';
import type { IntruderKind } from './intruders.ts';
import type { AnastomosisKind } from './placenta.ts';
import type { Scenario } from './scenario.ts';
import { initialPose, NO_CONTROLS, viewOf, type Aim, type Controls, type Pose, type ScopeKind, type Trocar } from './scope.ts';
import type { SimEvent } from './events.ts';

/** One dwell of the beam: where, how wide it got and how much energy went in; the debrief draws these. */
export interface Spot {
  x: number;
  y: number;
  radiusMm: number;
  energyJ: number;
}

/** A point the learner marked as an anastomosis, the kind they said, and the anastomosis it matched (or null). */
export interface Mark {
  x: number;
  y: number;
  kind: AnastomosisKind;
  anastomosisId: string | null;
}

/** Energy delivered, in joules, by where it landed, with the firing figures the technique score reads. */
export interface EnergyLedger {
  total: number;
  anastomosis: number;
  equator: number;
  /** On tissue and vessels beside the band, within LINE_CORRIDOR_MM of the equator: where a line read from the view strays. */
  corridor: number;
  vessel: number;
  tissue: number;
  /** Fired while aiming off the plate: into the uterine wall or the membranes. */
  offPlate: number;
  /** Fired into the cord, a limb or the membrane's fold drifting between the tip and the plate (intruders.ts). */
  struck: number;
  /** Fired while the fluid was too turbid to see through (complications.ts): what an entry bleed asks not to do. */
  blind: number;
  /** Delivered at a working distance and angle. */
  good: number;
  /** Sums weighted by energy, for the mean firing distance and incidence. */
  distanceWeighted: number;
  cosWeighted: number;
}

/** Blood put in the fluid (turbidity.ts): `level` at time `at`, thinning from then on. */
export interface Blood {
  level: number;
  at: number;
}

/** An amnio-exchange under way: from when, and the level it started to wash out. */
export interface Exchange {
  from: number;
  level: number;
}

/** Soiling of the lens (optics.ts): `level` at time `at`, clearing from then on. */
export interface Soiling {
  level: number;
  at: number;
}

/** A wipe of the lens under way: from when, and the fog it started to clear. */
export interface Wipe {
  from: number;
  level: number;
}

/** The whole simulation at one instant; `fluence` is the one large part (J/mm² per cell of the tissue grid). */
export interface SimState {
  scenario: Scenario;
  /** Milliseconds of simulation time since creation; always a whole number of ticks. */
  t: number;
  openedAt: number | null;
  finishedAt: number | null;
  scope: ScopeKind | null;
  /** Where the cannula went in: the scenario's drawn trocar until 'open' names an entry site, then that site's. */
  trocar: Trocar;
  /** The entry site chosen at 'open' (an index into the scenario's sites), or null. */
  site: number | null;
  pose: Pose;
  /** Where the line of sight meets the plate, kept up to date with the pose. */
  aim: Aim | null;
  tipHeightMm: number;
  /** Held controls, and the smoothed rates actually applied (the scope eases in and out of motion). */
  input: Controls;
  rates: Controls;
  laserOn: boolean;
  firing: boolean;
  laserEverOn: boolean;
  /** Distance travelled by the tip, in mm: the economy-of-motion measure. */
  pathLengthMm: number;
  laserArmedMs: number;
  firingMs: number;
  fluence: Float64Array;
  energy: EnergyLedger;
  spots: Spot[];
  /** Anastomosis ids in the order they were sealed: the sequence the order score reads. */
  sealed: string[];
  /** Of those, the ones sealed once a Solomon line had begun (line.ts): sealed by the line, out of sequence. */
  lineSealed: string[];
  marks: Mark[];
  /** The aim point of a 'mark' waiting for its 'classify'. */
  pendingMark: Vec2 | null;
  contacts: number;
  inContact: boolean;
  /** Times the beam struck each thing drifting in its way (one each time it went in), and whether it is in one now. */
  strikes: Record<IntruderKind, number>;
  striking: boolean;
  lastContactAt: number | null;
  /** Blood in the amniotic fluid (turbidity.ts): the last level set and when, an exchange under way, how many were done. */
  blood: Blood;
  exchange: Exchange | null;
  exchanges: number;
  /** Highest level the blood reached, and the level every TRACE_EVERY_MS of surgery: the debrief's curve. */
  peakTurbidity: number;
  turbidityTrace: number[];
  /** Fog on the lens (optics.ts): the last level set and when, a wipe under way, how many were done. */
  fog: Soiling;
  wipe: Wipe | null;
  wipes: number;
  /** When the learner said they were done and began the final review of the equator (review.ts), or null. */
  reviewAt: number | null;
  /** The share of the work done when the review began (work.ts), 0 before it. */
  reviewWork: number;
  /** The equator's sections the aim surveyed during the review, one bit each (review.ts). */
  surveyed: number;
  /** Anastomosis ids sealed during the review: what the survey found. */
  reviewSealed: string[];
  /** Navigation task: index of the next target, and when each was reached. */
  nextTarget: number;
  targetTimes: number[];
  /** Since when the next target has been held (aim on it, working distance, scope still), or null. */
  holdSince: number | null;
  /** The aim's track, sampled while the scope moves, for the debrief map. */
  path: Vec2[];
  /** The accepted events, normalized: what the browser sends and the server replays. */
  log: SimEvent[];
}

/** A fresh simulation: fetoscopy not yet open, the scope along the trocar's axis, laser off. */
export function createSimulation(scenario: Scenario): SimState {
  const pose = initialPose(scenario.trocar);
  const view = viewOf(pose, scenario.trocar, 'straight', scenario.placenta.radiusMm);
  return {
    scenario,
    t: 0,
    openedAt: null,
    finishedAt: null,
    scope: null,
    trocar: scenario.trocar,
    site: null,
    pose,
    aim: view.aim,
    tipHeightMm: view.tip.z,
    input: NO_CONTROLS,
    rates: NO_CONTROLS,
    laserOn: false,
    firing: false,
    laserEverOn: false,
    pathLengthMm: 0,
    laserArmedMs: 0,
    firingMs: 0,
    fluence: new Float64Array(scenario.tissue.cls.length),
    energy: {
      total: 0,
      anastomosis: 0,
      equator: 0,
      corridor: 0,
      vessel: 0,
      tissue: 0,
      offPlate: 0,
      struck: 0,
      blind: 0,
      good: 0,
      distanceWeighted: 0,
      cosWeighted: 0,
    },
    spots: [],
    sealed: [],
    lineSealed: [],
    marks: [],
    pendingMark: null,
    contacts: 0,
    inContact: false,
    strikes: { cord: 0, limb: 0, membrane: 0, amnion: 0, donor: 0 },
    striking: false,
    lastContactAt: null,
    blood: { level: 0, at: 0 },
    exchange: null,
    exchanges: 0,
    peakTurbidity: 0,
    turbidityTrace: [],
    fog: { level: 0, at: 0 },
    wipe: null,
    wipes: 0,
    reviewAt: null,
    reviewWork: 0,
    surveyed: 0,
    reviewSealed: [],
    nextTarget: 0,
    targetTimes: [],
    holdSince: null,
    path: [],
    log: [],
  };
}

/** A copy that may be changed without touching the original: the pure API's purity rests on it. */
export function cloneState(state: SimState): SimState {
  return {
    ...state,
    fluence: state.fluence.slice(),
    energy: { ...state.energy },
    // The last spot is the one a burn may still grow in place: it is copied, the settled ones are shared.
    spots: state.spots.map((spot, i) => (i === state.spots.length - 1 ? { ...spot } : spot)),
    sealed: [...state.sealed],
    lineSealed: [...state.lineSealed],
    marks: [...state.marks],
    strikes: { ...state.strikes },
    targetTimes: [...state.targetTimes],
    turbidityTrace: [...state.turbidityTrace],
    reviewSealed: [...state.reviewSealed],
    path: [...state.path],
    log: [...state.log],
  };
}
