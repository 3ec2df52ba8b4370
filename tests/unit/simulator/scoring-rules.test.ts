import { describe, expect, it } from 'vitest';
import { computeMetrics, inhumanInput, lineEnergyJ, scoreAttempt, type SimMetrics } from '../../../src/domain/simulator/index.ts';
import { inWorkingRange } from '../../../src/domain/simulator/laser.ts';
import { LINE_ALLOWANCE_J_PER_MM } from '../../../src/domain/simulator/line.ts';
import { cellCentre, EQUATOR_BAND_MM, LINE_CORRIDOR_MM } from '../../../src/domain/simulator/tissue.ts';
import { distanceToPolyline } from '../../../src/domain/simulator/geometry.ts';
import { openCase } from './pilot.ts';
import { SCORING } from '../../../src/domain/simulator/score.ts';

/** Metrics written by hand: nothing done, two anastomoses, unless `over` says otherwise. */
const metrics = (over: Partial<SimMetrics>): SimMetrics => ({
  task: 'selective',
  surgeryTimeMs: 0,
  pathLengthMm: 0,
  contacts: 0,
  anastomosesTotal: 2,
  anastomosesSealed: 0,
  anastomosesResidual: 2,
  residualIds: [],
  sealedOrder: [],
  orderScore: 1,
  lineSealedIds: [],
  found: 0,
  missed: 2,
  falseMarks: 0,
  typesCorrect: 0,
  solomonCompleteness: 0,
  solomonGaps: 0,
  energyTotalJ: 0,
  collateralEnergyJ: 0,
  energyOnVesselsJ: 0,
  energyOffEquatorJ: 0,
  energyOffPlateJ: 0,
  firingTimeMs: 0,
  laserArmedTimeMs: 0,
  meanFiringDistanceMm: null,
  meanFiringCos: null,
  techniqueShare: 0,
  targetsTotal: 0,
  targetsReached: 0,
  entryReach: 1,
  routeMm: 0,
  routeMs: 0,
  reviewSurveyed: 0,
  reviewWork: 0,
  complication: null,
  complicationManaged: null,
  strikes: 0,
  struckEnergyJ: 0,
  ...over,
});

describe('scoring rules, against values worked out by hand', () => {
  it('counts order only where two ranks were sealed, and gives its weight to the rest', () => {
    // Both found and typed, none sealed: order's 8 goes to the other 92 in proportion, in whole points (largest
    // remainders first): identification 22, classification 11, sealing 33, review 6, collateral 9, technique 5,
    // contacts 5, time 4, entry 5. Primary 22 + 11 of 66, so half of the quality points count: collateral 9 +
    // contacts 5 + entry 5 (technique, time and review 0: nothing fired, nothing treated, no review): 33 + 0.5 × 19
    // = 42.5, rounded to 43.
    const score = scoreAttempt(metrics({ found: 2, missed: 0, typesCorrect: 2, orderScore: null }));
    expect(score.components).not.toHaveProperty('order');
    expect(score.weights).toEqual({
      identification: 22,
      classification: 11,
      sealing: 33,
      review: 6,
      collateral: 9,
      technique: 5,
      contacts: 5,
      time: 4,
      entry: 5,
    });
    expect(score.score).toBe(43);
    const twoRanks = scoreAttempt(metrics({ anastomosesSealed: 2, orderScore: 0 }));
    expect(twoRanks.weights).toEqual(SCORING.weights.selective);
    expect(twoRanks.components.order).toBe(0);
  });

  it('takes 5 % of the Solomon line for each open stretch beyond the first', () => {
    const solomon = (gaps: number) => scoreAttempt(metrics({ task: 'solomon', solomonCompleteness: 0.9, solomonGaps: gaps })).components.solomon;
    expect(solomon(0)).toBeCloseTo(0.9, 12);
    expect(solomon(1)).toBeCloseTo(0.9, 12);
    expect(solomon(3)).toBeCloseTo(0.8, 12);
  });

  it('counts energy on normal vessels, on tissue off the equator and off the plate as collateral', () => {
    const { state } = openCase({ task: 'selective' });
    const m = computeMetrics({ ...state, energy: { ...state.energy, total: 20, anastomosis: 13, vessel: 1, tissue: 2, offPlate: 4 } });
    expect(m).toMatchObject({ energyTotalJ: 20, collateralEnergyJ: 7, energyOnVesselsJ: 1, energyOffEquatorJ: 2, energyOffPlateJ: 4 });
  });

  it('rewards firing from 5 to 20 mm, both included, within 40° of perpendicular', () => {
    expect(inWorkingRange(4.9, 1)).toBe(false);
    expect(inWorkingRange(5, 1)).toBe(true);
    expect(inWorkingRange(20, 0.77)).toBe(true);
    expect(inWorkingRange(20.1, 1)).toBe(false);
  });

  it('flags more than 250 events in ten seconds, and not 250', () => {
    const every40ms = (n: number) => Array.from({ length: n }, (_, i) => ({ t: 5_000 + i * 40 }));
    expect(inhumanInput(every40ms(250))).toBe(false);
    // 251 events 40 ms apart span exactly 10,000 ms: the window holds both ends.
    expect(inhumanInput(every40ms(251))).toBe(true);
  });
});

