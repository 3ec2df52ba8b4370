import { describe, expect, it } from 'vitest';
import { falloff, SCORING, scoreAttempt, type SimMetrics } from '../../../src/domain/simulator/index.ts';

const base: SimMetrics = {
  anastomosesTotal: 4,
  anastomosesCoagulated: 4,
  anastomosesResidual: 0,
  residualIds: [],
  anastomosesSeen: 4,
  solomonCompleteness: 1,
  solomonGaps: 0,
  collateralEnergyJ: 0,
  energyOnVesselsJ: 0,
  energyOffEquatorJ: 0,
  totalEnergyJ: 200,
  spotCount: 60,
  collateralSpots: 0,
  laserOnTimeMs: 30_000,
  laserArmedTimeMs: 60_000,
  surgeryTimeMs: 240_000,
  pathLength: 6,
};

describe('SCORING', () => {
  it('has weights adding up to 100, treatment first', () => {
    const w = SCORING.weights;
    expect(Object.values(w).reduce((a, b) => a + b, 0)).toBe(100);
    expect(w.anastomoses).toBeGreaterThan(w.solomon);
    expect(w.solomon).toBeGreaterThan(w.collateral);
  });
  it('falls off linearly between good and limit', () => {
    expect(falloff(0, { good: 10, limit: 20 })).toBe(1);
    expect(falloff(15, { good: 10, limit: 20 })).toBe(0.5);
    expect(falloff(20, { good: 10, limit: 20 })).toBe(0);
    expect(falloff(99, { good: 10, limit: 20 })).toBe(0);
  });
});

describe('scoreAttempt', () => {
  it('gives 100 to a complete, clean and quick operation', () => {
    expect(scoreAttempt(base).score).toBe(100);
  });
  it('gives 0 when nothing was treated, however quick and clean', () => {
    const idle = { ...base, anastomosesCoagulated: 0, anastomosesResidual: 4, solomonCompleteness: 0, laserOnTimeMs: 0, pathLength: 0 };
    expect(scoreAttempt(idle).score).toBe(0);
  });
  it('gives 65 to full treatment with the worst safety and efficiency', () => {
    const slow = { ...base, collateralEnergyJ: 500, surgeryTimeMs: 2_000_000, laserOnTimeMs: 400_000, pathLength: 50 };
    expect(scoreAttempt(slow)).toEqual({
      score: 65,
      components: { anastomoses: 1, solomon: 1, collateral: 0, surgeryTime: 0, laserOnTime: 0, pathLength: 0 },
    });
  });
  it('computes a middling attempt by hand: 40x0.75 + 25x0.5 + (42.5/65) x 35 x 0.5 = 53.94 -> 54', () => {
    const mid = {
      ...base,
      anastomosesCoagulated: 3,
      anastomosesResidual: 1,
      solomonCompleteness: 0.5,
      collateralEnergyJ: 150,
      surgeryTimeMs: 750_000,
      laserOnTimeMs: 112_500,
      pathLength: 19,
    };
    expect(scoreAttempt(mid)).toEqual({
      score: 54,
      components: { anastomoses: 0.75, solomon: 0.5, collateral: 0.5, surgeryTime: 0.5, laserOnTime: 0.5, pathLength: 0.5 },
    });
  });
  it('loses points for each residual anastomosis and for gaps in the line', () => {
    const one = scoreAttempt({ ...base, anastomosesCoagulated: 3, anastomosesResidual: 1 }).score;
    const two = scoreAttempt({ ...base, anastomosesCoagulated: 2, anastomosesResidual: 2 }).score;
    // 30 + 25 + (55/65) x 35 = 84.6; 20 + 25 + (45/65) x 35 = 69.2; 40 + 22.5 + (62.5/65) x 35 = 96.2
    expect(one).toBe(85);
    expect(two).toBe(69);
    expect(scoreAttempt({ ...base, solomonCompleteness: 0.9 }).score).toBe(96);
  });
});
