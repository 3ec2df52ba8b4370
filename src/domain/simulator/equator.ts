// The vascular equator: a meandering line from placental edge to edge where the two twins' territories meet,
// and the inter-twin membrane, which lies near it but not on it.
import { clampToDisc, type Vec2 } from './geometry.ts';
import type { Rng } from './rng.ts';

/** The equator with the frame it was drawn in, so vessels can tell which territory a point belongs to. */
export interface EquatorLayout {
  points: Vec2[];
  /** Unit vector along the equator. */
  along: Vec2;
  /** Unit vector across the equator, pointing into the donor's territory. */
  normal: Vec2;
  /** Signed distance-like measure in mm: positive in the donor's territory, negative in the recipient's. */
  side(p: Vec2): number;
}

const SAMPLES = 41;
const CONTROL_POINTS = 6;

/**
 * Draws the equator on a disc of `radius` mm: shifted off-centre by up to `offset` (unequal territories, the
 * donor's usually smaller) and meandering by up to `wobble`, both in mm.
 */
export function generateEquator(rng: Rng, radius: number, wobble: number, offset: number): EquatorLayout {
  const along = rng.unitVector();
  const normal = { x: -along.y, y: along.x };
  const shift = offset * rng.range(0.4, 1);
  const controls = Array.from({ length: CONTROL_POINTS }, () => rng.range(-1, 1));
  const half = Math.sqrt(radius * radius - shift * shift);
  const wobbleAt = (u: number): number => {
    const c = Math.min(1, Math.max(0, u));
    const x = c * (CONTROL_POINTS - 1);
    const i = Math.min(CONTROL_POINTS - 2, Math.floor(x));
    const f = x - i;
    const smooth = f * f * (3 - 2 * f);
    const a = controls[i] ?? 0;
    const b = controls[i + 1] ?? 0;
    return wobble * (a + (b - a) * smooth) * 4 * c * (1 - c);
  };
  const points: Vec2[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const u = i / (SAMPLES - 1);
    const s = -half + 2 * half * u;
    const w = shift + wobbleAt(u);
    const p = { x: w * normal.x + s * along.x, y: w * normal.y + s * along.y };
    points.push(i > 0 && i < SAMPLES - 1 ? clampToDisc(p, radius * 0.995) : p);
  }
  const side = (p: Vec2): number => {
    const s = p.x * along.x + p.y * along.y;
    const w = p.x * normal.x + p.y * normal.y;
    return w - shift - wobbleAt((s + half) / (2 * half));
  };
  return { points, along, normal, side };
}

/**
 * The membrane: the equator moved `offset` mm into the donor's territory with a slow sway. In twin-twin
 * transfusion the donor's sac is small (oligohydramnios, the "stuck twin"), so the membrane lies over the
 * donor's side of the plate; where the sway brings it back across the equator, vessels run under it unconnected.
 */
export function generateMembrane(rng: Rng, layout: EquatorLayout, radius: number, offset: number): Vec2[] {
  const phase = rng.range(0, 1);
  const n = layout.points.length;
  return layout.points.map((p, i) => {
    const u = i / (n - 1);
    const tri = 4 * Math.abs(((u + phase) % 1) - 0.5) - 1;
    const d = offset * (0.55 + 0.45 * tri) + rng.range(-1, 1);
    return clampToDisc({ x: p.x + layout.normal.x * d, y: p.y + layout.normal.y * d }, radius * 0.995);
  });
}
