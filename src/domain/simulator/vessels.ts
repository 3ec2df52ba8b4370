// Each twin's chorionic vessels: branching, tapering trees of arteries and veins from its cord, the branches
// that end in anastomoses, and decoys (same-twin pairs that run into the equator, some across it and back,
// and end in their own twin's territory). Normal vessels reach the equator too: only where a vessel ends, and
// whose vessel it meets there, tells an anastomosis.
import { distance, type Vec2 } from './geometry.ts';
import type { EquatorLayout } from './equator.ts';
import type { Anastomosis, Twin, Vessel, VesselKind } from './placenta.ts';
import type { Rng } from './rng.ts';

/** Normal vessels stop this close (mm) to the equator, inside the band a Solomon line burns, on their own side. */
const NORMAL_VESSEL_MARGIN_MM = 0.8;
/**
 * How much wider the recipient's vessels are than the donor's: in twin-twin transfusion the recipient is
 * overloaded with blood (wide veins, a thick cord) and the donor depleted (thin vessels, a thin cord).
 */
const TWIN_CALIBRE: Readonly<Record<Twin, number>> = { donor: 0.8, recipient: 1.2 };
/** Below this diameter (mm) a branch is capillary and is not drawn. */
const MIN_WIDTH_MM = 0.6;
const STEP_MM = 3;

function normalize(v: Vec2): Vec2 {
  const len = Math.sqrt(v.x * v.x + v.y * v.y);
  return len > 0 ? { x: v.x / len, y: v.y / len } : { x: 1, y: 0 };
}

/** Turns a unit heading by the angle whose tangent is `k` (no trigonometry, so every engine agrees). */
function turn(dir: Vec2, k: number): Vec2 {
  return normalize({ x: dir.x - dir.y * k, y: dir.y + dir.x * k });
}

interface TreeContext {
  rng: Rng;
  twin: Twin;
  kind: VesselKind;
  layout: EquatorLayout;
  radius: number;
  out: Vessel[];
}

/**
 * Grows one branch until it tapers out, meets the rim or reaches the equator, then splits it in two. Branches run
 * past anastomoses as they would on a real placenta: no clear zone around one gives it away.
 */
function branch(ctx: TreeContext, start: Vec2, heading: Vec2, width: number, depth: number): void {
  const { rng, layout, radius } = ctx;
  const sign = ctx.twin === 'donor' ? 1 : -1;
  const points = [start];
  const widths = [width];
  let p = start;
  let dir = heading;
  let w = width;
  const steps = rng.int(4, 8);
  let stopped = false;
  for (let i = 0; i < steps; i += 1) {
    dir = turn(dir, rng.range(-0.25, 0.25));
    const next = { x: p.x + dir.x * STEP_MM, y: p.y + dir.y * STEP_MM };
    if (next.x * next.x + next.y * next.y > (radius * 0.94) ** 2 || sign * layout.side(next) < NORMAL_VESSEL_MARGIN_MM) {
      stopped = true;
      break;
    }
    w *= 0.975;
    points.push(next);
    widths.push(w);
    p = next;
  }
  if (points.length >= 2) ctx.out.push({ twin: ctx.twin, kind: ctx.kind, points, widths });
  if (stopped || depth >= 5) return;
  // Daughters about 0.8 and 0.7 of the parent's diameter: close to Murray's law (cubes adding up), without cbrt.
  const w1 = w * rng.range(0.74, 0.88);
  const w2 = w * rng.range(0.6, 0.76);
  if (w1 >= MIN_WIDTH_MM) branch(ctx, p, turn(dir, rng.range(0.3, 0.7)), w1, depth + 1);
  if (w2 >= MIN_WIDTH_MM) branch(ctx, p, turn(dir, -rng.range(0.3, 0.7)), w2, depth + 1);
}

