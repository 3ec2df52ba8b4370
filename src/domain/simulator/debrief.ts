// The debrief map's data: the whole placenta after the attempt, small enough to store with it and to draw
// later from the learner's history. Coordinates in mm, rounded to 0.1 mm.
import { entryPoints, reachShare } from './entry.ts';
import { distanceToSegment, type Vec2 } from './geometry.ts';
import { lineCoverage } from './line.ts';
import type { AnastomosisKind, Twin, Vessel, VesselKind } from './placenta.ts';
import type { Task } from './params.ts';
import { prognosisOf, type Prognosis } from './review.ts';
import type { SimState } from './state.ts';
import { cellAt, TISSUE } from './tissue.ts';

export interface DebriefAnastomosis {
  id: string;
  kind: AnastomosisKind;
  x: number;
  y: number;
  diameterMm: number;
  sealed: boolean;
  /** 1-based rank in the sealing order, or null if left open. */
  sealedRank: number | null;
  /** The kind the learner marked it as, or null if never marked. */
  markedAs: AnastomosisKind | null;
  /**
   * Solomon task: sealed once the line had begun, so by the line and out of sequence, not coagulated on its own
   * first. Absent from debriefs stored before it was kept.
   */
  byLine?: boolean;
}

/**
 * One twin's arteries or veins as the map draws them: each vessel's widest diameter (mm) and its course,
 * simplified, as x0, y0, x1, y1, ... (flat and grouped, as a placenta has a few hundred vessels to store with
 * each attempt).
 */
export interface DebriefVessels {
  twin: Twin;
  kind: VesselKind;
  lines: { w: number; xy: number[] }[];
}

/** A mark that matched no anastomosis, with the type the learner gave it (absent from debriefs stored before types were kept). */
export interface DebriefFalseMark extends Vec2 {
  kind?: AnastomosisKind;
}

export interface Debrief {
  task: Task;
  radiusMm: number;
  equator: Vec2[];
  membrane: Vec2[];
  cords: { twin: Twin; x: number; y: number }[];
  /** Where the trocar enters, projected on the plate's plane. */
  entry: Vec2;
  /**
   * The entry sites the sketch offered, projected like `entry`, each with the share of the equator (navigation:
   * of the targets) it reaches with the attempt's scope; and the index of the one chosen, null for an attempt
   * that entered at the drawn trocar. Absent from debriefs stored before sites could be chosen.
   */
  sites?: { x: number; y: number; reach: number }[];
  site?: number | null;
  /** The vessels, so the map shows what the learner followed; absent from debriefs stored before they were kept. */
  vessels?: DebriefVessels[];
  anastomoses: DebriefAnastomosis[];
  /** Marks that matched no anastomosis. */
  falseMarks: DebriefFalseMark[];
  /** Unsealed stretches of the equator (Solomon task). */
  lineGaps: Vec2[][];
  /** Burns on healthy tissue: spots centred on a normal vessel or off the equator. */
  burns: { x: number; y: number; r: number }[];
  /** The aim's track over the plate. */
  path: Vec2[];
  targets: { x: number; y: number; reached: boolean }[];
  /**
   * Blood in the fluid (turbidity.ts), sampled every TRACE_EVERY_MS of surgery from the opening, 0-1 to two
   * decimals: the curve the debrief draws. Absent from debriefs stored before it was kept.
   */
  turbidity?: number[];
  /**
   * What the operation leaves the twins with (review.ts): the outcome card, null for a navigation case. Absent from
   * debriefs stored before it was kept.
   */
  prognosis?: Prognosis | null;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const pt = (p: Vec2): Vec2 => ({ x: r1(p.x), y: r1(p.y) });
/** At most this many points of the track are kept: enough to read the route, small enough to store. */
const PATH_POINTS = 600;
/** A vessel's course is kept to within this many mm (Douglas-Peucker): finer than the map's lines are drawn. */
const VESSEL_TOLERANCE_MM = 0.5;

/** The points of a polyline that keep it within `tolerance` of its course, ends included. */
export function simplify(points: readonly Vec2[], tolerance: number): Vec2[] {
  if (points.length < 3) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const spans: [number, number][] = [[0, points.length - 1]];
  while (spans.length > 0) {
    const [a, b] = spans.pop()!;
    let far = -1;
    let farD = tolerance;
    for (let i = a + 1; i < b; i += 1) {
      const d = distanceToSegment(points[i]!, points[a]!, points[b]!);
      if (d > farD) [far, farD] = [i, d];
    }
    if (far < 0) continue;
    keep[far] = 1;
    spans.push([a, far], [far, b]);
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** The vessels by twin and kind, veins first so the map draws arteries over them, as they cross on the plate. */
function vesselsOf(vessels: readonly Vessel[]): DebriefVessels[] {
  const groups: DebriefVessels[] = (['vein', 'artery'] as const).flatMap((kind) =>
    (['donor', 'recipient'] as const).map((twin) => ({ twin, kind, lines: [] })),
  );
  for (const v of vessels) {
    groups
      .find((g) => g.twin === v.twin && g.kind === v.kind)!
      .lines.push({ w: r1(Math.max(...v.widths)), xy: simplify(v.points, VESSEL_TOLERANCE_MM).flatMap((p) => [r1(p.x), r1(p.y)]) });
  }
  return groups.filter((g) => g.lines.length > 0);
}

export function debriefOf(state: SimState): Debrief {
  const { placenta, tissue, targets, sites, params } = state.scenario;
  const judged = entryPoints(params.task, placenta, targets);
  const scope = state.scope ?? 'straight';
  const markedAs = new Map<string, AnastomosisKind>();
  for (const m of state.marks) if (m.anastomosisId) markedAs.set(m.anastomosisId, m.kind);
  const stride = Math.max(1, Math.ceil(state.path.length / PATH_POINTS));
  return {
    task: params.task,
    radiusMm: placenta.radiusMm,
    equator: placenta.equator.map(pt),
    membrane: placenta.membrane.map(pt),
    cords: placenta.cords.map((c) => ({ twin: c.twin, ...pt(c.position) })),
    entry: pt(state.trocar.entry),
    sites: sites.map((site) => ({ ...pt(site.entry), reach: Math.round(reachShare(site, scope, judged) * 1000) / 1000 })),
    site: state.site,
    vessels: vesselsOf(placenta.vessels),
    anastomoses: placenta.anastomoses.map((a) => {
      const rank = state.sealed.indexOf(a.id);
      return {
        id: a.id,
        kind: a.kind,
        ...pt(a.position),
        diameterMm: r1(a.diameterMm),
        sealed: rank >= 0,
        sealedRank: rank >= 0 ? rank + 1 : null,
        markedAs: markedAs.get(a.id) ?? null,
        byLine: state.lineSealed.includes(a.id),
      };
    }),
    falseMarks: state.marks.filter((m) => m.anastomosisId === null).map((m) => ({ ...pt(m), kind: m.kind })),
    lineGaps: params.task === 'solomon' ? lineCoverage(placenta.equator, tissue, state.fluence).gapLines.map((g) => g.map(pt)) : [],
    burns: state.spots
      .filter((s) => {
        const cls = tissue.cls[cellAt(tissue, s)];
        return cls === TISSUE.vessel || cls === TISSUE.tissue;
      })
      .map((s) => ({ ...pt(s), r: r1(s.radiusMm) })),
    path: state.path.filter((_, i) => i % stride === 0).map(pt),
    targets: targets.map((p, i) => ({ ...pt(p), reached: i < state.nextTarget })),
    turbidity: [...state.turbidityTrace],
    prognosis: prognosisOf(state),
  };
}
