// Things in the way: a loop of the recipient's cord, a fold of the inter-twin membrane and, in the harder cases,
// a limb of the recipient float in its sac over the plate and drift, slowly and smoothly, seeded by the launch. The
// beam and the line of sight run from the scope's tip to the plate: when one of them is in between, the laser fires
// into it instead of the plate (a safety gate, "fired at the fetus"), and what lies behind it cannot be seen, marked
// or surveyed until it has drifted on or the scope is moved round it (a fold floating above the working distance is
// passed under by advancing the scope). A case's complication adds its own (complications.ts): a loose sheet of
// separated amnion floating low over the equator, or the donor swimming across it. Where each one is is a pure
// function of the simulation's time, so the page,
// the replay and the scripted players agree without carrying it in the state.
import { complicationIntruders } from './complications.ts';
import type { CaseParams } from './params.ts';
import type { Placenta } from './placenta.ts';
import { createRng, type Rng } from './rng.ts';
import type { Vec3 } from './vec3.ts';

export const INTRUDER_KINDS = ['cord', 'limb', 'membrane', 'amnion', 'donor'] as const;
export type IntruderKind = (typeof INTRUDER_KINDS)[number];

/** One drifting thing: an ellipsoid whose length lies in the plate's plane, its thickness upright. */
export interface Intruder {
  kind: IntruderKind;
  /** Semi-axes, mm: along its length, across it, and upright. */
  axes: Vec3;
  /** Where its centre rests (mm over the plate's frame), how far it drifts from there on each axis, and how fast (rad/ms) and from which phase. */
  rest: Vec3;
  drift: Vec3;
  speed: Vec3;
  phase: Vec3;
  /** The heading of its length (rad), how far it swings either side, how fast (rad/ms), and from which phase. */
  heading: number;
  swing: number;
  swingSpeed: number;
  swingPhase: number;
}

/** Where an intruder is at one instant: its centre and the heading of its length. */
export interface IntruderPose {
  centre: Vec3;
  heading: number;
}

export const INTRUDERS = {
  /** The difficulty from which the cord and the membrane's fold drift over the plate, and from which a limb joins them. */
  fromDifficulty: 3,
  limbFromDifficulty: 4,
  /**
   * Semi-axes (mm): a loop of the recipient's thick cord, a forearm, a broad, thin fold of membrane, the wider sheet
   * of amnion a separation sets loose, and the donor's trunk.
   */
  axes: {
    cord: { x: 22, y: 6.5, z: 6.5 },
    limb: { x: 14, y: 5, z: 5 },
    membrane: { x: 24, y: 14, z: 1.2 },
    amnion: { x: 30, y: 20, z: 1 },
    donor: { x: 26, y: 15, z: 12 },
  } satisfies Record<IntruderKind, Vec3>,
  /** The thin sheets: they do not bleed when struck, and a hole in one is a septostomy (review.ts). */
  sheet: { cord: false, limb: false, membrane: true, amnion: true, donor: false } satisfies Record<IntruderKind, boolean>,
  /**
   * Height of the centre over the plate at rest (mm): the cord and the limb float low enough to cross a beam fired
   * from the working distance (7-12 mm), the fold at or a little above it, so that it hides the plate from a scope
   * held high and is passed under by one brought down to work.
   */
  height: {
    cord: [8.5, 13],
    limb: [7, 12],
    membrane: [13, 19],
    amnion: [10, 15],
    donor: [19, 24],
  } satisfies Record<IntruderKind, readonly [number, number]>,
  /** How far each drifts, as a share of driftMm: the donor swims across the equator, the loose amnion sways less. */
  reach: { cord: 1, limb: 1, membrane: 1, amnion: 0.8, donor: 1.6 } satisfies Record<IntruderKind, number>,
  /** Drift either side of the rest (mm), in the plane and upright, and its period (s): a few mm a second at most. */
  driftMm: [10, 24],
  riseMm: [1, 3],
  periodS: [35, 90],
  /** The heading swings up to this either side (rad), over the same range of periods. */
  swing: 0.5,
  /** The rest lies within this of a point of the equator (mm), itself within 0.6 of the plate's radius from its centre. */
  nearEquatorMm: 12,
} as const;

