// The Solomon line: how much of the equator, edge to edge, has taken enough energy to seal what lies on it.
import { resample, type Vec2 } from './geometry.ts';
import { LASER } from './laser.ts';
import { cellAt, CELL_MM, type TissueMap } from './tissue.ts';

/**
 * Width of a continuous Solomon line, in mm: about the spot's diameter at the working distance (4-5 mm at 10-15 mm),
 * with room for an uneven hand. The equator band's energy beyond such a line counts as collateral.
 */
export const LINE_WIDTH_MM = 6;

/** Coverage of the equator, sampled every millimetre. */
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

export function lineCoverage(equator: readonly Vec2[], tissue: TissueMap, fluence: Float64Array): LineCoverage {
  const samples = resample(equator, CELL_MM);
  const sealed = samples.map((p) => {
    const i = cellAt(tissue, p);
    return i >= 0 && fluence[i]! >= LASER.lineJPerMm2;
  });
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
