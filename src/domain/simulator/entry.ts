// Planning the entry: the trocar sites an ultrasound offers for the placenta's position, and from each of them,
// which points of the plate the laser can be fired at from inside the working window (distance and angle)
// with a given scope, the shaft inside its cone. Only +, -, *, / and sqrt, like the pose itself.
import { resample, type Vec2 } from './geometry.ts';
import { LASER } from './laser.ts';
import type { Task } from './params.ts';
import type { Placenta, PlacentalPosition } from './placenta.ts';
import { SCOPE, type Pose, type ScopeKind, type Trocar } from './scope.ts';
import { add, anyPerpendicular, cross, dot, length, normalize, orthogonalTo, scale, sub, vec3, type Vec3 } from './vec3.ts';

/**
 * Where the sites lie. The plate is flat in this model, where a real one curves with the uterine wall towards
 * the entry; the heights give its edges the angles they have in the curved uterus:
 * - posterior: a 3 × 3 grid on the anterior wall, `posteriorSpacingMm` apart, `posteriorHeightMm` above the
 *   plate (the cavity's depth in front of a posterior placenta in mid-pregnancy), so a straight scope from over
 *   the middle of the equator meets both of its ends within 37° of perpendicular;
 * - anterior: the plate lies on the entry wall, so the sites ring it on the lateral wall, `anteriorRadiusMm`
 *   from its centre (a placenta-free window 25 mm beyond its edge) and `anteriorHeightMm` up the wall; only an
 *   angled scope meets the far side of the plate squarely enough from there, and only from the sites that face
 *   the equator across its middle.
 */
export const ENTRY = {
  posteriorHeightMm: 100,
  posteriorSpacingMm: 35,
  anteriorRadiusMm: 100,
  anteriorHeightMm: 60,
  /** The equator is judged every this many millimetres. */
  sampleMm: 2,
} as const;

/** The most sites any position offers (a posterior placenta's nine): an 'open' event names one by its index. */
export const ENTRY_SITE_LIMIT = 9;

const H = Math.SQRT1_2;
/** The anterior ring's eight directions, counter-clockwise from +x. */
const RING: readonly Vec2[] = [
  { x: 1, y: 0 },
  { x: H, y: H },
  { x: 0, y: 1 },
  { x: -H, y: H },
  { x: -1, y: 0 },
  { x: -H, y: -H },
  { x: 0, y: -1 },
  { x: H, y: -H },
];

const toward = (entry: Vec3): Trocar => ({ entry, axis: normalize(sub(vec3(0, 0, 0), entry)) });

/**
 * The sites, in the order of their indices. Posterior: the grid row by row from the top left as the sketch shows
 * it (x to the right, y up), the centre fifth. Anterior: the ring, counter-clockwise from the right.
 */
export function entrySites(position: PlacentalPosition): Trocar[] {
  if (position === 'posterior') {
    const g = ENTRY.posteriorSpacingMm;
    return [1, 0, -1].flatMap((row) => [-1, 0, 1].map((col) => toward(vec3(col * g, row * g, ENTRY.posteriorHeightMm))));
  }
  const r = ENTRY.anteriorRadiusMm;
  return RING.map((u) => toward(vec3(u.x * r, u.y * r, ENTRY.anteriorHeightMm)));
}

/** Distances along the line of sight tried for each point, inside LASER's working distance. */
const TRY_DISTANCES_MM = [10, 6, 14, 18];
/** Rotation by 15° (written out, as SCOPE's 30° is), stepping round the line to the point. */
const STEP_COS = 0.9659258262890683;
const STEP_SIN = 0.25881904510252074;
const AROUND = 24;
/** Room (in cosine) to spare in both the working angle and the cone that ends the search at once. */
const ROOM = 0.05;

