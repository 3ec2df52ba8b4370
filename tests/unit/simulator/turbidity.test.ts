import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  entryBleed,
  exchanging,
  laserStatus,
  liveSimulation,
  replay,
  seedFor,
  TRACE_EVERY_MS,
  TURBIDITY,
  turbidityAt,
} from '../../../src/domain/simulator/index.ts';
import { defaultCaseParams } from '../../../src/domain/simulator/index.ts';
import { fire, hold, openCase, steer } from './pilot.ts';

/** A variant whose seed draws no entry bleed, so each test starts from clear fluid. */
function clearVariant(): number {
  for (let v = 0; v < 50; v += 1) if (entryBleed(seedFor('test-course', 2, 1, v)) === 0) return v;
  throw new Error('no clear variant');
}

describe('turbidity', () => {
  it('starts clear without an entry bleed and rises by a contact, then thins slowly', () => {
    const sim = openCase({ task: 'selective' }, clearVariant());
    expect(turbidityAt(sim.state, sim.state.t)).toBe(0);
    hold(sim, { insert: 1 }, 6000);
    expect(sim.state.contacts).toBeGreaterThan(0);
    const after = turbidityAt(sim.state, sim.state.t);
    expect(after).toBeGreaterThanOrEqual(TURBIDITY.contactRise * 0.95);
    const t = sim.state.t;
    expect(turbidityAt(sim.state, t + TURBIDITY.halfLifeMs)).toBeCloseTo(turbidityAt(sim.state, t) / 2, 6);
    // Slowly: still most of it a minute later.
    expect(turbidityAt(sim.state, t + 60_000)).toBeGreaterThan(0.75 * after);
  });

  it('rises while firing onto a vessel from too close, and not when firing from a working distance', () => {
    const near = openCase({ task: 'selective' }, clearVariant());
    const a = near.state.scenario.placenta.anastomoses[0]!;
    expect(steer(near, a.position, 3, 0.4)).toBe(true);
    fire(near, 1000);
    expect(turbidityAt(near.state, near.state.t)).toBeGreaterThan(0.15);
    const far = openCase({ task: 'selective' }, clearVariant());
    expect(steer(far, a.position, 10, 0.4)).toBe(true);
    fire(far, 1000);
    expect(turbidityAt(far.state, far.state.t)).toBe(0);
  });

  it('rises while one spot on a vessel keeps taking energy long past what seals it', () => {
    const sim = openCase({ task: 'selective' }, clearVariant());
    const a = sim.state.scenario.placenta.anastomoses[0]!;
    expect(steer(sim, a.position, 10, 0.4)).toBe(true);
    fire(sim, 4000);
    expect(turbidityAt(sim.state, sim.state.t)).toBe(0);
    fire(sim, 4000);
    expect(turbidityAt(sim.state, sim.state.t)).toBeGreaterThan(0.2);
  });

  it('takes its share of the laser: the same burn takes longer to seal through bloody fluid', () => {
    const clear = openCase({ task: 'selective' }, clearVariant());
    const bloody = openCase({ task: 'selective' }, clearVariant());
    hold(bloody, { insert: 1 }, 6000);
    hold(bloody, { insert: -1 }, 1500);
    const level = turbidityAt(bloody.state, bloody.state.t);
    expect(level).toBeGreaterThan(0.15);
    const sealMs = (sim: typeof clear) => {
      const a = sim.state.scenario.placenta.anastomoses[0]!;
      expect(steer(sim, a.position, 10, 0.4)).toBe(true);
      let ms = 0;
      while (!sim.state.sealed.includes(a.id) && ms < 10_000) {
        fire(sim, 100);
        ms += 100;
      }
      return ms;
    };
    const fast = sealMs(clear);
    const slow = sealMs(bloody);
    expect(fast).toBeLessThan(10_000);
    expect(slow).toBeGreaterThan(fast);
  });

  it('an amnio-exchange costs its time, holds the laser, clears the fluid, and counts', () => {
    const sim = openCase({ task: 'selective' }, clearVariant());
    hold(sim, { insert: 1 }, 6000);
    const level = turbidityAt(sim.state, sim.state.t);
    expect(level).toBeGreaterThan(0);
    const t = sim.state.t;
    sim.apply({ t, type: 'exchange' });
    expect(sim.state.exchanges).toBe(1);
    expect(exchanging(sim.state, t + TURBIDITY.exchangeMs - 4)).toBe(true);
    // A second press while one runs does nothing.
    sim.apply({ t: t + 1000, type: 'exchange' });
    expect(sim.state.exchanges).toBe(1);
    sim.apply({ t: t + 1000, type: 'laserOn' });
    sim.apply({ t: t + 1000, type: 'fireStart' });
    sim.advance(t + 5000);
    expect(sim.state.energy.total).toBe(0);
    // The badge says what the model does: the pedal is held, the laser is on and does not fire.
    expect(laserStatus(sim.state)).toBe('on');
    expect(turbidityAt(sim.state, t + TURBIDITY.exchangeMs / 2)).toBeCloseTo(level / 2, 2);
    sim.advance(t + TURBIDITY.exchangeMs);
    expect(turbidityAt(sim.state, sim.state.t)).toBe(0);
    expect(sim.state.energy.total).toBe(0);
    // The burn held by the exchange resumes at its end.
    sim.advance(t + TURBIDITY.exchangeMs + 1000);
    expect(sim.state.energy.total).toBeGreaterThan(0);
    expect(laserStatus(sim.state)).toBe('firing');
  });

  it('draws an entry bleed by seed in about half the launches, within its bound', () => {
    const bleeds = Array.from({ length: 200 }, (_, v) => entryBleed(seedFor('c', 3, 1, v)));
    const bled = bleeds.filter((b) => b > 0).length;
    expect(bled).toBeGreaterThan(60);
    expect(bled).toBeLessThan(140);
    expect(Math.max(...bleeds)).toBeLessThanOrEqual(TURBIDITY.entryMax);
    const seed = seedFor(
      'c',
      3,
      1,
      bleeds.findIndex((b) => b > 0.1),
    );
    const sim = liveSimulation(buildScenario(defaultCaseParams(3, 1), seed));
    sim.apply({ t: 0, type: 'open', scope: 'straight' });
    expect(turbidityAt(sim.state, 0)).toBe(entryBleed(seed));
  });

  it('gives the same level, curve and energy live frame by frame as the replay in one jump', () => {
    const sim = openCase({ task: 'selective' }, clearVariant());
    hold(sim, { insert: 1 }, 6000);
    const a = sim.state.scenario.placenta.anastomoses[0]!;
    steer(sim, a.position, 3, 0.4);
    fire(sim, 1500);
    sim.apply({ t: sim.state.t + 3000, type: 'exchange' });
    sim.advance(sim.state.t + 40_000);
    sim.apply({ t: sim.state.t, type: 'finish' });
    const again = replay(sim.state.scenario, sim.state.log);
    expect(again.blood).toEqual(sim.state.blood);
    expect(again.exchange).toEqual(sim.state.exchange);
    expect(again.turbidityTrace).toEqual(sim.state.turbidityTrace);
    expect(again.energy).toEqual(sim.state.energy);
    expect(sim.state.turbidityTrace.length).toBe(Math.floor((sim.state.t - sim.state.openedAt!) / TRACE_EVERY_MS) + 1);
    expect(Math.max(...sim.state.turbidityTrace)).toBeGreaterThan(0.2);
    expect(sim.state.turbidityTrace.at(-1)).toBe(0);
  });
});