/** A selective attempt that did everything: found, typed and sealed both in order, quickly, at the working distance. */
const complete = (over: Partial<SimMetrics> = {}): SimMetrics =>
  metrics({
    surgeryTimeMs: 120_000,
    pathLengthMm: 600,
    anastomosesSealed: 2,
    anastomosesResidual: 0,
    orderScore: 1,
    found: 2,
    missed: 0,
    typesCorrect: 2,
    energyTotalJ: 150,
    techniqueShare: 1,
    reviewSurveyed: 1,
    reviewWork: 1,
    ...over,
  });

describe('gates: safety and identification cap the score however complete', () => {
  it('scores a complete, clean attempt 100 with no gate', () => {
    expect(scoreAttempt(complete())).toMatchObject({ score: 100, gates: [] });
  });

  it('keeps three contacts with the plate below the pass mark: 100 less 12 a contact', () => {
    expect(scoreAttempt(complete({ contacts: 1 }))).toMatchObject({ score: 88, gates: [{ id: 'contacts', ceiling: 88 }] });
    expect(scoreAttempt(complete({ contacts: 3 }))).toMatchObject({ score: 64, gates: [{ id: 'contacts', ceiling: 64 }] });
    expect(scoreAttempt(complete({ contacts: 9 })).score).toBe(40);
  });

  it('keeps any shot into the fetus, a cord or the membrane below the pass mark: 60 at the first, 40 from the third', () => {
    expect(scoreAttempt(complete({ strikes: 1 }))).toMatchObject({ score: 60, gates: [{ id: 'fetus', ceiling: 60 }] });
    expect(scoreAttempt(complete({ strikes: 3 }))).toMatchObject({ score: 40, gates: [{ id: 'fetus', ceiling: 40 }] });
  });

  it('keeps a complication the learner did not manage below the pass mark, and asks nothing of one managed or of a case without one', () => {
    expect(scoreAttempt(complete({ complication: 'entry-bleed', complicationManaged: false }))).toMatchObject({
      score: 60,
      gates: [{ id: 'complication', ceiling: 60 }],
    });
    expect(scoreAttempt(complete({ complication: 'entry-bleed', complicationManaged: true }))).toMatchObject({ score: 100, gates: [] });
    // Fired into the donor as it swam by: a strike, and the case's complication not managed.
    expect(
      scoreAttempt(complete({ complication: 'moving-donor', complicationManaged: false, strikes: 1 }))
        .gates.map((g) => g.id)
        .sort(),
    ).toEqual(['complication', 'fetus']);
    expect(scoreAttempt(complete({ complicationManaged: false }))).toMatchObject({ score: 100, gates: [] });
  });

  it('keeps heavy collateral (150 J and more) below the pass mark', () => {
    expect(scoreAttempt(complete({ collateralEnergyJ: 30 })).gates).toEqual([]);
    // 100 - 60 × (150 - 30) / (250 - 30) = 67.3, rounded down.
    expect(scoreAttempt(complete({ collateralEnergyJ: 150 }))).toMatchObject({ score: 67, gates: [{ id: 'collateral', ceiling: 67 }] });
    expect(scoreAttempt(complete({ collateralEnergyJ: 4600 })).score).toBe(40);
  });

  it('keeps firing half the energy outside the working window below the pass mark', () => {
    // 100 - 60 × (0.5 - 0.2) / (0.7 - 0.2) = 64; technique itself is worth 5 of it.
    expect(scoreAttempt(complete({ techniqueShare: 0.5 }))).toMatchObject({ score: 64, gates: [{ id: 'offWindow', ceiling: 64 }] });
    expect(scoreAttempt(complete({ techniqueShare: 0.85 })).gates).toEqual([]);
  });

  it('does not pass a Solomon case, nor a selective one, without identifying the anastomoses', () => {
    const line = { task: 'solomon' as const, solomonCompleteness: 1, solomonGaps: 0, found: 0, missed: 2, typesCorrect: 0 };
    expect(scoreAttempt(complete(line))).toMatchObject({ score: 60, gates: [{ id: 'unidentified', ceiling: 60 }] });
    // Half identified: the ceiling, 80, is above the 75 earned (10 + 5 + 30 of 60, and 0.75 × 40), so it names no gate.
    expect(scoreAttempt(complete({ found: 1, missed: 1, typesCorrect: 1 }))).toMatchObject({ score: 75, gates: [] });
    expect(scoreAttempt(complete({ found: 0, missed: 2, typesCorrect: 0 })).score).toBeLessThan(70);
  });

  it('names every gate that held the score down, lowest ceiling first', () => {
    const score = scoreAttempt(complete({ contacts: 2, collateralEnergyJ: 250 }));
    expect(score.gates).toEqual([
      { id: 'collateral', ceiling: 40 },
      { id: 'contacts', ceiling: 76 },
    ]);
    expect(score.score).toBe(40);
  });

  it('keeps every error of typing beyond the tolerance below the pass mark: 65 at one, 52 at two, 40 from three', () => {
    const four = { anastomosesTotal: 4, anastomosesSealed: 4, anastomosesResidual: 0, found: 4, missed: 0 };
    expect(scoreAttempt(complete({ ...four, typesCorrect: 4 })).gates).toEqual([]);
    // One AV typed VA of four: no tolerance below five anastomoses.
    expect(scoreAttempt(complete({ ...four, typesCorrect: 3 })).gates).toEqual([{ id: 'misclassified', ceiling: 65 }]);
    expect(scoreAttempt(complete({ ...four, typesCorrect: 2 })).score).toBe(52);
    expect(scoreAttempt(complete({ ...four, typesCorrect: 1 })).score).toBe(40);
    // A mark on a crossing that is no anastomosis is the same error of judgement.
    expect(scoreAttempt(complete({ ...four, typesCorrect: 4, falseMarks: 1 })).gates).toContainEqual({ id: 'misclassified', ceiling: 65 });
    // Five to nine anastomoses forgive one error, and not two.
    const eight = { anastomosesTotal: 8, anastomosesSealed: 8, anastomosesResidual: 0, found: 8, missed: 0 };
    expect(scoreAttempt(complete({ ...eight, typesCorrect: 7 })).gates).toEqual([]);
    expect(scoreAttempt(complete({ ...eight, typesCorrect: 6 })).score).toBe(65);
  });

  it('does not pass a Solomon line drawn before the anastomoses were sealed one by one', () => {
    const solomon = (lineSealedIds: string[]) =>
      scoreAttempt(
        complete({
          task: 'solomon',
          anastomosesTotal: 4,
          anastomosesSealed: 4,
          anastomosesResidual: 0,
          found: 4,
          missed: 0,
          typesCorrect: 4,
          solomonCompleteness: 1,
          lineSealedIds,
        }),
      );
    // One in four may be left to the line (it closes what was missed); two may not.
    expect(solomon(['a3']).gates).toEqual([]);
    expect(solomon(['a3', 'a4'])).toMatchObject({ score: 65, gates: [{ id: 'sequence', ceiling: 65 }] });
    expect(solomon(['a1', 'a2', 'a3', 'a4']).score).toBe(40);
  });

  it('keeps anastomoses left open beyond one in four below the pass mark, however complete the line', () => {
    const open = (anastomosesResidual: number, total = 4) =>
      scoreAttempt(
        complete({
          task: 'solomon',
          anastomosesTotal: total,
          anastomosesSealed: total - anastomosesResidual,
          anastomosesResidual,
          found: total,
          missed: 0,
          typesCorrect: total,
          solomonCompleteness: 1,
        }),
      );
    expect(open(0, 3).gates).toEqual([]);
    expect(open(1, 3).gates).toContainEqual({ id: 'residual', ceiling: 65 });
    // Four anastomoses forgive one left open, and not two.
    expect(open(1).gates).toEqual([]);
    expect(open(2).gates).toContainEqual({ id: 'residual', ceiling: 65 });
    expect(open(4).score).toBe(40);
  });

  it('credits types only for anastomoses identified: marking everything earns no classification', () => {
    // Two anastomoses marked with the right kind among four false marks: identification 0, so classification 0.
    const spam = scoreAttempt(complete({ falseMarks: 4 }));
    expect(spam.components.identification).toBe(0);
    expect(spam.components.classification).toBe(0);
  });

  it('gives time and path nothing when nothing was treated or reached', () => {
    const idle = scoreAttempt(metrics({ task: 'solomon', surgeryTimeMs: 5_000, pathLengthMm: 10 }));
    expect(idle.components).toMatchObject({ time: 0, path: 0 });
    const line = scoreAttempt(metrics({ task: 'solomon', surgeryTimeMs: 5_000, pathLengthMm: 10, solomonCompleteness: 0.1 }));
    expect(line.components).toMatchObject({ time: 1, path: 1 });
    const sealed = scoreAttempt(metrics({ surgeryTimeMs: 5_000, anastomosesSealed: 1 }));
    expect(sealed.components.time).toBe(1);
    const reached = scoreAttempt(metrics({ task: 'navigation', surgeryTimeMs: 5_000, targetsTotal: 3, targetsReached: 1, routeMm: 100, routeMs: 4_000 }));
    expect(reached.components).toMatchObject({ time: 1, path: 1 });
  });

  it('judges time and path in a laser case for the whole case: half the work in 160 s scores as the whole in 320 s', () => {
    const { good, limit } = SCORING.timeMs.solomon;
    const path = SCORING.pathMm.solomon;
    const whole = { task: 'solomon', anastomosesSealed: 2, solomonCompleteness: 1 } as const;
    const half = { task: 'solomon', anastomosesSealed: 1, solomonCompleteness: 0.5 } as const;
    const atTime = (over: Partial<SimMetrics>, ms: number, mm: number) => scoreAttempt(metrics({ ...over, surgeryTimeMs: ms, pathLengthMm: mm })).components;
    const fast = atTime(half, 160_000, 800);
    const slowWhole = atTime(whole, 320_000, 1_600);
    expect({ time: fast.time, path: fast.path }).toEqual({ time: slowWhole.time, path: slowWhole.path });
    expect(fast.time).toBeCloseTo(1 - (320_000 - good) / (limit - good), 9);
    expect(fast.path).toBeCloseTo(1 - (1_600 - path.good) / (path.limit - path.good), 9);
    expect(atTime(whole, 160_000, 800)).toMatchObject({ time: 1, path: 1 });
    // A selective case counts the anastomoses sealed.
    const selective = (sealed: number, ms: number) => scoreAttempt(metrics({ anastomosesSealed: sealed, surgeryTimeMs: ms })).components.time;
    expect(selective(1, 300_000)).toBe(selective(2, 600_000));
  });
});

