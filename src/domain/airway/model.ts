// The fetal airway for tracheal occlusion (FETO): a seeded head and airway at a gestational age, and the straight
// fetoscope in its sheath moving inside it. Pure: millimetres and milliseconds, no DOM, the same seed gives the same
// airway in the browser and on the server. Only +, -, *, / and sqrt, so every engine gives bit-identical results.
import { createRng, hashString } from '../simulator/rng.ts';

/** The gestational ages the cases may use, in completed weeks. */
export const GA_WEEKS = { min: 27, max: 32 } as const;

/** The instrument: a straight ~1.3 mm fetoscope in a ~3 mm sheath; the sheath is what touches the mucosa. */
export const FETOSCOPE = { scopeDiameterMm: 1.3, sheathDiameterMm: 3, advanceMmPerS: 8, steerMmPerS: 1 } as const;

/** The landmarks along the airway's centre line, as depths from the lips in millimetres. */
export interface Landmarks {
  tongueBase: number;
  epiglottis: number;
  cords: number;
  carina: number;
}

/** A case's difficulty: 1 (a neutral head, a wide mouth, long-open cords) to 3. */
export type FetoDifficulty = 1 | 2 | 3;

/**
 * What each difficulty draws from: head flexion in tenths of a degree, the mouth opening's departure from its size at
 * the gestational age (mm), and the fraction of a breathing cycle the cords open. Harder: a more flexed head, a
 * narrower mouth, a shorter window at the cords (sources in docs/feto.md).
 */
export const FETO_DIFFICULTY: Record<FetoDifficulty, { flexion: [number, number]; mouthMm: [number, number]; cordsOpen: [number, number] }> = {
  1: { flexion: [0, 50], mouthMm: [0, 1], cordsOpen: [0.41, 0.45] },
  2: { flexion: [50, 150], mouthMm: [-0.5, 0.5], cordsOpen: [0.37, 0.41] },
  3: { flexion: [150, 250], mouthMm: [-1, 0], cordsOpen: [0.33, 0.37] },
};

/** One seeded airway. */
export interface Airway {
  gaWeeks: number;
  difficulty: FetoDifficulty;
  /** Head flexion in tenths of a degree from neutral: it bends the pharynx (`centreOffsetMm`), which the scope must follow. */
  headFlexion: number;
  /** Mouth opening in millimetres (variant- and difficulty-dependent). */
  mouthOpeningMm: number;
  /** Inner tracheal diameter in millimetres. */
  tracheaDiameterMm: number;
  landmarks: Landmarks;
  /** Length of a fetal breathing cycle of the cords, in milliseconds. */
  breathingPeriodMs: number;
  /** Fraction of the cycle the cords are open enough for the sheath to pass. */
  cordsOpenFraction: number;
}

/**
 * Lengths by gestational age (weeks) from Tupprasoot et al.'s post-mortem MRI of 117 fetuses (docs/feto.md): lips to
 * carina 2.8·GA + 1.4 mm and lips to mid-trachea 2.3·GA + 2.9 mm, so lips to cords (twice the second less the first)
 * 1.8·GA + 4.4 mm and the trachea (the first less that) GA − 3 mm.
 */
const LIPS_TO_CORDS_MM = (ga: number) => 1.8 * ga + 4.4;
const TRACHEA_LENGTH_MM = (ga: number) => ga - 3;

/** A value interpolated between its size at the youngest and the oldest gestational age. */
const byAge = (ga: number, young: number, old: number) => young + ((old - young) * (ga - GA_WEEKS.min)) / (GA_WEEKS.max - GA_WEEKS.min);

/**
 * Draws the airway of a case: its gestational age (clamped to 27–32 weeks) sets the sizes, its difficulty the ranges
 * of head flexion, mouth opening and the cords' window, and the variant draws within them, so each launch gets an
 * airway of the same difficulty that no one could prepare for.
 */
export function buildAirway(caseId: string, gaWeeks: number, variant: number, difficulty: FetoDifficulty = 1): Airway {
  const ga = Math.min(GA_WEEKS.max, Math.max(GA_WEEKS.min, Math.round(gaWeeks)));
  const rng = createRng(hashString(`feto|${caseId}|${ga}|${difficulty}|${variant >>> 0}`));
  const range = FETO_DIFFICULTY[difficulty];
  // Lips to cords and the trachea's length as post-mortem MRI measures them (docs/feto.md): 53 → 62 mm and 24 → 29 mm.
  const cords = LIPS_TO_CORDS_MM(ga) + rng.range(-1, 1);
  const epiglottis = cords - byAge(ga, 6, 7);
  const tongueBase = epiglottis - byAge(ga, 5, 6);
  const tracheaLength = TRACHEA_LENGTH_MM(ga) + rng.range(-1.5, 1.5);
  return {
    gaWeeks: ga,
    difficulty,
    headFlexion: rng.int(range.flexion[0], range.flexion[1]),
    mouthOpeningMm: byAge(ga, 5, 7) + rng.range(range.mouthMm[0], range.mouthMm[1]),
    tracheaDiameterMm: byAge(ga, 3.4, 4.4) + rng.range(-0.2, 0.2),
    landmarks: { tongueBase, epiglottis, cords, carina: cords + tracheaLength },
    breathingPeriodMs: rng.int(1_500, 2_500),
    cordsOpenFraction: rng.range(range.cordsOpen[0], range.cordsOpen[1]),
  };
}

