// The plate as a grid of 1 mm cells: what each cell is (healthy tissue, a normal vessel, the equator, an
// anastomosis) and how much laser energy it has taken. The metrics, the debrief and the blanching read it.
import { distanceToSegment, type Vec2 } from './geometry.ts';
import type { Placenta } from './placenta.ts';

/** Cell size: fine enough for sub-millimetre anastomoses to land in one cell, coarse enough to stay cheap. */
export const CELL_MM = 1;
/** Cells within this distance of the equator are where a Solomon line is meant to burn. */
export const EQUATOR_BAND_MM = 4;
/**
 * Cells within this distance of the equator, beyond its band, are where a Solomon line read from the view may
 * stray: the surgeon sees no equator, only where the two twins' vessels end, which between anastomoses leaves a
 * corridor about a centimetre wide. Energy there counts towards the line's allowance, not as collateral.
 */
export const LINE_CORRIDOR_MM = 10;
/** Around an anastomosis this far (or its diameter, if wider) is the intended target of selective coagulation. */
export const ANASTOMOSIS_ZONE_MM = 3;

/** What a cell is; a higher number wins where two overlap. */
export const TISSUE = { outside: 0, tissue: 1, vessel: 2, equator: 3, anastomosis: 4 } as const;
export type TissueClass = (typeof TISSUE)[keyof typeof TISSUE];

/**
 * The grid: `size` cells a side, centred on the plate's centre; `cls` holds one TissueClass per cell, and
 * `corridor` 1 for the tissue and vessel cells within LINE_CORRIDOR_MM of the equator.
 */
export interface TissueMap {
  size: number;
  half: number;
  cls: Uint8Array;
  corridor: Uint8Array;
}

/** The cell a point falls in, or -1 off the grid. */
export function cellAt(map: TissueMap, p: Vec2): number {
  const i = Math.round(p.x / CELL_MM) + map.half;
  const j = Math.round(p.y / CELL_MM) + map.half;
  if (i < 0 || j < 0 || i >= map.size || j >= map.size) return -1;
  return j * map.size + i;
}

/** The centre of a cell, in mm. */
export function cellCentre(map: TissueMap, index: number): Vec2 {
  return { x: ((index % map.size) - map.half) * CELL_MM, y: (Math.floor(index / map.size) - map.half) * CELL_MM };
}

let scratch = new Int32Array(1024);

/**
 * The cells whose centre lies within `radius` of `p` (at least the cell `p` falls in), written into a buffer
 * that the next call reuses: the laser asks this every tick, so it allocates nothing. Read it before calling again.
 */
export function cellsWithin(map: TissueMap, p: Vec2, radius: number): { cells: Int32Array; count: number } {
  const r = Math.max(radius, 0);
  const i0 = Math.max(0, Math.ceil((p.x - r) / CELL_MM) + map.half);
  const i1 = Math.min(map.size - 1, Math.floor((p.x + r) / CELL_MM) + map.half);
  const j0 = Math.max(0, Math.ceil((p.y - r) / CELL_MM) + map.half);
  const j1 = Math.min(map.size - 1, Math.floor((p.y + r) / CELL_MM) + map.half);
  const box = Math.max(0, i1 - i0 + 1) * Math.max(0, j1 - j0 + 1);
  if (box > scratch.length) scratch = new Int32Array(box);
  let count = 0;
  for (let j = j0; j <= j1; j += 1) {
    const dy = (j - map.half) * CELL_MM - p.y;
    const row = j * map.size;
    for (let i = i0; i <= i1; i += 1) {
      const dx = (i - map.half) * CELL_MM - p.x;
      if (dx * dx + dy * dy <= r * r) scratch[count++] = row + i;
    }
  }
  if (count === 0) {
    const nearest = cellAt(map, p);
    if (nearest >= 0) scratch[count++] = nearest;
  }
  return { cells: scratch, count };
}

