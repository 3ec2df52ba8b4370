// What the attempt achieved, measured the way fetoscopic laser training scores the operation.
import { classifySpot, seals } from './coagulation.ts';
import { equatorCoverage } from './coverage.ts';
import type { SimState } from './state.ts';

/** The review screen's figures and the score's inputs; the server stores these, computed by replay. */
export interface SimMetrics {
  anastomosesTotal: number;
  /** Anastomoses sealed by at least one spot. */
  anastomosesCoagulated: number;
  /** Anastomoses left open: the cause of recurrent twin-twin transfusion and TAPS after laser. */
  anastomosesResidual: number;
  residualIds: string[];
  /** Anastomoses that came into the scope's sight. */
  anastomosesSeen: number;
  /** Fraction (0-1) of the equator, edge to edge, inside coagulation. */
  solomonCompleteness: number;
  /** Uncovered stretches of the equator; 0 is a continuous Solomon line. */
  solomonGaps: number;
  /** Energy on normal vessels plus energy on tissue off the equator, in joules. */
  collateralEnergyJ: number;
  energyOnVesselsJ: number;
  energyOffEquatorJ: number;
  totalEnergyJ: number;
  spotCount: number;
  collateralSpots: number;
  /** Time the laser emitted energy (space held with the laser on). */
  laserOnTimeMs: number;
  /** Time the aiming beam was on (Shift). */
  laserArmedTimeMs: number;
  /** From opening the fetoscopy to finishing (or to now, if not finished). */
  surgeryTimeMs: number;
  /** Distance the scope's aim travelled, in placental radii. */
  pathLength: number;
}

/** Measures a state; call it on the replayed final state to get the figures the server trusts. */
export function computeMetrics(state: SimState): SimMetrics {
  const { placenta, spots } = state;
  const residualIds = placenta.anastomoses.filter((a) => !spots.some((s) => seals(s, a))).map((a) => a.id);
  let energyOnVesselsJ = 0;
  let energyOffEquatorJ = 0;
  let totalEnergyJ = 0;
  let collateralSpots = 0;
  for (const spot of spots) {
    const contact = classifySpot(placenta, spot);
    totalEnergyJ += spot.energyJ;
    if (contact.target === 'vessel') energyOnVesselsJ += spot.energyJ;
    if (contact.target === 'tissue') energyOffEquatorJ += spot.energyJ;
    if (contact.collateral) collateralSpots += 1;
  }
  const coverage = equatorCoverage(placenta.equator, spots);
  const end = state.finishedAt ?? state.t;
  return {
    anastomosesTotal: placenta.anastomoses.length,
    anastomosesCoagulated: placenta.anastomoses.length - residualIds.length,
    anastomosesResidual: residualIds.length,
    residualIds,
    anastomosesSeen: state.seen.length,
    solomonCompleteness: coverage.completeness,
    solomonGaps: coverage.gaps,
    collateralEnergyJ: energyOnVesselsJ + energyOffEquatorJ,
    energyOnVesselsJ,
    energyOffEquatorJ,
    totalEnergyJ,
    spotCount: spots.length,
    collateralSpots,
    laserOnTimeMs: state.laserFiringMs,
    laserArmedTimeMs: state.laserArmedMs,
    surgeryTimeMs: state.openedAt === null ? 0 : end - state.openedAt,
    pathLength: state.pathLength,
  };
}
