// What the attempt achieved, measured as fetoscopic laser training scores the operation: anastomoses found,
// typed, sealed and in which order, the Solomon line, energy on healthy tissue, technique, contacts, time, path.
import { complicationManaged, type Complication } from './complications.ts';
import { entryPoints, reachShare } from './entry.ts';
import { strikesOf } from './intruders.ts';
import { polylineLength, type Vec2 } from './geometry.ts';
import { LINE_ALLOWANCE_J_PER_MM, lineCoverage } from './line.ts';
import { shortestRoute } from './navigation.ts';
import type { AnastomosisKind } from './placenta.ts';
import type { Task } from './params.ts';
import { surveyedShare } from './review.ts';
import type { SimState } from './state.ts';

/** The debrief's figures and the score's inputs; the server stores these, computed by replay. */
export interface SimMetrics {
  task: Task;
  surgeryTimeMs: number;
  /** Distance the scope's tip travelled, in mm. */
  pathLengthMm: number;
  /** Times the tip touched (came within a few mm of) the plate. */
  contacts: number;
  anastomosesTotal: number;
  anastomosesSealed: number;
  /** Left open: the cause of recurrent twin-twin transfusion and of TAPS after laser. */
  anastomosesResidual: number;
  residualIds: string[];
  /**
   * The order they were sealed in, and how well it follows the sequential technique (0-1); null while fewer than
   * two ranks (AV, VA, AA/VV) were sealed, as there was no order to get wrong.
   */
  sealedOrder: string[];
  orderScore: number | null;
  /**
   * Solomon task: the anastomoses sealed once the line had begun (line.ts, LINE_BEGUN): sealed by the line, not
   * selectively first; they take no part in the order score and, beyond a small tolerance, gate the score.
   */
  lineSealedIds: string[];
  /** Identification: anastomoses marked, not marked, marks on nothing, and marks with the right kind. */
  found: number;
  missed: number;
  falseMarks: number;
  typesCorrect: number;
  solomonCompleteness: number;
  solomonGaps: number;
  /**
   * Energy in joules: all of it; collateral, what landed on healthy tissue (in selective coagulation everything
   * outside the anastomoses' zones; in the Solomon task also the equator band's energy beyond what a continuous
   * line takes, `lineEnergyJ`, the band counted with the corridor a line read from the view strays into, tissue.ts
   * LINE_CORRIDOR_MM; in navigation all of it); and what landed on normal vessels, on tissue off the
   * equator, or off the plate.
   */
  energyTotalJ: number;
  collateralEnergyJ: number;
  energyOnVesselsJ: number;
  energyOffEquatorJ: number;
  energyOffPlateJ: number;
  firingTimeMs: number;
  laserArmedTimeMs: number;
  /** Energy-weighted mean firing distance (mm) and cosine of incidence; null when nothing was fired at the plate. */
  meanFiringDistanceMm: number | null;
  meanFiringCos: number | null;
  /** Share of the energy delivered at a working distance and angle. */
  techniqueShare: number;
  targetsTotal: number;
  targetsReached: number;
  /** Share of the equator (navigation: of the targets) the entry site and scope let the laser meet at a working distance and angle. */
  entryReach: number;
  /**
   * Navigation: the shortest feasible route of the tip through the targets (mm) and the time it takes at the
   * reference speed with every hold (ms), what path and time are judged against; 0 in the other tasks.
   */
  routeMm: number;
  routeMs: number;
  /** Times the beam went into the cord, a limb, the donor or a sheet of membrane drifting in its way (intruders.ts), and the joules it put there. */
  strikes: number;
  struckEnergyJ: number;
  /** The case's complication (complications.ts) and whether the learner did what it asks; both null without one. */
  complication: Complication | null;
  complicationManaged: boolean | null;
  /** Share of the equator surveyed in the final review (review.ts), 0-1; 0 when the learner finished without one. */
  reviewSurveyed: number;
  /** Share of the work done when the review began (work.ts), 0-1; 0 without a review. */
  reviewWork: number;
}

/** Rank of each kind in the sequential technique: donor-artery-to-recipient-vein first, then the reverse, then AA and VV. */
export const SEQUENCE_RANK: Readonly<Record<AnastomosisKind, number>> = { AV: 0, VA: 1, AA: 2, VV: 2 };

