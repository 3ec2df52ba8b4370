// The simulation state: everything the reducer carries from one millisecond to the next.
import type { Vec2 } from './geometry.ts';
import type { Spot } from './coagulation.ts';
import type { SimEvent } from './events.ts';
import type { Placenta } from './placenta.ts';

/** How the fetoscope moves and sees, in placental radii and milliseconds. */
export const SCOPE = {
  /** Top speed with a key held: 0.35 placental radii (about 3.5 cm) per second. */
  maxSpeedPerMs: 0.00035,
  /** Fraction of the gap to the wanted velocity closed each millisecond: about 100 ms to settle, no jerks. */
  smoothingPerMs: 0.01,
  /** Below this speed with no key held the scope is at rest. */
  restSpeedPerMs: 1e-7,
  /** Radius of the view around the aim point. */
  fieldOfView: 0.22,
  /** A hidden anastomosis (visibility 0) is seen only within this fraction of the field of view. */
  hiddenSightFraction: 0.35,
  /** Where the scope points when the fetoscopy opens: the centre of the placenta. */
  start: { x: 0, y: 0 },
} as const;

/** The whole simulation at one instant; plain data, so it can be stored, compared and replayed. */
export interface SimState {
  placenta: Placenta;
  /** Milliseconds of simulation time since creation. */
  t: number;
  openedAt: number | null;
  finishedAt: number | null;
  /** Aim point of the scope (and of the laser) on the placenta. */
  scope: Vec2;
  /** Placental radii per millisecond. */
  velocity: Vec2;
  /** Held direction, length at most 1. */
  input: Vec2;
  /** Aiming beam on (Shift). */
  laserOn: boolean;
  /** Fire key held (space); burns only while the laser is on. */
  firing: boolean;
  laserEverOn: boolean;
  /** Distance travelled by the aim point, in placental radii. */
  pathLength: number;
  /** Time with the aiming beam on. */
  laserArmedMs: number;
  /** Time the laser actually emitted energy. */
  laserFiringMs: number;
  spots: Spot[];
  /** Ids of the anastomoses that have come into sight, in the order they were seen. */
  seen: string[];
  /** The accepted events, normalized: what the browser sends and the server replays. */
  log: SimEvent[];
}

/** A fresh simulation on a placenta: fetoscopy not yet open, scope at the centre, laser off. */
export function createSimulation(placenta: Placenta): SimState {
  return {
    placenta,
    t: 0,
    openedAt: null,
    finishedAt: null,
    scope: { x: SCOPE.start.x, y: SCOPE.start.y },
    velocity: { x: 0, y: 0 },
    input: { x: 0, y: 0 },
    laserOn: false,
    firing: false,
    laserEverOn: false,
    pathLength: 0,
    laserArmedMs: 0,
    laserFiringMs: 0,
    spots: [],
    seen: [],
    log: [],
  };
}

/** A copy whose arrays may be changed without touching the original: the reducer's purity rests on it. */
export function cloneState(state: SimState): SimState {
  return { ...state, spots: [...state.spots], seen: [...state.seen], log: [...state.log] };
}