/**
 * How far the airway's centre line lies from the line of the lips at a depth, in millimetres: a flexed head bends the
 * oropharynx between the tongue base and the epiglottis (a hump as high as half that segment times the flexion's tangent),
 * so a straight scope pushed through without steering meets the wall. Zero in the mouth and from the epiglottis on,
 * where the larynx lies in line with the trachea.
 */
export function centreOffsetMm(airway: Airway, depth: number): number {
  const { tongueBase, epiglottis } = airway.landmarks;
  if (depth <= tongueBase || depth >= epiglottis) return 0;
  const u = (depth - tongueBase) / (epiglottis - tongueBase);
  const rad = (airway.headFlexion / 10) * (Math.PI / 180);
  const tan = rad + (rad * rad * rad) / 3 + (2 * rad * rad * rad * rad * rad) / 15;
  return 2 * (epiglottis - tongueBase) * tan * u * (1 - u);
}

/** The lumen's radius at a depth from the lips: the mouth, the pharynx, the cords' opening, the trachea. */
export function lumenRadiusMm(airway: Airway, depth: number, tMs: number): number {
  const { landmarks, mouthOpeningMm, tracheaDiameterMm } = airway;
  if (depth < landmarks.tongueBase) return mouthOpeningMm / 2;
  if (depth < landmarks.cords - 0.5) return Math.max(tracheaDiameterMm, mouthOpeningMm) / 2;
  if (depth <= landmarks.cords + 0.5) return (cordsOpening(airway, tMs) * (tracheaDiameterMm + 0.4)) / 2;
  if (depth <= landmarks.carina) return tracheaDiameterMm / 2;
  return (tracheaDiameterMm * 0.7) / 2;
}

/**
 * How far the cords are open at a time, 0 (closed) to 1 (fully open): a triangle wave over the breathing period, no
 * trigonometry so the server's replay matches the browser to the bit.
 */
export function cordsOpening(airway: Airway, tMs: number): number {
  const phase = (Math.max(0, tMs) % airway.breathingPeriodMs) / airway.breathingPeriodMs;
  const tri = phase < 0.5 ? phase * 2 : 2 - phase * 2;
  return Math.min(1, Math.max(0, (tri - (1 - 2 * airway.cordsOpenFraction)) / (2 * airway.cordsOpenFraction)));
}

/** Whether the sheath fits through the cords at a time (the learner times the pass to fetal breathing). */
export const cordsPassable = (airway: Airway, tMs: number) => lumenRadiusMm(airway, airway.landmarks.cords, tMs) * 2 >= FETOSCOPE.sheathDiameterMm;

/** The scope's tip: depth along the centre line from the lips and offset from that (bent) line, in millimetres. */
export interface TipPose {
  depth: number;
  x: number;
  y: number;
}

/** What the tip met during one step: how deep it pressed into the mucosa and whether it forced closed cords. */
export interface Contact {
  pressMm: number;
  forcedCords: boolean;
}

/** Held controls in -1..1, the same vocabulary as the laser simulator's input events. */
export interface AirwayControls {
  turnX: number;
  turnY: number;
  insert: number;
}

/**
 * Moves the tip for `dtMs` under held controls: it advances along the lumen and steers sideways; the wall stops
 * it (the press is recorded as trauma) and closed cords stop it unless it is pushed through (recorded as forced).
 */
export function stepTip(airway: Airway, pose: TipPose, controls: AirwayControls, tMs: number, dtMs: number): { pose: TipPose; contact: Contact } {
  const s = dtMs / 1000;
  const depth = Math.max(0, pose.depth + controls.insert * FETOSCOPE.advanceMmPerS * s);
  let x = pose.x + controls.turnX * FETOSCOPE.steerMmPerS * s;
  // The tip keeps its line while the centre line bends under it: its offset from the centre changes with depth.
  let y = pose.y + controls.turnY * FETOSCOPE.steerMmPerS * s - (centreOffsetMm(airway, depth) - centreOffsetMm(airway, pose.depth));
  const crossing = pose.depth < airway.landmarks.cords && depth >= airway.landmarks.cords;
  const forcedCords = crossing && !cordsPassable(airway, tMs);
  const room = Math.max(0, lumenRadiusMm(airway, depth, tMs) - FETOSCOPE.sheathDiameterMm / 2);
  const off = Math.sqrt(x * x + y * y);
  let pressMm = 0;
  if (off > room) {
    pressMm = off - room;
    x = off === 0 ? 0 : (x * room) / off;
    y = off === 0 ? 0 : (y * room) / off;
  }
  if (forcedCords) pressMm += FETOSCOPE.sheathDiameterMm / 2;
  return { pose: { depth, x, y }, contact: { pressMm, forcedCords } };
}