/** Share of the pairs of sealed anastomoses of different rank that were sealed in the sequential order; null when none. */
export function orderScore(sealedKinds: readonly AnastomosisKind[]): number | null {
  let pairs = 0;
  let right = 0;
  for (let i = 0; i < sealedKinds.length; i += 1) {
    for (let j = i + 1; j < sealedKinds.length; j += 1) {
      const a = SEQUENCE_RANK[sealedKinds[i]!];
      const b = SEQUENCE_RANK[sealedKinds[j]!];
      if (a === b) continue;
      pairs += 1;
      if (a < b) right += 1;
    }
  }
  return pairs === 0 ? null : right / pairs;
}

/** Energy on the equator band that a Solomon line takes, drawn by a careful hand (LINE_ALLOWANCE_J_PER_MM): beyond it, burning the band is over-treatment. */
export function lineEnergyJ(equator: readonly Vec2[]): number {
  return LINE_ALLOWANCE_J_PER_MM * polylineLength(equator);
}

/** Energy on healthy tissue: everything but what the task means to burn. */
function collateralOf(task: Task, e: SimState['energy'], equator: readonly Vec2[]): number {
  switch (task) {
    case 'navigation':
      return e.total;
    case 'selective':
      return e.total - e.anastomosis;
    case 'solomon':
      return e.total - e.anastomosis - Math.min(e.equator + e.corridor, lineEnergyJ(equator));
  }
}

/** Measures a state; the server calls it on the replayed final state to get the figures it trusts. */
export function computeMetrics(state: SimState): SimMetrics {
  const { placenta, tissue, params, targets } = state.scenario;
  const kinds = new Map(placenta.anastomoses.map((a) => [a.id, a.kind]));
  const lastMark = new Map<string, AnastomosisKind>();
  let falseMarks = 0;
  for (const m of state.marks) {
    if (m.anastomosisId) lastMark.set(m.anastomosisId, m.kind);
    else falseMarks += 1;
  }
  const typesCorrect = [...lastMark].filter(([id, kind]) => kinds.get(id) === kind).length;
  const line = lineCoverage(placenta.equator, tissue, state.fluence);
  const e = state.energy;
  const onPlate = e.total - e.offPlate - e.struck;
  const end = state.finishedAt ?? state.t;
  const residualIds = placenta.anastomoses.filter((a) => !state.sealed.includes(a.id)).map((a) => a.id);
  // From the trocar the learner entered by: its route is the one they could have taken.
  const route = targets.length > 0 ? shortestRoute(state.trocar, targets) : null;
  return {
    task: params.task,
    surgeryTimeMs: state.openedAt === null ? 0 : end - state.openedAt,
    pathLengthMm: state.pathLengthMm,
    contacts: state.contacts,
    anastomosesTotal: placenta.anastomoses.length,
    anastomosesSealed: state.sealed.length,
    anastomosesResidual: residualIds.length,
    residualIds,
    sealedOrder: [...state.sealed],
    orderScore: orderScore(state.sealed.filter((id) => !state.lineSealed.includes(id)).map((id) => kinds.get(id) ?? 'AV')),
    lineSealedIds: [...state.lineSealed],
    found: lastMark.size,
    missed: placenta.anastomoses.length - lastMark.size,
    falseMarks,
    typesCorrect,
    solomonCompleteness: line.completeness,
    solomonGaps: line.gaps,
    energyTotalJ: e.total,
    collateralEnergyJ: Math.max(0, collateralOf(params.task, e, placenta.equator)),
    energyOnVesselsJ: e.vessel,
    energyOffEquatorJ: e.tissue,
    energyOffPlateJ: e.offPlate,
    firingTimeMs: state.firingMs,
    laserArmedTimeMs: state.laserArmedMs,
    meanFiringDistanceMm: onPlate > 0 ? e.distanceWeighted / onPlate : null,
    meanFiringCos: onPlate > 0 ? e.cosWeighted / onPlate : null,
    techniqueShare: e.total > 0 ? e.good / e.total : 0,
    targetsTotal: targets.length,
    targetsReached: state.nextTarget,
    entryReach: reachShare(state.trocar, state.scope ?? 'straight', entryPoints(params.task, placenta, targets)),
    routeMm: route?.lengthMm ?? 0,
    routeMs: route?.timeMs ?? 0,
    strikes: strikesOf(state.strikes),
    struckEnergyJ: e.struck,
    complication: params.complication ?? null,
    complicationManaged: complicationManaged(state),
    reviewSurveyed: state.reviewAt === null ? 0 : surveyedShare(state.surveyed),
    reviewWork: state.reviewWork,
  };
}
