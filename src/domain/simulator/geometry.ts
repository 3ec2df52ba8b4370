// Plane geometry on the placental disc (radius 1, centre 0,0), shared by generation, coagulation and metrics.

/** A point or direction on the placental disc, in placental radii. */
export interface Vec2 {
  x: number;
  y: number;
}

/** Radius of the placental disc: every coordinate in the model is a fraction of it. */
export const DISC_RADIUS = 1;

/** Euclidean distance, the measure behind every "touches" and "sees" rule. */
export function distance(a: Vec2, b: Vec2): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Shortest distance from a point to a segment, for vessels and the equator drawn as polylines. */
export function distanceToSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const len2 = abx * abx + aby * aby;
  if (len2 === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.y - a.y) * aby) / len2));
  return distance(p, { x: a.x + t * abx, y: a.y + t * aby });
}

/** Shortest distance from a point to a polyline; Infinity for an empty one. */
export function distanceToPolyline(p: Vec2, points: readonly Vec2[]): number {
  if (points.length === 1 && points[0]) return distance(p, points[0]);
  let best = Infinity;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) best = Math.min(best, distanceToSegment(p, a, b));
  }
  return best;
}

/** Total length of a polyline: the equator's length is what the Solomon line must cover. */
export function polylineLength(points: readonly Vec2[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1];
    const b = points[i];
    if (a && b) total += distance(a, b);
  }
  return total;
}

/** The point at a given arc length along a polyline (clamped to its ends), to place anastomoses on the equator. */
export function pointAlong(points: readonly Vec2[], arcLength: number): Vec2 {
  let remaining = Math.max(0, arcLength);
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const len = distance(a, b);
    if (remaining <= len && len > 0) {
      const t = remaining / len;
      return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    }
    remaining -= len;
  }
  const last = points[points.length - 1];
  return last ? { x: last.x, y: last.y } : { x: 0, y: 0 };
}

/** Keeps a point inside a disc of the given radius, so the scope and the vessels never leave the placenta. */
export function clampToDisc(p: Vec2, radius: number = DISC_RADIUS): Vec2 {
  const len = Math.sqrt(p.x * p.x + p.y * p.y);
  if (len <= radius) return p;
  return { x: (p.x / len) * radius, y: (p.y / len) * radius };
}

/**
 * The parameter interval [t0, t1] (within [0, 1]) of segment a->b lying inside a circle, or null:
 * lets coverage of the equator be measured exactly instead of by sampling.
 */
export function segmentInsideCircle(a: Vec2, b: Vec2, centre: Vec2, radius: number): [number, number] | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const fx = a.x - centre.x;
  const fy = a.y - centre.y;
  const qa = dx * dx + dy * dy;
  const qb = 2 * (fx * dx + fy * dy);
  const qc = fx * fx + fy * fy - radius * radius;
  if (qa === 0) return qc <= 0 ? [0, 1] : null;
  const disc = qb * qb - 4 * qa * qc;
  if (disc < 0) return null;
  const root = Math.sqrt(disc);
  const t0 = Math.max(0, (-qb - root) / (2 * qa));
  const t1 = Math.min(1, (-qb + root) / (2 * qa));
  return t0 < t1 ? [t0, t1] : null;
}
