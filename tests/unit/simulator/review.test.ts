import { describe, expect, it } from 'vitest';
import { prognosisOf, replay, REVIEW } from '../../../src/domain/simulator/index.ts';
import { fire, hold, openCase, steer } from './pilot.ts';

const sealAll = (sim: ReturnType<typeof openCase>) => {
  for (const a of sim.state.scenario.placenta.anastomoses) {
    expect(steer(sim, a.position, 10, 0.4)).toBe(true);
    for (let ms = 0; !sim.state.sealed.includes(a.id) && ms < 15_000; ms += 200) fire(sim, 200);
    expect(sim.state.sealed).toContain(a.id);
  }
};

describe('final review and outcome', () => {
  it('the review begins once, surveys the equator the aim sweeps, and counts what it seals', () => {
    const sim = openCase({ task: 'selective', anastomoses: 3 });
    const [first, ...rest] = sim.state.scenario.placenta.anastomoses;
    expect(steer(sim, first!.position, 10, 0.4)).toBe(true);
    for (let ms = 0; !sim.state.sealed.includes(first!.id) && ms < 15_000; ms += 200) fire(sim, 200);
    const t = sim.state.t;
    sim.apply({ t, type: 'review' });
    sim.apply({ t: t + 100, type: 'review' });
    expect(sim.state.reviewAt).toBe(t);
    expect(sim.state.log.filter((e) => e.type === 'review')).toHaveLength(1);
    const before = sim.state.surveyed;
    // Sweep the equator from one end to the other, a point every few sections.
    const equator = sim.state.scenario.placenta.equator;
    for (let i = 2; i < equator.length - 2; i += 3) steer(sim, equator[i]!, 20, 3);
    expect(sim.state.surveyed).not.toBe(before);
    expect(prognosisOf(sim.state)!.surveyed).toBeGreaterThanOrEqual(0.6);
    for (const a of rest) {
      expect(steer(sim, a.position, 10, 0.4)).toBe(true);
      for (let ms = 0; !sim.state.sealed.includes(a.id) && ms < 15_000; ms += 200) fire(sim, 200);
    }
    expect(sim.state.reviewSealed).toEqual(rest.map((a) => a.id));
    const outcome = prognosisOf(sim.state)!;
    expect(outcome).toMatchObject({ reviewed: true, foundAtReview: rest.length, openLarge: 0, openSmall: 0, openSuperficial: 0 });
    expect(outcome.risks.recurrence).toBe('low');
    expect(outcome.risks.taps).toBe('low');
    sim.apply({ t: sim.state.t, type: 'finish' });
    const again = replay(sim.state.scenario, sim.state.log);
    expect(again.surveyed).toBe(sim.state.surveyed);
    expect(again.reviewSealed).toEqual(sim.state.reviewSealed);
    expect(prognosisOf(again)).toEqual(prognosisOf(sim.state));
  });

  it('a small anastomosis left open risks TAPS, a large one recurrence, by width', () => {
    const sim = openCase({ task: 'selective', anastomoses: 4, smallestMm: 0.6 });
    const open = sim.state.scenario.placenta.anastomoses;
    sim.apply({ t: 1000, type: 'finish' });
    const outcome = prognosisOf(sim.state)!;
    const deep = open.filter((a) => a.kind === 'AV' || a.kind === 'VA');
    expect(outcome.openSmall).toBe(deep.filter((a) => a.diameterMm < REVIEW.largeMm).length);
    expect(outcome.openLarge).toBe(deep.filter((a) => a.diameterMm >= REVIEW.largeMm).length);
    expect(outcome.openSmall + outcome.openLarge + outcome.openSuperficial).toBe(open.length);
    expect(outcome.risks.taps).toBe(outcome.openSmall > 0 ? 'high' : 'low');
    expect(outcome.risks.recurrence).toBe(outcome.openLarge > 0 ? 'high' : outcome.openSuperficial > 0 ? 'moderate' : 'low');
    expect(outcome.reviewed).toBe(false);
    expect(outcome.surveyed).toBe(0);
  });

  it('sealing everything leaves no risk from anastomoses; contacts with the plate raise that of membrane rupture', () => {
    const sim = openCase({ task: 'selective', anastomoses: 2 });
    sealAll(sim);
    expect(prognosisOf(sim.state)!.risks).toEqual({ recurrence: 'low', taps: 'low', rupture: 'low' });
    hold(sim, { insert: 1 }, 6000);
    expect(sim.state.contacts).toBeGreaterThanOrEqual(REVIEW.ruptureContacts.moderate);
    expect(prognosisOf(sim.state)!.risks.rupture).not.toBe('low');
  });

  it('a navigation case has no outcome: nothing was treated', () => {
    const sim = openCase({ task: 'navigation' });
    expect(prognosisOf(sim.state)).toBeNull();
  });
});
