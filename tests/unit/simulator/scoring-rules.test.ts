import { describe, expect, it } from 'vitest';
import { computeMetrics, inhumanInput, scoreAttempt, type SimMetrics } from '../../../src/domain/simulator/index.ts';
import { inWorkingRange } from '../../../src/domain/simulator/laser.ts';
import { openCase } from './pilot.ts';

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
  ...over,
});

describe('scoring rules, against values worked out by hand', () => {
  it('gives no order points while nothing is sealed', () => {
    // Both anastomoses found and typed, none sealed: primary 20 + 10 of 60, so half of the quality points count;
    // quality 10 (collateral) + 5 (contacts) + 5 (time), order and technique 0: 30 + 0.5 × 20 = 40.
    const score = scoreAttempt(metrics({ found: 2, missed: 0, typesCorrect: 2 }));
    expect(score.components.order).toBe(0);
    expect(score.score).toBe(40);
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
