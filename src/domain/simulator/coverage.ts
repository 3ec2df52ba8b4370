// Solomon line completeness: how much of the equator, edge to edge, lies inside coagulated spots.
import { distance, segmentInsideCircle } from './geometry.ts';
import type { Vec2 } from './geometry.ts';
import type { Spot } from './coagulation.ts';

/** Exact coverage of the equator by the union of spots (no sampling, so tests can pin it). */
export interface EquatorCoverage {
  /** Length of the equator, in placental radii. */
  length: number;
  /** Length inside at least one spot. */
  covered: number;
  /** covered / length, from 0 to 1. */
  completeness: number;
  /** Uncovered stretches left between the edges: 0 means a continuous line from edge to edge. */
  gaps: number;
}

const EPSILON = 1e-9;

/** Merges the covered intervals of every segment, in arc-length coordinates, and counts what is left open. */
export function equatorCoverage(equator: readonly Vec2[], spots: readonly Spot[]): EquatorCoverage {
  const intervals: [number, number][] = [];
  let offset = 0;
  for (let i = 1; i < equator.length; i += 1) {
    const a = equator[i - 1];
    const b = equator[i];
    if (!a || !b) continue;
    const len = distance(a, b);
    for (const spot of spots) {
      const hit = segmentInsideCircle(a, b, spot.position, spot.radius);
      if (hit) intervals.push([offset + hit[0] * len, offset + hit[1] * len]);
    }
    offset += len;
  }
  const length = offset;
  intervals.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  let covered = 0;
  let gaps = 0;
  let reach = 0;
  for (const [start, end] of intervals) {
    if (start > reach + EPSILON) {
      gaps += 1;
      covered += end - start;
      reach = end;
    } else if (end > reach) {
      covered += end - Math.max(start, reach);
      reach = end;
    }
  }
  if (reach < length - EPSILON) gaps += 1;
  const completeness = length > 0 ? Math.min(1, covered / length) : 0;
  return { length, covered, completeness, gaps };
}
