// What the view shows of the laser's work: tissue pales as it coagulates, and a vessel is fully pale only once
// it has taken the fluence that seals it. The threshold is each cell's own, so the cue matches the model's
// sealing: a 2.5 mm anastomosis needs 5.2 J/mm², not the 2 J/mm² a line along the equator needs.
import { LASER, sealThreshold } from './laser.ts';
import type { Placenta } from './placenta.ts';
import { ANASTOMOSIS_ZONE_MM, CELL_MM, cellsWithin, eachCellAlong, type TissueMap } from './tissue.ts';

/**
 * How the view draws it. `partialPale`: how pale a cell looks just short of sealing, so partial heating shows as
 * partial blanching and the last step to full is visible. The view gets one byte a cell, fluence over threshold
 * in steps of 1/`sealedTexel`, so a byte of `sealedTexel` or more means sealed exactly when the model says so;
 * the top byte (almost 4 times the threshold) is where over-burning chars.
 */
export const BLANCH = { partialPale: 0.7, sealedTexel: 64 } as const;

/**
 * The fluence (J/mm²) that seals each cell of the grid: within an anastomosis's zone that anastomosis's own
 * (the model seals it by the same figure), on a normal vessel that vessel's by its local diameter, and elsewhere
 * (tissue, the equator's small vessels) what a Solomon line must reach.
 */
export function sealThresholds(placenta: Placenta, map: TissueMap): Float64Array {
  const out = new Float64Array(map.size * map.size).fill(LASER.lineJPerMm2);
  for (const v of placenta.vessels) {
    const width = (k: number) => Math.max(v.widths[k - 1] ?? 1, v.widths[k] ?? 1);
    eachCellAlong(
      map,
      v.points,
      (i) => (v.widths[i] ?? 1) / 2 + CELL_MM / 2,
      (index, k) => {
        out[index] = Math.max(out[index]!, sealThreshold(width(k)));
      },
    );
  }
  for (const a of placenta.anastomoses) {
    const { cells, count } = cellsWithin(map, a.position, Math.max(ANASTOMOSIS_ZONE_MM, a.diameterMm));
    for (let k = 0; k < count; k += 1) out[cells[k]!] = sealThreshold(a.diameterMm);
  }
  return out;
}

/** Writes each cell's fluence over its threshold as the view's bytes (see BLANCH), rounded down: never paler than it is. */
export function blanchTexels(fluence: Float64Array, thresholds: Float64Array, out: Uint8Array): void {
  for (let i = 0; i < out.length; i += 1) out[i] = Math.min(255, Math.floor((fluence[i]! / thresholds[i]!) * BLANCH.sealedTexel));
}
