import { describe, expect, it } from 'vitest';
import { buildAirway } from '../../../src/domain/airway/model.ts';
import { createFetoSession } from '../../../src/simulator/feto/session.ts';
import { createSurgeryClock } from '../../../src/simulator/surgery-clock.ts';

// The surgery clock the laser and the airway pages share (surgery-clock.ts), and the airway's session on it.
describe('the surgery clock', () => {
  it('runs from the start, stops while paused and for good at the finish', () => {
    let now = 500;
    const clock = createSurgeryClock(() => now);
    now += 1000;
    expect([clock.phase, clock.read(), clock.pause(), clock.finish()]).toEqual(['intro', 0, false, false]);
    expect(clock.begin()).toBe(true);
    now += 300;
    expect(clock.read()).toBe(300);
    expect(clock.begin()).toBe(false);
    expect(clock.pause()).toBe(true);
    now += 5000;
    expect([clock.phase, clock.read()]).toEqual(['paused', 300]);
    clock.resume();
    now += 200;
    expect([clock.phase, clock.read()]).toEqual(['running', 500]);
    expect(clock.finish()).toBe(true);
    now += 1000;
    clock.resume();
    expect([clock.phase, clock.read(), clock.finish()]).toEqual(['finished', 500, false]);
  });

  it('finishes from a pause at the paused time', () => {
    let now = 0;
    const clock = createSurgeryClock(() => now);
    clock.begin();
    now += 700;
    clock.pause();
    now += 9000;
    expect([clock.finish(), clock.read()]).toEqual([true, 700]);
  });
});

describe("the airway's session on it", () => {
  const airway = buildAirway('clock', 28, 1);

  it('lets go of the held controls at a pause, stamps nothing while paused, and finishes at the paused time', () => {
    let now = 0;
    const s = createFetoSession(airway, 'insertion', () => now);
    s.act({ type: 'input', turnX: 0, turnY: 0, insert: 1 });
    expect(s.log).toEqual([]);
    s.begin();
    s.act({ type: 'input', turnX: 0, turnY: 0, insert: 1 });
    now += 400;
    s.pause();
    now += 3000;
    s.act({ type: 'inflate', volumeMl: 0.6 });
    expect(s.tick().tip.depth).toBeCloseTo(3.2, 5);
    s.finish();
    expect(s.log).toEqual([
      { t: 0, type: 'input', turnX: 0, turnY: 0, insert: 1 },
      { t: 400, type: 'input', turnX: 0, turnY: 0, insert: 0 },
      { t: 400, type: 'finish' },
    ]);
    expect([s.phase, s.clock()]).toEqual(['finished', 400]);
  });
});
