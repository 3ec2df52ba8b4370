// The debrief map's data: the whole placenta after the attempt, small enough to store with it and to draw
// later from the learner's history. Coordinates in mm, rounded to 0.1 mm.
import { entryPoints, reachShare } from './entry.ts';
import type { Vec2 } from './geometry.ts';
import { lineCoverage } from './line.ts';
import type { AnastomosisKind, Twin } from './placenta.ts';
import type { Task } from './params.ts';
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
  anastomoses: DebriefAnastomosis[];
  /** Marks that matched no anastomosis. */
  falseMarks: Vec2[];
  /** Unsealed stretches of the equator (Solomon task). */
  lineGaps: Vec2[][];
  /** Burns on healthy tissue: spots centred on a normal vessel or off the equator. */
  burns: { x: number; y: number; r: number }[];
  /** The aim's track over the plate. */
  path: Vec2[];
  targets: { x: number; y: number; reached: boolean }[];
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const pt = (p: Vec2): Vec2 => ({ x: r1(p.x), y: r1(p.y) });
/** At most this many points of the track are kept: enough to read the route, small enough to store. */
const PATH_POINTS = 600;

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
      };
    }),
    falseMarks: state.marks.filter((m) => m.anastomosisId === null).map(pt),
    lineGaps: params.task === 'solomon' ? lineCoverage(placenta.equator, tissue, state.fluence).gapLines.map((g) => g.map(pt)) : [],
    burns: state.spots
      .filter((s) => {
        const cls = tissue.cls[cellAt(tissue, s)];
        return cls === TISSUE.vessel || cls === TISSUE.tissue;
      })
      .map((s) => ({ ...pt(s), r: r1(s.radiusMm) })),
    path: state.path.filter((_, i) => i % stride === 0).map(pt),
    targets: targets.map((p, i) => ({ ...pt(p), reached: i < state.nextTarget })),
  };
}