describe('collateral: energy on healthy tissue, by task', () => {
  const withEnergy = (task: 'selective' | 'solomon' | 'navigation', energy: { anastomosis: number; equator: number; tissue: number; corridor?: number }) => {
    const { state } = openCase({ task });
    const total = energy.anastomosis + energy.equator + energy.tissue;
    return { m: computeMetrics({ ...state, energy: { ...state.energy, ...energy, total } }), line: lineEnergyJ(state.scenario.placenta.equator) };
  };

  it('counts the equator band in selective coagulation: only the anastomoses are meant to be burned', () => {
    expect(withEnergy('selective', { anastomosis: 100, equator: 40, tissue: 5 }).m.collateralEnergyJ).toBe(45);
  });

  it('counts the equator band in the Solomon task only beyond what a continuous line takes', () => {
    const { line } = withEnergy('solomon', { anastomosis: 0, equator: 0, tissue: 0 });
    // What a careful stop-and-go hand spends, about 37 J/mm (line.ts), along an equator of about 150 mm.
    expect(LINE_ALLOWANCE_J_PER_MM).toBeCloseTo(36.7, 1);
    expect(line).toBeGreaterThan(4800);
    expect(line).toBeLessThan(6300);
    expect(withEnergy('solomon', { anastomosis: 100, equator: line - 1, tissue: 5 }).m.collateralEnergyJ).toBeCloseTo(5, 9);
    expect(withEnergy('solomon', { anastomosis: 100, equator: line + 400, tissue: 5 }).m.collateralEnergyJ).toBeCloseTo(405, 9);
  });

  it('counts the corridor beside the band, where a line read from the view strays, towards the line in the Solomon task only', () => {
    // The corridor's joules are part of the tissue's (a cell there is tissue or a vessel).
    const energy = { anastomosis: 100, equator: 100, tissue: 50, corridor: 40 };
    expect(withEnergy('solomon', energy).m.collateralEnergyJ).toBeCloseTo(10, 9);
    expect(withEnergy('selective', energy).m.collateralEnergyJ).toBe(150);
  });

  it('marks the corridor on tissue and vessels within 10 mm of the equator, beyond its band', () => {
    const { state } = openCase({ task: 'solomon' });
    const { tissue, placenta } = state.scenario;
    let cells = 0;
    tissue.corridor.forEach((flag, index) => {
      if (!flag) return;
      cells += 1;
      const d = distanceToPolyline(cellCentre(tissue, index), placenta.equator);
      expect(d).toBeLessThanOrEqual(LINE_CORRIDOR_MM + 1);
      expect(d).toBeGreaterThan(EQUATOR_BAND_MM - 1);
    });
    expect(cells).toBeGreaterThan(1000);
  });

  it('counts every joule in navigation, where nothing is to be burned', () => {
    expect(withEnergy('navigation', { anastomosis: 10, equator: 10, tissue: 10 }).m.collateralEnergyJ).toBe(30);
  });
});
