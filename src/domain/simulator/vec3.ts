// Three-dimensional vectors for the fetoscope's pose, in millimetres. Only +, -, *, / and sqrt are used
// (no trigonometry), so every JavaScript engine computes the same bits and the server's replay matches the page.

/** A point or a direction in the uterine cavity; the placental plate lies in z = 0, the cavity is z > 0. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export const vec3 = (x: number, y: number, z: number): Vec3 => ({ x, y, z });
export const add = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });
export const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
export const scale = (a: Vec3, k: number): Vec3 => ({ x: a.x * k, y: a.y * k, z: a.z * k });
export const dot = (a: Vec3, b: Vec3): number => a.x * b.x + a.y * b.y + a.z * b.z;
export const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
export const length = (a: Vec3): number => Math.sqrt(dot(a, a));

/** The unit vector along `a`; `fallback` for a zero vector. */
export function normalize(a: Vec3, fallback: Vec3 = { x: 0, y: 0, z: -1 }): Vec3 {
  const len = length(a);
  return len > 1e-12 ? scale(a, 1 / len) : fallback;
}

/** `v` with its component along the unit vector `axis` removed, made unit again: keeps a frame orthonormal. */
export function orthogonalTo(v: Vec3, axis: Vec3, fallback: Vec3): Vec3 {
  return normalize(sub(v, scale(axis, dot(v, axis))), fallback);
}

/** Any unit vector perpendicular to the unit vector `a`. */
export function anyPerpendicular(a: Vec3): Vec3 {
  const ref = Math.abs(a.z) < 0.9 ? vec3(0, 0, 1) : vec3(0, 1, 0);
  return normalize(cross(ref, a));
}
