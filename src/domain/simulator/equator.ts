// The vascular equator: a meandering line from placental edge to edge between the two twins' territories.
import type { Vec2 } from './geometry.ts';
import type { Difficulty } from './difficulty.ts';
import type { Rng } from './rng.ts';

/** The equator with the frame it was drawn in, so vessels can tell which territory a point belongs to. */
export interface EquatorLayout {
  points: Vec2[];
  /** Unit vector along the equator. */
  along: Vec2;
  /** Unit vector across the equator, pointing into the donor's territory. */
  normal: Vec2;
  /** Positive in the donor's territory, negative in the recipient's, about 0 on the equator. */
  side(p: Vec2): number;
}

const SAMPLES = 33;
const CONTROL_POINTS = 6;
const INTERIOR_LIMIT = 0.995;

/** Draws the equator: shifted towards the donor (smaller donor share) and meandering more at higher levels. */
export function generateEquator(rng: Rng, difficulty: Difficulty): EquatorLayout {
  const along = rng.unitVector();
  const normal = { x: -along.y, y: along.x };
  const offset = difficulty.equatorOffset * rng.range(0.4, 1);
  const controls = Array.from({ length: CONTROL_POINTS }, () => rng.range(-1, 1));
  const half = Math.sqrt(1 - offset * offset);
  const wobbleAt = (u: number): number => {
    const c = Math.min(1, Math.max(0, u));
    const x = c * (CONTROL_POINTS - 1);
    const i = Math.min(CONTROL_POINTS - 2, Math.floor(x));
    const f = x - i;
    const smooth = f * f * (3 - 2 * f);
    const a = controls[i] ?? 0;
    const b = controls[i + 1] ?? 0;
    return difficulty.equatorWobble * (a + (b - a) * smooth) * 4 * c * (1 - c);
  };
  const at = (u: number): Vec2 => {
    const s = -half + 2 * half * u;
    const w = offset + wobbleAt(u);
    return { x: w * normal.x + s * along.x, y: w * normal.y + s * along.y };
  };
  const points: Vec2[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const p = at(i / (SAMPLES - 1));
    const len = Math.sqrt(p.x * p.x + p.y * p.y);
    const interior = i > 0 && i < SAMPLES - 1;
    points.push(interior && len > INTERIOR_LIMIT ? { x: (p.x / len) * INTERIOR_LIMIT, y: (p.y / len) * INTERIOR_LIMIT } : p);
  }
  const side = (p: Vec2): number => {
    const s = p.x * along.x + p.y * along.y;
    const w = p.x * normal.x + p.y * normal.y;
    return w - offset - wobbleAt((s + half) / (2 * half));
  };
  return { points, along, normal, side };
}
