import { describe, expect, it } from 'vitest';
import { computeMetrics, TARGET_RADIUS_MM } from '../../../src/domain/simulator/index.ts';
import { TARGET_RANGE_MM } from '../../../src/domain/simulator/simulation.ts';
import { hold, openCase, steer } from './pilot.ts';

describe('what the simulation lets count', () => {
  it('burns nothing while the pedal is pressed with the laser off, even as the scope moves', () => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 1, smallestMm: 1.5 });
    const a = sim.state.scenario.placenta.anastomoses[0]!;
    expect(steer(sim, a.position, 10)).toBe(true);
    const pressPedal = () => {
      sim.apply({ t: sim.state.t, type: 'fireStart' });
      hold(sim, { roll: 1 }, 3000);
      sim.apply({ t: sim.state.t, type: 'fireStop' });
    };
    pressPedal();
    expect(computeMetrics(sim.state)).toMatchObject({ energyTotalJ: 0, firingTimeMs: 0, anastomosesSealed: 0 });
    sim.apply({ t: sim.state.t, type: 'laserOn' });
    pressPedal();
    expect(computeMetrics(sim.state).energyTotalJ).toBeGreaterThan(0);
    expect(sim.state.sealed).toEqual([a.id]);
  });

  it('reaches a navigation target only from 30 mm or closer', () => {
    const sim = openCase({ task: 'navigation', targets: 3, placenta: 'posterior' });
    const target = sim.state.scenario.targets[0]!;
    expect(steer(sim, target, TARGET_RANGE_MM + 8, TARGET_RADIUS_MM / 2)).toBe(true);
    expect(sim.state.aim!.distanceMm).toBeGreaterThan(TARGET_RANGE_MM);
    expect(sim.state.nextTarget).toBe(0);
    expect(steer(sim, target, TARGET_RANGE_MM - 10, TARGET_RADIUS_MM / 2)).toBe(true);
    expect(sim.state.nextTarget).toBe(1);
  });
});
