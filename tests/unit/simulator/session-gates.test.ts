import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../../src/domain/simulator/index.ts';
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
});