/** The straight scope fires along its shaft: the line from the trocar to the point, the tip a working distance short of it. */
function straightPose(trocar: Trocar, q: Vec3, distance: number): Pose | null {
  const dir = scale(q, 1 / distance);
  if (-dir.z < LASER.workingMinCos || dot(dir, trocar.axis) < SCOPE.maxTiltCos) return null;
  const t = TRY_DISTANCES_MM.find((d) => distance - d >= SCOPE.minDepthMm && distance - d <= SCOPE.maxDepthMm);
  if (t === undefined) return null;
  return { dir, up: orthogonalTo(vec3(0, 0, 1), dir, anyPerpendicular(dir)), depthMm: distance - t };
}

/**
 * The angled scope looks 30° off its shaft: to fire at a point from `t` mm, the shaft passes t/2 mm beside it
 * (sin 30° = 1/2), tilted β off the line from the trocar to the point, and the look 30° - β the other way.
 * Tried all round that line and at several distances: the first with ROOM to spare, else the one with the most.
 */
function angledPose(trocar: Trocar, q: Vec3, distance: number): Pose | null {
  const unit = scale(q, 1 / distance);
  const e1 = anyPerpendicular(unit);
  const e2 = cross(unit, e1);
  let best: { pose: Pose; slack: number } | null = null;
  for (const t of TRY_DISTANCES_MM) {
    const sinB = t / (2 * distance);
    if (sinB >= 1) continue;
    const cosB = Math.sqrt(1 - sinB * sinB);
    const depth = distance * cosB - t * SCOPE.angledCos;
    if (depth < SCOPE.minDepthMm || depth > SCOPE.maxDepthMm) continue;
    const lookCos = SCOPE.angledCos * cosB + SCOPE.angledSin * sinB;
    const lookSin = SCOPE.angledSin * cosB - SCOPE.angledCos * sinB;
    let c = 1;
    let s = 0;
    for (let k = 0; k < AROUND; k += 1) {
      const side = add(scale(e1, c), scale(e2, s));
      const dir = normalize(sub(scale(unit, cosB), scale(side, sinB)));
      const look = normalize(add(scale(unit, lookCos), scale(side, lookSin)));
      const slack = Math.min(-look.z - LASER.workingMinCos, dot(dir, trocar.axis) - SCOPE.maxTiltCos);
      if (slack >= 0 && (!best || slack > best.slack)) {
        const up = normalize(scale(sub(scale(dir, SCOPE.angledCos), look), 1 / SCOPE.angledSin));
        best = { pose: { dir, up, depthMm: depth }, slack };
        if (slack >= ROOM) return best.pose;
      }
      [c, s] = [c * STEP_COS - s * STEP_SIN, s * STEP_COS + c * STEP_SIN];
    }
  }
  return best?.pose ?? null;
}

/**
 * A pose from which the laser meets `p` on the plate at a working distance and angle with the shaft inside its
 * cone, or null if none does from this trocar with this scope.
 */
export function firingPose(trocar: Trocar, kind: ScopeKind, p: Vec2): Pose | null {
  const q = sub(vec3(p.x, p.y, 0), trocar.entry);
  const distance = length(q);
  if (distance < 1e-9) return null;
  return kind === 'straight' ? straightPose(trocar, q, distance) : angledPose(trocar, q, distance);
}

/** Share of the points that can be fired at from inside the working window: 1 when there are none. */
export function reachShare(trocar: Trocar, kind: ScopeKind, points: readonly Vec2[]): number {
  if (points.length === 0) return 1;
  return points.filter((p) => firingPose(trocar, kind, p) !== null).length / points.length;
}

/** The equator as the entry score judges it: every ENTRY.sampleMm, its ends just inside the rim. */
export function equatorSamples(equator: readonly Vec2[], radiusMm: number): Vec2[] {
  const inside = radiusMm * 0.995;
  return resample(equator, ENTRY.sampleMm).map((p) => {
    const len = Math.sqrt(p.x * p.x + p.y * p.y);
    return len <= inside ? p : { x: (p.x / len) * inside, y: (p.y / len) * inside };
  });
}

/** What an entry site is judged on: the targets of a navigation drill, the equator (and so its anastomoses) otherwise. */
export function entryPoints(task: Task, placenta: Placenta, targets: readonly Vec2[]): Vec2[] {
  return task === 'navigation' ? [...targets] : equatorSamples(placenta.equator, placenta.radiusMm);
}
