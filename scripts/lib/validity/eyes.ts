// What a validity player may see: only what the page draws inside the fetoscope's round image. The vessels
// (points, widths, artery or vein, and the twin, which a learner reads by following a vessel back to its cord
// and by its calibre), the cords, the membrane, the blanching as the shader shows it, and the player's own marks.
// Never the anastomoses, the equator, the sealed lists, the tissue classes or the fluence against a seal threshold.
import { BLANCH, blanchTexels, sealThresholds, viewOf, type Scenario, type SimState } from '../../../src/domain/simulator/index.ts';
import type { Twin, VesselKind } from '../../../src/domain/simulator/placenta.ts';
import type { Vec2 } from '../../../src/domain/simulator/geometry.ts';
import { cellAt } from '../../../src/domain/simulator/tissue.ts';
import { freeEnd } from '../../../src/domain/simulator/vessels.ts';

/** The renderer's field of view (src/simulator/scene.ts, FOV_DEGREES): 75°, a round image, so 37.5° off the line of sight. */
export const FIELD_OF_VIEW_DEGREES = 75;
const HALF_FOV_COS = Math.cos(((FIELD_OF_VIEW_DEGREES / 2) * Math.PI) / 180);
/** The light falls with the square of the distance (scene.ts: dark beyond 10 cm); past this the plate is too dim to read. */
export const SEEING_DISTANCE_MM = 70;

/** A vessel's free end as it is drawn: where it stops without a branch of its own continuing from it. */
export interface VesselEnd {
  /** Index of the vessel in `placenta.vessels`: the same end seen twice is the same end. */
  vessel: number;
  at: Vec2;
  twin: Twin;
  kind: VesselKind;
  widthMm: number;
}

/** A point of a drawn vessel, with its twin: what a look at the plate from afar shows of the two territories. */
export interface VesselPoint {
  at: Vec2;
  twin: Twin;
}

/** The eyes of one attempt: the drawn plate, and the one-byte blanching the shader reads. */
export class Eyes {
  private readonly ends: VesselEnd[];
  private readonly points: VesselPoint[];
  private readonly thresholds: Float64Array;
  private readonly byte = new Uint8Array(1);
  readonly cords: { twin: Twin; position: Vec2 }[];
  readonly radiusMm: number;

  private readonly scenario: Scenario;

  constructor(scenario: Scenario) {
    this.scenario = scenario;
    const { vessels, cords, radiusMm } = scenario.placenta;
    this.radiusMm = radiusMm;
    this.cords = cords.map((c) => ({ twin: c.twin, position: c.position }));
    this.ends = vessels.flatMap((v, i) => {
      const at = freeEnd(vessels, i);
      return at ? [{ vessel: i, at, twin: v.twin, kind: v.kind, widthMm: v.widths[v.widths.length - 1]! }] : [];
    });
    this.points = vessels.flatMap((v) => v.points.map((at) => ({ at, twin: v.twin })));
    // The texture the floor blanches from (anatomy.ts): each cell's fluence over its own threshold, as bytes.
    this.thresholds = sealThresholds(scenario.placenta, scenario.tissue);
  }

  /** How far off the line of sight a plate point lies, as a cosine, and how far from the tip; null outside the image or the light. */
  private sight(state: SimState, p: Vec2): { distanceMm: number } | null {
    const view = viewOf(state.pose, state.trocar, state.scope ?? 'straight', Infinity);
    const d = { x: p.x - view.tip.x, y: p.y - view.tip.y, z: -view.tip.z };
    const distanceMm = Math.hypot(d.x, d.y, d.z);
    if (distanceMm > SEEING_DISTANCE_MM || distanceMm < 1e-6) return null;
    const cos = (d.x * view.look.x + d.y * view.look.y + d.z * view.look.z) / distanceMm;
    return cos >= HALF_FOV_COS ? { distanceMm } : null;
  }

  /** The free vessel ends in the image now, each with how far it is from the tip (apparent size falls with it). */
  endsInView(state: SimState): (VesselEnd & { distanceMm: number })[] {
    return this.ends.flatMap((e) => {
      const seen = this.sight(state, e.at);
      return seen && Math.hypot(e.at.x, e.at.y) <= this.radiusMm ? [{ ...e, distanceMm: seen.distanceMm }] : [];
    });
  }

  /** The drawn vessels' points in the image now: where each twin's territory shows. */
  pointsInView(state: SimState): VesselPoint[] {
    return this.points.filter((p) => this.sight(state, p.at) !== null);
  }

  /** The blanching byte the shader shows at a point (BLANCH.sealedTexel and more: fully pale). */
  texel(state: SimState, p: Vec2): number {
    // Only the grid's geometry (which cell a point falls in), never its tissue classes.
    const cell = cellAt(this.scenario.tissue, p);
    if (cell < 0) return 0;
    blanchTexels(state.fluence.subarray(cell, cell + 1), this.thresholds.subarray(cell, cell + 1), this.byte);
    return this.byte[0]!;
  }

  /** Whether every point is visibly pale: at `share` of the full blanching (1: fully pale, as the shader draws a sealed cell). */
  pale(state: SimState, points: readonly Vec2[], share = 1): boolean {
    return points.every((p) => this.texel(state, p) >= share * BLANCH.sealedTexel);
  }
}
