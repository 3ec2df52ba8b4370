// Each twin's chorionic vessels: a tree of arteries and veins from its cord, and the feeders of each anastomosis.
import { clampToDisc, distanceToPolyline, type Vec2 } from './geometry.ts';
import type { EquatorLayout } from './equator.ts';
import type { Anastomosis, Twin, Vessel, VesselKind } from './placenta.ts';
import type { Rng } from './rng.ts';

/**
 * Normal vessels end at least this far from the equator, so a Solomon line drawn on the equator never
 * touches them; only anastomoses and their feeders cross it.
 */
export const NORMAL_VESSEL_MARGIN = 0.14;

const STEP = 0.06;
const EDGE_LIMIT = 0.93;

function normalize(v: Vec2): Vec2 {
  const len = Math.sqrt(v.x * v.x + v.y * v.y);
  return len > 0 ? { x: v.x / len, y: v.y / len } : { x: 1, y: 0 };
}

function grow(rng: Rng, start: Vec2, heading: Vec2, steps: number, sign: number, layout: EquatorLayout): Vec2[] {
  const points = [start];
  let p = start;
  let dir = heading;
  for (let i = 0; i < steps; i += 1) {
    const turn = rng.range(-0.35, 0.35);
    dir = normalize({ x: dir.x - dir.y * turn, y: dir.y + dir.x * turn });
    const next = { x: p.x + dir.x * STEP, y: p.y + dir.y * STEP };
    const inside = next.x * next.x + next.y * next.y <= EDGE_LIMIT * EDGE_LIMIT;
    if (!inside || sign * layout.side(next) <= 0 || distanceToPolyline(next, layout.points) < NORMAL_VESSEL_MARGIN) break;
    points.push(next);
    p = next;
  }
  return points;
}

/** A twin's own vascular tree: four to six trunks from the cord, each with one or two side branches. */
export function growTree(rng: Rng, twin: Twin, cord: Vec2, layout: EquatorLayout): Vessel[] {
  const sign = twin === 'donor' ? 1 : -1;
  const vessels: Vessel[] = [];
  const trunks = rng.int(4, 6);
  for (let i = 0; i < trunks; i += 1) {
    const kind: VesselKind = i % 2 === 0 ? 'artery' : 'vein';
    const width = kind === 'artery' ? rng.range(0.012, 0.016) : rng.range(0.014, 0.02);
    const trunk = grow(rng, cord, rng.unitVector(), 14, sign, layout);
    if (trunk.length < 3) continue;
    vessels.push({ twin, kind, width, points: trunk });
    const branches = rng.int(1, 2);
    for (let b = 0; b < branches; b += 1) {
      const from = trunk[rng.int(1, trunk.length - 2)] ?? cord;
      const branch = grow(rng, from, rng.unitVector(), 6, sign, layout);
      if (branch.length >= 2) vessels.push({ twin, kind, width: width * 0.6, points: branch });
    }
  }
  return vessels;
}

/** Which vessel of each twin meets in an anastomosis of a given kind. */
export function feederKinds(kind: Anastomosis['kind']): Record<Twin, VesselKind> {
  switch (kind) {
    case 'AV':
      return { donor: 'artery', recipient: 'vein' };
    case 'VA':
      return { donor: 'vein', recipient: 'artery' };
    case 'AA':
      return { donor: 'artery', recipient: 'artery' };
    case 'VV':
      return { donor: 'vein', recipient: 'vein' };
  }
}

/** The two vessels, one per twin, that run from the cords and join at an anastomosis on the equator. */
export function feeders(rng: Rng, anastomosis: Anastomosis, cords: Record<Twin, Vec2>): Vessel[] {
  const kinds = feederKinds(anastomosis.kind);
  return (['donor', 'recipient'] as const).map((twin) => {
    const from = cords[twin];
    const to = anastomosis.position;
    const bend = rng.range(-0.25, 0.25);
    const control = {
      x: (from.x + to.x) / 2 - (to.y - from.y) * bend,
      y: (from.y + to.y) / 2 + (to.x - from.x) * bend,
    };
    const points: Vec2[] = [];
    for (let i = 0; i <= 10; i += 1) {
      const t = i / 10;
      const a = (1 - t) * (1 - t);
      const b = 2 * (1 - t) * t;
      const c = t * t;
      points.push(clampToDisc({ x: a * from.x + b * control.x + c * to.x, y: a * from.y + b * control.y + c * to.y }, 0.98));
    }
    return { twin, kind: kinds[twin], width: anastomosis.radius * 1.6, points, anastomosisId: anastomosis.id };
  });
}
