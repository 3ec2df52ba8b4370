// The Solomon line: how much of the equator, edge to edge, has taken enough energy to seal what lies on it.
import { distance, resample, type Vec2 } from './geometry.ts';
import { beamRadius, LASER } from './laser.ts';

import { cellAt, CELL_MM, cellsWithin, EQUATOR_BAND_MM, type TissueMap } from './tissue.ts';

/** The stop-and-go hand the line's allowance is worked out for (LINE_ALLOWANCE_J_PER_MM). */
const LINE_REFERENCE = { distanceMm: 10, reactionS: 0.6, moveS: 1 } as const;

/**
 * The energy a careful hand spends per millimetre of Solomon line, in J/mm; what the band takes beyond it is
 * over-treatment. Derived from the laser's physics and a person's pace, not from any player's figures: a hand draws
 * the line in steps (a key tap, a touch, a nudge of a stick) with the pedal down, waits at each stop until the spot
 * blanches and then moves on. At the working distance of 10 mm the spot's radius r is beamRadius(10) ≈ 2 mm; a stop
 * brings the spot to the line's fluence (lineJPerMm2 × πr² ≈ 24 J); the pedal stays down for a reaction time after
 * the blanching is seen (0.6 s, the slow end of a choice reaction) and while the hand moves the spot one radius on,
 * so that a line wavering by a millimetre still has no gap. Steering is rate control (a key or a stick sets how
 * fast the scope turns), and positioning with a rate-controlled joystick takes about a second however short the
 * step (Card, English & Burr 1978: 0.99 s + 0.22 s per bit of difficulty, as reviewed by MacKenzie 1992). So
 * (24 J + 30 W × 1.6 s) / 1.97 mm ≈ 37 J/mm; drawing it in one steady glide takes about 6.
 */
export const LINE_ALLOWANCE_J_PER_MM = (() => {
  const r = beamRadius(LINE_REFERENCE.distanceMm);
  return (LASER.lineJPerMm2 * Math.PI * r * r + LASER.powerW * (LINE_REFERENCE.reactionS + LINE_REFERENCE.moveS)) / r;
})();

/** Coverage of the equator, sampled every millimetre, by a line within LINE_READ_MM of it. */
export interface LineCoverage {
  /** Share of the equator's samples that are sealed, 0 to 1. */
  completeness: number;
  /** Unsealed stretches, including any left open at either edge: 0 is a continuous line. */
  gaps: number;
  /** The unsealed stretches as polylines, for the debrief map. */
  gapLines: Vec2[][];
  /** The longest sealed stretch, in mm: the guided "join the coagulations" step waits for a real join. */
  longestRunMm: number;
}

/**
 * How far from the equator a line still closes it, in mm: the half-width of its band (EQUATOR_BAND_MM). Nothing
 * draws the equator; a learner reads it where the twins' vessels end, and normal branches of both twins end anywhere
 * within that band, so the view cannot place it more closely. A line inside the band is on the equator as far as
 * anyone looking can tell; one further off leaves it open there.
 */
export const LINE_READ_MM = EQUATOR_BAND_MM;

/** Whether the line's fluence reached a cell within LINE_READ_MM of `p`. */
function lineNear(tissue: TissueMap, fluence: Float64Array, p: Vec2): boolean {
  const here = cellAt(tissue, p);
  if (here >= 0 && fluence[here]! >= LASER.lineJPerMm2) return true;
  const { cells, count } = cellsWithin(tissue, p, LINE_READ_MM);
  for (let k = 0; k < count; k += 1) if (fluence[cells[k]!]! >= LASER.lineJPerMm2) return true;
  return false;
}

export function lineCoverage(equator: readonly Vec2[], tissue: TissueMap, fluence: Float64Array): LineCoverage {
  const samples = resample(equator, CELL_MM);
  const sealed = samples.map((p) => lineNear(tissue, fluence, p));
  const gapLines: Vec2[][] = [];
  let covered = 0;
  let run = 0;
  let longest = 0;
  let open: Vec2[] | null = null;
  samples.forEach((p, k) => {
    if (sealed[k]) {
      covered += 1;
      run += 1;
      longest = Math.max(longest, run);
      open = null;
    } else {
      run = 0;
      if (!open) {
        open = [];
        gapLines.push(open);
      }
      open.push(p);
    }
  });
  const step = samples.length > 1 ? CELL_MM : 0;
  return {
    completeness: samples.length > 0 ? covered / samples.length : 0,
    gaps: gapLines.length,
    gapLines,
    longestRunMm: Math.max(0, longest - 1) * step,
  };
}

/**
 * When a Solomon line has begun: this much of the equator, away from every anastomosis, has taken the line's
 * fluence (two spot widths at the working distance). A spot on an anastomosis seals at most its zone (a few mm):
 * only a line reaches this far from them.
 */
export const LINE_BEGUN = { awayMm: 8, lengthMm: 10 } as const;

/**
 * Whether a line has begun along the equator, read within LINE_READ_MM as its completeness is (a line drawn beside
 * the equator has begun as surely as one on it): the anastomoses it seals from then on are sealed by the line, not in sequence.
 */
export function lineBegun(equator: readonly Vec2[], tissue: TissueMap, fluence: Float64Array, anastomoses: readonly { position: Vec2 }[]): boolean {
  let sealedMm = 0;
  for (const p of resample(equator, CELL_MM)) {
    if (anastomoses.some((a) => distance(a.position, p) < LINE_BEGUN.awayMm)) continue;
    if (lineNear(tissue, fluence, p)) sealedMm += CELL_MM;
    if (sealedMm >= LINE_BEGUN.lengthMm) return true;
  }
  return false;
}