function draw(rng: Rng, kind: IntruderKind, placenta: Placenta, difficulty: number): Intruder {
  const within = placenta.equator.filter((p) => Math.hypot(p.x, p.y) <= 0.6 * placenta.radiusMm);
  const on = within[Math.floor(rng.next() * within.length)] ?? { x: 0, y: 0 };
  const off = rng.unitVector();
  const away = rng.range(0, INTRUDERS.nearEquatorMm);
  const [low, high] = INTRUDERS.height[kind];
  // Harder cases drift farther and a little faster; a complication's drift as far as the first case that has any.
  const reach = INTRUDERS.reach[kind] * (0.7 + 0.15 * Math.max(0, difficulty - INTRUDERS.fromDifficulty));
  const period = () => (2 * Math.PI) / (1000 * rng.range(...INTRUDERS.periodS));
  const rise = rng.range(...INTRUDERS.riseMm);
  return {
    kind,
    axes: INTRUDERS.axes[kind],
    rest: { x: on.x + off.x * away, y: on.y + off.y * away, z: rng.range(low, high) },
    drift: {
      x: reach * rng.range(...INTRUDERS.driftMm),
      y: reach * rng.range(...INTRUDERS.driftMm),
      z: INTRUDERS.sheet[kind] ? rise : Math.min(rise, low - INTRUDERS.axes[kind].z - 1),
    },
    speed: { x: period(), y: period(), z: period() },
    phase: { x: rng.range(0, 2 * Math.PI), y: rng.range(0, 2 * Math.PI), z: rng.range(0, 2 * Math.PI) },
    heading: rng.range(0, Math.PI),
    swing: rng.range(0.3, 1) * INTRUDERS.swing,
    swingSpeed: period(),
    swingPhase: rng.range(0, 2 * Math.PI),
  };
}

/** The things drifting in a launch's cavity: none in navigation, none in the easier laser cases but a complication's. */
export function generateIntruders(seed: number, placenta: Placenta, params: Pick<CaseParams, 'task' | 'difficulty' | 'complication'>): Intruder[] {
  if (params.task === 'navigation') return [];
  // Streams of their own, so that the placenta and the trocar of every launch, and the ordinary intruders of a case
  // given a complication, stay as they were.
  const rng = createRng((seed ^ 0x5bd1e995) >>> 0);
  const kinds: IntruderKind[] =
    params.difficulty < INTRUDERS.fromDifficulty ? [] : params.difficulty >= INTRUDERS.limbFromDifficulty ? ['cord', 'membrane', 'limb'] : ['cord', 'membrane'];
  const extra = createRng((seed ^ 0x27d4eb2f) >>> 0);
  return [
    ...kinds.map((kind) => draw(rng, kind, placenta, params.difficulty)),
    ...complicationIntruders(params.complication).map((kind) => draw(extra, kind, placenta, params.difficulty)),
  ];
}

/** Times the beam went into anything drifting in its way, whatever it was. */
export const strikesOf = (strikes: Readonly<Record<IntruderKind, number>>): number => INTRUDER_KINDS.reduce((sum, kind) => sum + strikes[kind], 0);

/** Where an intruder is at `t` (ms of simulation time). */
export function intruderAt(i: Intruder, t: number): IntruderPose {
  return {
    centre: {
      x: i.rest.x + i.drift.x * Math.sin(i.speed.x * t + i.phase.x),
      y: i.rest.y + i.drift.y * Math.sin(i.speed.y * t + i.phase.y),
      z: i.rest.z + i.drift.z * Math.sin(i.speed.z * t + i.phase.z),
    },
    heading: i.heading + i.swing * Math.sin(i.swingSpeed * t + i.swingPhase),
  };
}

/**
 * Where, as a share of the way from `a` to `b` (0-1), the segment first meets the ellipsoid (grown by `marginMm` on
 * every axis: the berth a careful eye gives it); null if it misses.
 */
export function entersAt(i: Intruder, pose: IntruderPose, a: Vec3, b: Vec3, marginMm = 0): number | null {
  const c = Math.cos(pose.heading);
  const s = Math.sin(pose.heading);
  // Into the ellipsoid's own frame, scaled to the unit sphere.
  const local = (p: Vec3) => {
    const dx = p.x - pose.centre.x;
    const dy = p.y - pose.centre.y;
    return { x: (dx * c + dy * s) / (i.axes.x + marginMm), y: (-dx * s + dy * c) / (i.axes.y + marginMm), z: (p.z - pose.centre.z) / (i.axes.z + marginMm) };
  };
  const p = local(a);
  const q = local(b);
  const v = { x: q.x - p.x, y: q.y - p.y, z: q.z - p.z };
  const cc = p.x * p.x + p.y * p.y + p.z * p.z - 1;
  if (cc <= 0) return 0;
  const aa = v.x * v.x + v.y * v.y + v.z * v.z;
  const bb = 2 * (p.x * v.x + p.y * v.y + p.z * v.z);
  const disc = bb * bb - 4 * aa * cc;
  if (aa === 0 || disc < 0) return null;
  const first = (-bb - Math.sqrt(disc)) / (2 * aa);
  return first >= 0 && first <= 1 ? first : null;
}

/** The intruder nearest `from` on the way to `to` at `t` (each grown by `marginMm`), or null when the way is clear. */
export function inTheWay(intruders: readonly Intruder[], t: number, from: Vec3, to: Vec3, marginMm = 0): Intruder | null {
  let nearest: { i: Intruder; at: number } | null = null;
  for (const i of intruders) {
    const at = entersAt(i, intruderAt(i, t), from, to, marginMm);
    if (at !== null && (!nearest || at < nearest.at)) nearest = { i, at };
  }
  return nearest?.i ?? null;
}