/** A twin's own vascular tree: three to five trunks, each an artery with a vein running beside it. */
export function growTree(rng: Rng, twin: Twin, cord: Vec2, layout: EquatorLayout, radius: number): Vessel[] {
  const out: Vessel[] = [];
  const calibre = TWIN_CALIBRE[twin];
  const trunks = rng.int(3, 5);
  const first = rng.unitVector();
  for (let i = 0; i < trunks; i += 1) {
    const heading = turn(first, (2 * i) / trunks + rng.range(-0.2, 0.2));
    const side = { x: -heading.y * 1.8, y: heading.x * 1.8 };
    branch({ rng, twin, kind: 'artery', layout, radius, out }, cord, heading, calibre * rng.range(2.6, 3.4), 0);
    branch({ rng, twin, kind: 'vein', layout, radius, out }, { x: cord.x + side.x, y: cord.y + side.y }, turn(heading, 0.08), calibre * rng.range(3.4, 4.4), 0);
  }
  return out;
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

/** The point of a twin's tree, of one kind, nearest to `to` and wide enough to branch from; the cord if none. */
function nearestPoint(trees: readonly Vessel[], twin: Twin, kind: VesselKind, to: Vec2, cord: Vec2): { p: Vec2; w: number } {
  let best = { p: cord, w: 3, d: distance(cord, to) };
  for (const v of trees) {
    if (v.twin !== twin || v.kind !== kind || v.anastomosisId || v.decoy) continue;
    v.points.forEach((p, i) => {
      const w = v.widths[i] ?? 0;
      const d = distance(p, to);
      if (w >= 1 && d < best.d) best = { p, w, d };
    });
  }
  return { p: best.p, w: best.w };
}

/** A gently curved branch from a tree point to an end point, tapering to `endWidth`. */
function connector(rng: Rng, from: { p: Vec2; w: number }, to: Vec2, endWidth: number): { points: Vec2[]; widths: number[] } {
  const bend = rng.range(-0.2, 0.2);
  const control = {
    x: (from.p.x + to.x) / 2 - (to.y - from.p.y) * bend,
    y: (from.p.y + to.y) / 2 + (to.x - from.p.x) * bend,
  };
  const n = Math.max(3, Math.ceil(distance(from.p, to) / STEP_MM));
  const startWidth = Math.max(endWidth, from.w * 0.8);
  const points: Vec2[] = [];
  const widths: number[] = [];
  for (let i = 0; i <= n; i += 1) {
    const t = i / n;
    const a = (1 - t) * (1 - t);
    const b = 2 * (1 - t) * t;
    const c = t * t;
    points.push({ x: a * from.p.x + b * control.x + c * to.x, y: a * from.p.y + b * control.y + c * to.y });
    widths.push(startWidth + (endWidth - startWidth) * t);
  }
  return { points, widths };
}

/**
 * The two branches, one per twin, that join at an anastomosis. For AV and VA they end a little apart on either
 * side of the equator, diving into the shared cotyledon; AA and VV meet end to end as one superficial vessel.
 */
export function feeders(rng: Rng, a: Anastomosis, trees: readonly Vessel[], cords: Record<Twin, Vec2>, layout: EquatorLayout): Vessel[] {
  const kinds = feederKinds(a.kind);
  const direct = a.kind === 'AA' || a.kind === 'VV';
  return (['donor', 'recipient'] as const).map((twin) => {
    const sign = twin === 'donor' ? 1 : -1;
    const dive = direct ? 0 : 1.2;
    const end = { x: a.position.x + layout.normal.x * sign * dive, y: a.position.y + layout.normal.y * sign * dive };
    const from = nearestPoint(trees, twin, kinds[twin], end, cords[twin]);
    // Each side keeps its twin's calibre up to the junction: the recipient's end wider than the donor's.
    return { twin, kind: kinds[twin], ...connector(rng, from, end, a.diameterMm * TWIN_CALIBRE[twin]), anastomosisId: a.id };
  });
}

/**
 * A path from a tree point through each point of `via` (the last is where it ends): gently curved connectors
 * joined end to end, tapering evenly from the tree's width to `endWidth`.
 */
function route(rng: Rng, from: { p: Vec2; w: number }, via: readonly Vec2[], endWidth: number): { points: Vec2[]; widths: number[] } {
  const stops = [from.p, ...via];
  const points: Vec2[] = [];
  const widths: number[] = [];
  const startWidth = Math.max(endWidth, from.w * 0.8);
  for (let i = 1; i < stops.length; i += 1) {
    // Only the legs' curves are used; their widths are set over the whole path below.
    const leg = connector(rng, { p: stops[i - 1]!, w: 0 }, stops[i]!, 0);
    leg.points.slice(i === 1 ? 0 : 1).forEach((p) => points.push(p));
  }
  points.forEach((_, i) => widths.push(startWidth + ((endWidth - startWidth) * i) / Math.max(1, points.length - 1)));
  return { points, widths };
}

/**
 * A decoy: an artery and a vein of the same twin running side by side into the equator's band near `at`, and
 * ending there in their own territory, as the two ends of an AV anastomosis would; when `crosses`, they first
 * run across the equator into the other twin's side and turn back. Null where an end would fall on the other
 * twin's side (the caller tries elsewhere).
 */
export function decoy(rng: Rng, twin: Twin, at: Vec2, trees: readonly Vessel[], cord: Vec2, layout: EquatorLayout, crosses: boolean): Vessel[] | null {
  const sign = twin === 'donor' ? 1 : -1;
  const gap = rng.range(1.2, 2.2);
  const width = TWIN_CALIBRE[twin] * rng.range(0.9, 1.5);
  const depth = rng.range(1, 2.5);
  const beyond = rng.range(1.5, 3);
  const shift = rng.range(5, 8) * (rng.next() < 0.5 ? -1 : 1);
  const across = (p: Vec2, d: number, s: number): Vec2 => ({
    x: p.x + layout.normal.x * sign * d + layout.along.x * s,
    y: p.y + layout.normal.y * sign * d + layout.along.y * s,
  });
  const pair = (['artery', 'vein'] as const).map((kind, i) => {
    const k = i - 0.5;
    const end = across(at, depth, gap * k);
    const via = crosses ? [across(at, -beyond, shift + gap * k), end] : [end];
    const from = nearestPoint(trees, twin, kind, via[0]!, cord);
    return { twin, kind, ...route(rng, from, via, width), decoy: true };
  });
  const ends = pair.map((v) => v.points[v.points.length - 1]!);
  const own = ends.every((p) => sign * layout.side(p) > 0);
  return own ? pair : null;
}

/**
 * How near a normal vessel's free end may come to a free end of the other twin's vessels. An anastomosis's two
 * feeders end 2.4 mm apart across the equator (AV, VA) or meet (AA, VV), each in its twin's calibre: two normal
 * vessels of different twins ending like that would draw an anastomosis that is none, and no look at the plate
 * could tell them apart (a junction must be decidable from the view).
 */
export const LOOKALIKE_MM = 3.5;

/**
 * Where vessel `i` ends freely: its last point, or null where another vessel of its twin and kind starts there (a
 * branch point is no end). The generator, the tests and the players that read the view all take ends by this rule.
 */
export function freeEnd(vessels: readonly Vessel[], i: number): Vec2 | null {
  const v = vessels[i]!;
  const at = v.points[v.points.length - 1]!;
  return vessels.some((o, j) => j !== i && o.twin === v.twin && o.kind === v.kind && distance(o.points[0]!, at) < 0.3) ? null : at;
}

/**
 * Draws back, point by point, the trees' vessels whose free end lies within LOOKALIKE_MM of a free end of the other
 * twin, so that no two ends meet as feeders do (an anastomosis's feeders and the decoys, which must end where they
 * were laid, stay as drawn: decoys keep 7 mm from every anastomosis). A branch point
 * (another vessel of the twin and kind starts there) is no free end. Deterministic, no randomness: the same vessels
 * give the same plate in the browser and on the server.
 */
export function drawBackLookalikes(vessels: readonly Vessel[]): Vessel[] {
  let out = vessels.map((v) => ({ ...v, points: [...v.points], widths: [...v.widths] }));
  // Pass after pass, each offending end one point back, until none is left; a vessel drawn back to its first point
  // is gone, which may free the end of the vessel it branched from (the next pass sees it).
  for (let changed = true; changed;) {
    changed = false;
    const ends = out.map((_, i) => freeEnd(out, i));
    const near = (i: number) =>
      ends[i] !== null && out.some((o, j) => o.twin !== out[i]!.twin && ends[j] !== null && distance(ends[j]!, ends[i]!) < LOOKALIKE_MM);
    const gone = new Set<number>();
    out.forEach((v, i) => {
      if (v.anastomosisId || v.decoy || !near(i)) return;
      changed = true;
      if (v.points.length <= 2) gone.add(i);
      v.points.pop();
      v.widths.pop();
    });
    out = out.filter((_, i) => !gone.has(i));
  }
  return out;
}