/** Each anastomosis's cells, worked out once: the laser asks every tick it fires near one whether it is sealed. */
const across = new WeakMap<object, Int32Array>();

/** The cells across an anastomosis (within half its diameter of its centre), as `cellsWithin` finds them. */
export function cellsAcross(map: TissueMap, a: { position: Vec2; diameterMm: number }): Int32Array {
  let cells = across.get(a);
  if (!cells) {
    const found = cellsWithin(map, a.position, a.diameterMm / 2);
    cells = found.cells.slice(0, found.count);
    across.set(a, cells);
  }
  return cells;
}

/**
 * Calls `visit` for each cell on the plate whose centre lies within `radius(i)` of a polyline's segment (the
 * wider of its two ends), with the index of the segment's end point; a cell near two segments is visited twice.
 */
export function eachCellAlong(map: TissueMap, points: readonly Vec2[], radius: (i: number) => number, visit: (index: number, k: number) => void): void {
  for (let k = 1; k < points.length; k += 1) {
    const a = points[k - 1]!;
    const b = points[k]!;
    const r = Math.max(radius(k - 1), radius(k));
    const box = { x0: Math.min(a.x, b.x) - r, x1: Math.max(a.x, b.x) + r, y0: Math.min(a.y, b.y) - r, y1: Math.max(a.y, b.y) + r };
    for (let j = Math.max(0, Math.ceil(box.y0 / CELL_MM) + map.half); j <= Math.min(map.size - 1, Math.floor(box.y1 / CELL_MM) + map.half); j += 1) {
      for (let i = Math.max(0, Math.ceil(box.x0 / CELL_MM) + map.half); i <= Math.min(map.size - 1, Math.floor(box.x1 / CELL_MM) + map.half); i += 1) {
        const index = j * map.size + i;
        if (map.cls[index] === TISSUE.outside) continue;
        const c = { x: (i - map.half) * CELL_MM, y: (j - map.half) * CELL_MM };
        if (distanceToSegment(c, a, b) <= r) visit(index, k);
      }
    }
  }
}

function paintPolyline(map: TissueMap, points: readonly Vec2[], radius: (i: number) => number, cls: TissueClass): void {
  eachCellAlong(map, points, radius, (index) => {
    if (map.cls[index]! < cls) map.cls[index] = cls;
  });
}

/** Classifies every cell of a placenta once, when the scenario is built. */
export function buildTissueMap(placenta: Placenta): TissueMap {
  const half = Math.ceil(placenta.radiusMm / CELL_MM) + 1;
  const size = 2 * half + 1;
  const map: TissueMap = { size, half, cls: new Uint8Array(size * size), corridor: new Uint8Array(size * size) };
  const r2 = placenta.radiusMm * placenta.radiusMm;
  for (let index = 0; index < size * size; index += 1) {
    const c = cellCentre(map, index);
    map.cls[index] = c.x * c.x + c.y * c.y <= r2 ? TISSUE.tissue : TISSUE.outside;
  }
  for (const v of placenta.vessels) paintPolyline(map, v.points, (i) => (v.widths[i] ?? 1) / 2 + CELL_MM / 2, TISSUE.vessel);
  paintPolyline(map, placenta.equator, () => EQUATOR_BAND_MM, TISSUE.equator);
  eachCellAlong(
    map,
    placenta.equator,
    () => LINE_CORRIDOR_MM,
    (index) => {
      const cls = map.cls[index];
      if (cls === TISSUE.tissue || cls === TISSUE.vessel) map.corridor[index] = 1;
    },
  );
  for (const a of placenta.anastomoses) {
    const { cells, count } = cellsWithin(map, a.position, Math.max(ANASTOMOSIS_ZONE_MM, a.diameterMm));
    for (let k = 0; k < count; k += 1) if (map.cls[cells[k]!] !== TISSUE.outside) map.cls[cells[k]!] = TISSUE.anastomosis;
  }
  return map;
}
