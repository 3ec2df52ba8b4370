// Plane geometry on the placental plate (centre 0,0, millimetres), shared by generation, the laser and the metrics.

/** A point or direction on the placental plate, in millimetres. */
export interface Vec2 {
  x: number;
  y: number;
}

/** Euclidean distance, the measure behind every "touches" and "reaches" rule. */
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

/** The point at a given arc length along a polyline (clamped to its ends). */
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

/** Points every `step` of arc length along a polyline, both ends included: how lines are sampled. */
export function resample(points: readonly Vec2[], step: number): Vec2[] {
  const total = polylineLength(points);
  const count = Math.max(1, Math.ceil(total / step));
  return Array.from({ length: count + 1 }, (_, i) => pointAlong(points, (total * i) / count));
}

/** Keeps a point inside a disc of the given radius. */
export function clampToDisc(p: Vec2, radius: number): Vec2 {
  const len = Math.sqrt(p.x * p.x + p.y * p.y);
  if (len <= radius) return p;
  return { x: (p.x / len) * radius, y: (p.y / len) * radius };
}
