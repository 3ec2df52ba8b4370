import { describe, expect, it } from 'vitest';
import { defocus, entryBleed, fogAt, laserStatus, OPTICS, replay, seedFor, wiping } from '../../../src/domain/simulator/index.ts';
import { fire, hold, openCase, steer } from './pilot.ts';

/** A variant the turbidity tests steer on (one without an entry bleed). */
function variant(): number {
  for (let v = 0; v < 50; v += 1) if (entryBleed(seedFor('test-course', 2, 1, v)) === 0) return v;
  throw new Error('no such variant');
}

describe('optics: fog on the lens and focus', () => {
  it('fogs while firing from closer than its distance, not from a working distance, and clears slowly by itself', () => {
    const near = openCase({ task: 'selective' }, variant());
    const a = near.state.scenario.placenta.anastomoses[0]!;
    expect(steer(near, a.position, 3, 0.4)).toBe(true);
    fire(near, 2000);
    const fog = fogAt(near.state, near.state.t);
    expect(fog).toBeGreaterThan(0.1);
    const t = near.state.t;
    expect(fogAt(near.state, t + OPTICS.fogHalfLifeMs)).toBeCloseTo(fog / 2, 6);
    const far = openCase({ task: 'selective' }, variant());
    expect(steer(far, a.position, 10, 0.4)).toBe(true);
    fire(far, 2000);
    expect(fogAt(far.state, far.state.t)).toBe(0);
  });

  it('a touch of the plate smears the lens', () => {
    const sim = openCase({ task: 'selective' }, variant());
    hold(sim, { insert: 1 }, 6000);
    expect(sim.state.contacts).toBeGreaterThan(0);
    expect(fogAt(sim.state, sim.state.t)).toBeGreaterThanOrEqual(OPTICS.contactFog * 0.95);
  });

  it('a wipe costs its time, holds the laser, leaves the lens clean, and counts; a second press while it runs does nothing', () => {
    const sim = openCase({ task: 'selective' }, variant());
    hold(sim, { insert: 1 }, 6000);
    hold(sim, { insert: -1 }, 1500);
    const level = fogAt(sim.state, sim.state.t);
    expect(level).toBeGreaterThan(0);
    const t = sim.state.t;
    sim.apply({ t, type: 'wipe' });
    sim.apply({ t: t + 500, type: 'wipe' });
    expect(sim.state.wipes).toBe(1);
    sim.apply({ t: t + 500, type: 'laserOn' });
    sim.apply({ t: t + 500, type: 'fireStart' });
    sim.advance(t + 2000);
    expect(wiping(sim.state, sim.state.t)).toBe(true);
    expect(sim.state.energy.total).toBe(0);
    expect(laserStatus(sim.state)).toBe('on');
    sim.advance(t + OPTICS.wipeMs);
    expect(fogAt(sim.state, sim.state.t)).toBe(0);
    sim.advance(t + OPTICS.wipeMs + 500);
    expect(sim.state.energy.total).toBeGreaterThan(0);
    expect(laserStatus(sim.state)).toBe('firing');
  });

  it('replays the fog and the wipe to the same bits', () => {
    const sim = openCase({ task: 'selective' }, variant());
    const a = sim.state.scenario.placenta.anastomoses[0]!;
    steer(sim, a.position, 3, 0.4);
    fire(sim, 1500);
    sim.apply({ t: sim.state.t + 1000, type: 'wipe' });
    fire(sim, 800);
    sim.apply({ t: sim.state.t + 10_000, type: 'finish' });
    const again = replay(sim.state.scenario, sim.state.log);
    expect(again.fog).toEqual(sim.state.fog);
    expect(again.wipe).toEqual(sim.state.wipe);
    expect(again.wipes).toBe(1);
    expect(again.energy).toEqual(sim.state.energy);
  });

  it('is sharp over the working distances, blurred too close, a little soft far away', () => {
    expect(defocus(OPTICS.sharpNearMm)).toBe(0);
    expect(defocus(20)).toBe(0);
    expect(defocus(OPTICS.sharpFarMm)).toBe(0);
    expect(defocus(3)).toBeGreaterThan(0.5);
    expect(defocus(0.5)).toBe(1);
    expect(defocus(80)).toBeGreaterThan(0);
    expect(defocus(500)).toBeLessThanOrEqual(0.5);
  });
});
