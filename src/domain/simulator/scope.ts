// The fetoscope: a rigid shaft pivoting in a trocar on the uterine wall. It turns about the trocar (yaw, pitch),
// slides in and out (insertion depth) and rolls; a 30° scope looks off its shaft's axis, so rolling it turns
// where it looks. The camera, its light and the laser fibre sit at the tip and look where the optics look.
import type { Vec2 } from './geometry.ts';
import { add, cross, dot, normalize, orthogonalTo, scale, sub, vec3, anyPerpendicular, type Vec3 } from './vec3.ts';

/** Straight (0°) or angled (30°) optics. */
export type ScopeKind = 'straight' | 'angled';

/** How the fetoscope moves, in millimetres, milliseconds and (small-angle) radians. */
export const SCOPE = {
  /** Cosine and sine of the angled scope's 30° offset (written out so no engine computes them differently). */
  angledCos: 0.8660254037844387,
  angledSin: 0.5,
  /** Top turning rate about the trocar with a key held: 0.4 rad/s (about 23°/s), fine enough to aim at a millimetre. */
  turnPerMs: 0.0004,
  /** Top insertion speed: 30 mm/s. */
  insertPerMs: 0.03,
  /** Top roll rate: 1.5 rad/s (about 86°/s). */
  rollPerMs: 0.0015,
  /** The shaft may tilt this far from the trocar's axis: cos and sin of 45°, the play a cannula in the uterine wall allows. */
  maxTiltCos: 0.7071067811865476,
  maxTiltSin: 0.7071067811865476,
  /** The tip stays at least this deep in the cavity, and no deeper than the shaft's working length. */
  minDepthMm: 5,
  maxDepthMm: 170,
  /** The tip cannot pass through the plate; it stops 1 mm above it. */
  minTipHeightMm: 1,
  /** A tip this close to the plate (over it) touches it: bleeding clouds the fluid. */
  contactMm: 3,
  /** Where the tip starts on its axis: this far short of the plate's centre. */
  startGapMm: 40,
} as const;

/** Where the cannula goes through the uterine wall, and the axis it points along (towards the plate's centre). */
export interface Trocar {
  entry: Vec3;
  axis: Vec3;
}

/** The shaft's direction and the camera's "up", both unit and orthogonal, and how deep the shaft is in. */
export interface Pose {
  dir: Vec3;
  up: Vec3;
  depthMm: number;
}

/** Held controls, each from -1 to 1: turn the view right/up, advance, roll clockwise. */
export interface Controls {
  turnX: number;
  turnY: number;
  insert: number;
  roll: number;
}

export const NO_CONTROLS: Controls = { turnX: 0, turnY: 0, insert: 0, roll: 0 };

/** Where the laser (and the centre of the image) meets the plate: the point, how far, and the incidence's cosine. */
export interface Aim {
  point: Vec2;
  distanceMm: number;
  cos: number;
}

/** What the camera sees from: its position (the tip), where it looks, its "up", and the aim on the plate. */
export interface ScopeView {
  tip: Vec3;
  look: Vec3;
  up: Vec3;
  aim: Aim | null;
}

/** The pose as the fetoscopy opens: along the trocar's axis, image "up" away from the plate. */
export function initialPose(trocar: Trocar): Pose {
  const dir = trocar.axis;
  const reference = Math.abs(dir.z) > 0.9 ? vec3(0, 1, 0) : vec3(0, 0, 1);
  const up = orthogonalTo(reference, dir, anyPerpendicular(dir));
  const toCentre = Math.sqrt(dot(trocar.entry, trocar.entry));
  return { dir, up, depthMm: Math.max(SCOPE.minDepthMm, toCentre - SCOPE.startGapMm) };
}

export const tipOf = (pose: Pose, trocar: Trocar): Vec3 => add(trocar.entry, scale(pose.dir, pose.depthMm));

function clampDepth(depth: number, dir: Vec3, entry: Vec3): number {
  let d = Math.min(SCOPE.maxDepthMm, Math.max(SCOPE.minDepthMm, depth));
  if (dir.z < 0) d = Math.min(d, (entry.z - SCOPE.minTipHeightMm) / -dir.z);
  return Math.max(SCOPE.minDepthMm, d);
}

/**
 * Moves the pose by one step of the given rates (radians and millimetres for this step). Turning is in the
 * image's own frame, so "left" always moves the view left whatever the roll; the shaft stays in its cone.
 */
export function stepPose(pose: Pose, trocar: Trocar, turnX: number, turnY: number, insert: number, roll: number): Pose {
  const right = cross(pose.dir, pose.up);
  let dir = normalize(add(pose.dir, add(scale(right, turnX), scale(pose.up, turnY))), pose.dir);
  if (dot(dir, trocar.axis) < SCOPE.maxTiltCos) {
    const away = orthogonalTo(dir, trocar.axis, right);
    dir = normalize(add(scale(trocar.axis, SCOPE.maxTiltCos), scale(away, SCOPE.maxTiltSin)));
  }
  let up = orthogonalTo(pose.up, dir, anyPerpendicular(dir));
  if (roll !== 0) up = orthogonalTo(add(up, scale(cross(dir, up), roll)), dir, up);
  return { dir, up, depthMm: clampDepth(pose.depthMm + insert, dir, trocar.entry) };
}

/** The camera's line of sight: the shaft's axis, or 30° off it towards the image's bottom for the angled scope. */
export function viewOf(pose: Pose, trocar: Trocar, kind: ScopeKind, plateRadiusMm: number): ScopeView {
  const tip = tipOf(pose, trocar);
  const look = kind === 'angled' ? normalize(sub(scale(pose.dir, SCOPE.angledCos), scale(pose.up, SCOPE.angledSin))) : pose.dir;
  const up = kind === 'angled' ? normalize(add(scale(pose.dir, SCOPE.angledSin), scale(pose.up, SCOPE.angledCos))) : pose.up;
  let aim: Aim | null = null;
  if (look.z < -1e-6) {
    const distanceMm = tip.z / -look.z;
    const point = { x: tip.x + look.x * distanceMm, y: tip.y + look.y * distanceMm };
    if (point.x * point.x + point.y * point.y <= plateRadiusMm * plateRadiusMm) aim = { point, distanceMm, cos: -look.z };
  }
  return { tip, look, up, aim };
}
