import { describe, expect, it } from 'vitest';
import { computeMetrics, irradiance, LASER, sealThreshold, spotRadius } from '../../../src/domain/simulator/index.ts';
import { fire, openCase, steer } from './pilot.ts';

describe('laser energy model', () => {
  it('grows the spot with distance and with obliquity', () => {
    expect(spotRadius(20, 1)).toBeGreaterThan(spotRadius(10, 1));
    expect(spotRadius(10, 0.5)).toBeCloseTo(spotRadius(10, 1) / Math.sqrt(0.5), 12);
    expect(spotRadius(0, 1)).toBe(LASER.fibreRadiusMm);
  });

  it('lowers the energy per area with distance and with the cosine of the angle', () => {
    expect(irradiance(20, 1)).toBeLessThan(irradiance(10, 1) / 2.5);
    expect(irradiance(10, 0.5)).toBeCloseTo(irradiance(10, 1) / 2, 12);
    expect(irradiance(10, 1)).toBeCloseTo(LASER.powerW / (Math.PI * spotRadius(10, 1) ** 2), 12);
  });

  it('needs more energy to seal a wider vessel', () => {
    expect(sealThreshold(2)).toBeGreaterThan(sealThreshold(1));
    expect(sealThreshold(0.4)).toBeGreaterThan(LASER.sealBaseJPerMm2);
  });

  it('seals an anastomosis from a working distance, but not with too short a burn', () => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 1, smallestMm: 1.5 });
    const a = sim.state.scenario.placenta.anastomoses[0]!;
    expect(steer(sim, a.position, 10)).toBe(true);
    fire(sim, 300);
    expect(sim.state.sealed).toEqual([]);
    fire(sim, 3000);
    expect(sim.state.sealed).toEqual([a.id]);
    const m = computeMetrics(sim.state);
    expect(m.energyTotalJ).toBeCloseTo((LASER.powerW * 3300) / 1000, 6);
    expect(m.techniqueShare).toBe(1);
    expect(m.meanFiringDistanceMm).toBeGreaterThan(9);
  });

  it('takes longer to seal from farther away and at a slant', () => {
    const timeToSeal = (distanceMm: number): number => {
      const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 1, smallestMm: 1.5 }, 3);
      const a = sim.state.scenario.placenta.anastomoses[0]!;
      expect(steer(sim, a.position, distanceMm)).toBe(true);
      for (let ms = 100; ms <= 30_000; ms += 100) {
        fire(sim, 100);
        if (sim.state.sealed.length > 0) return ms;
      }
      return Infinity;
    };
    const near = timeToSeal(8);
    const far = timeToSeal(20);
    expect(near).toBeLessThan(4000);
    expect(far).toBeGreaterThan(near * 2.5);
  });

  it('counts energy off the equator and off target as collateral, and a firing distance outside the working range as poor technique', () => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 1 });
    const cord = sim.state.scenario.placenta.cords[0]!.position;
    expect(steer(sim, cord, 30)).toBe(true);
    fire(sim, 1000);
    const m = computeMetrics(sim.state);
    expect(m.collateralEnergyJ).toBeCloseTo(m.energyTotalJ, 6);
    expect(m.techniqueShare).toBe(0);
  });

  // A straight scope looks along its shaft through the trocar, so the incidence's cosine at a point of the plate is
  // the entry's height over its distance to that point: an anterior placenta's low entry gives any angle wanted.
  const techniqueAt = (cos: number) => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 1, placenta: 'anterior' });
    const { entry } = sim.state.scenario.trocar;
    const foot = Math.hypot(entry.x, entry.y);
    const reach = entry.z * Math.sqrt(1 / cos ** 2 - 1);
    const target = { x: entry.x * (1 - reach / foot), y: entry.y * (1 - reach / foot) };
    expect(steer(sim, target, 12)).toBe(true);
    fire(sim, 500);
    return { aim: sim.state.aim!, share: computeMetrics(sim.state).techniqueShare };
  };

  it('counts firing at a working distance but beyond 40° of perpendicular as poor technique', () => {
    const { aim, share } = techniqueAt(0.74);
    expect(aim.distanceMm).toBeGreaterThanOrEqual(LASER.workingMinMm);
    expect(aim.distanceMm).toBeLessThanOrEqual(LASER.workingMaxMm);
    expect(aim.cos).toBeLessThan(LASER.workingMinCos);
    expect(share).toBe(0);
  });

  it('counts firing at a working distance just within 40° of perpendicular as good technique', () => {
    const { aim, share } = techniqueAt(0.79);
    expect(aim.distanceMm).toBeGreaterThanOrEqual(LASER.workingMinMm);
    expect(aim.distanceMm).toBeLessThanOrEqual(LASER.workingMaxMm);
    expect(aim.cos).toBeGreaterThanOrEqual(LASER.workingMinCos);
    expect(aim.cos).toBeLessThan(0.8);
    expect(share).toBe(1);
  });
});
