import { describe, expect, it } from 'vitest';
import { computeMetrics, createSimulation, equatorCoverage, makeSpot, spotRadius } from '../../../src/domain/simulator/index.ts';
import { handMadePlacenta } from './fixtures.ts';

const placenta = handMadePlacenta();
const halfChord = (r: number, offset: number) => Math.sqrt(r * r - offset * offset);

describe('equatorCoverage (Solomon line completeness) on a straight equator of length 2', () => {
  const r = spotRadius(800);
  it('is 0 with one gap when nothing is coagulated', () => {
    expect(equatorCoverage(placenta.equator, [])).toEqual({ length: 2, covered: 0, completeness: 0, gaps: 1 });
  });
  it('counts the chord a spot cuts, leaving the gaps on each side', () => {
    const centred = equatorCoverage(placenta.equator, [makeSpot({ x: 0, y: 0 }, 800)]);
    expect(centred.covered).toBeCloseTo(2 * r, 12);
    expect(centred.completeness).toBeCloseTo(r, 12);
    expect(centred.gaps).toBe(2);
    const offCentre = equatorCoverage(placenta.equator, [makeSpot({ x: 0.3, y: 0.02 }, 800)]);
    expect(offCentre.covered).toBeCloseTo(2 * halfChord(r, 0.02), 12);
  });
  it('counts nothing beyond the placental edge', () => {
    const edge = equatorCoverage(placenta.equator, [makeSpot({ x: -1, y: 0 }, 800)]);
    expect(edge.covered).toBeCloseTo(r, 12);
    expect(edge.gaps).toBe(1);
  });
  it('is complete with no gap for a chain of overlapping spots from edge to edge, counting overlaps once', () => {
    const chain = Array.from({ length: 41 }, (_, k) => makeSpot({ x: -1 + k * 0.05, y: 0 }, 800));
    const full = equatorCoverage(placenta.equator, [...chain, ...chain]);
    expect(full.completeness).toBeCloseTo(1, 12);
    expect(full.gaps).toBe(0);
  });
  it('finds a single missing spot in the chain: a 0.035 gap', () => {
    const chain = Array.from({ length: 41 }, (_, k) => makeSpot({ x: -1 + k * 0.05, y: 0 }, 800)).filter((_, k) => k !== 20);
    const broken = equatorCoverage(placenta.equator, chain);
    expect(broken.gaps).toBe(1);
    expect(broken.covered).toBeCloseTo(2 - (0.1 - 2 * r), 12);
    expect(broken.completeness).toBeCloseTo((2 - 0.035) / 2, 12);
  });
});

describe('computeMetrics on a hand-made attempt', () => {
  const spots = [
    makeSpot({ x: -0.6, y: 0 }, 1000), // seals 'left' (30 J)
    makeSpot({ x: 0.6, y: 0.05 }, 800), // grazes 'right' without sealing it (24 J)
    makeSpot({ x: 0, y: 0.33 }, 800), // normal donor artery (24 J)
    makeSpot({ x: 0.2, y: 0.3 }, 500), // tissue off the equator (15 J)
    makeSpot({ x: 0.2, y: 0.02 }, 1500), // tissue on the equator (45 J)
  ];
  const state = {
    ...createSimulation(placenta),
    t: 61_000,
    openedAt: 1000,
    finishedAt: 61_000,
    pathLength: 3.5,
    laserFiringMs: 5000,
    laserArmedMs: 9000,
    seen: ['left'],
    spots,
  };
  const m = computeMetrics(state);

  it('counts coagulated and residual anastomoses', () => {
    expect(m).toMatchObject({ anastomosesTotal: 2, anastomosesCoagulated: 1, anastomosesResidual: 1, residualIds: ['right'] });
    expect(m.anastomosesSeen).toBe(1);
  });
  it('adds energy on normal vessels and off the equator into collateral damage', () => {
    expect(m.energyOnVesselsJ).toBe(24);
    expect(m.energyOffEquatorJ).toBe(15);
    expect(m.collateralEnergyJ).toBe(39);
    expect(m.totalEnergyJ).toBe(138);
    expect(m.spotCount).toBe(5);
    expect(m.collateralSpots).toBe(2);
  });
  it('measures the Solomon line from the spots that cross the equator', () => {
    const expected = 2 * spotRadius(1000) + 2 * halfChord(spotRadius(1500), 0.02);
    expect(m.solomonCompleteness).toBeCloseTo(expected / 2, 12);
    expect(m.solomonGaps).toBe(3);
  });
  it('reports laser-on time, surgery time (open to finish) and path length', () => {
    expect(m.laserOnTimeMs).toBe(5000);
    expect(m.laserArmedTimeMs).toBe(9000);
    expect(m.surgeryTimeMs).toBe(60_000);
    expect(m.pathLength).toBe(3.5);
  });
  it('counts surgery time to now while unfinished, and none before the fetoscopy opens', () => {
    expect(computeMetrics({ ...state, finishedAt: null, t: 31_000 }).surgeryTimeMs).toBe(30_000);
    expect(computeMetrics({ ...createSimulation(placenta), t: 5000 }).surgeryTimeMs).toBe(0);
  });
  it('leaves every anastomosis residual when nothing was burnt', () => {
    const none = computeMetrics(createSimulation(placenta));
    expect(none).toMatchObject({ anastomosesCoagulated: 0, anastomosesResidual: 2, collateralEnergyJ: 0, solomonCompleteness: 0 });
  });
});
