import { describe, expect, it } from 'vitest';
import { computeMetrics, prognosisOf, replay, REVIEW, scoreAttempt, type LiveSimulation } from '../../../src/domain/simulator/index.ts';
import { fire, hold, openCase, steer } from './pilot.ts';

const sealAll = (sim: ReturnType<typeof openCase>) => {
  for (const a of sim.state.scenario.placenta.anastomoses) {
    expect(steer(sim, a.position, 10, 0.4)).toBe(true);
    for (let ms = 0; !sim.state.sealed.includes(a.id) && ms < 15_000; ms += 200) fire(sim, 200);
    expect(sim.state.sealed).toContain(a.id);
  }
};

/**
 * "Done: review the equator", then a look at the middle of each of the equator's sections from 20 mm, as a surgeon
 * surveys it. From the pilot's trocar the far end of the equator is out of reach: nine sections of ten are surveyed.
 */
const reviewAll = (sim: LiveSimulation) => {
  sim.apply({ t: sim.state.t, type: 'review' });
  const equator = sim.state.scenario.placenta.equator;
  for (let k = 0; k < REVIEW.sections; k += 1) steer(sim, equator[Math.floor(((k + 0.5) * equator.length) / REVIEW.sections)]!, 20, 3);
};

const finished = (sim: LiveSimulation) => {
  sim.apply({ t: sim.state.t + 100, type: 'finish' });
  return scoreAttempt(computeMetrics(sim.state));
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

  it('scores the review: the share surveyed, for the work done when it began', () => {
    const skipped = openCase({ task: 'selective', anastomoses: 2 });
    sealAll(skipped);
    const reviewed = openCase({ task: 'selective', anastomoses: 2 });
    for (const e of skipped.state.log) reviewed.apply(e);
    reviewAll(reviewed);
    expect(computeMetrics(reviewed.state)).toMatchObject({ reviewSurveyed: 0.9, reviewWork: 1 });
    const without = finished(skipped);
    const withReview = finished(reviewed);
    expect(without.components.review).toBe(0);
    expect(withReview.components.review).toBe(0.9);
    // The review's 5 points, in proportion to the primary components achieved (nothing was marked here), less
    // what the survey's time and path cost.
    expect(withReview.score).toBeGreaterThan(without.score);
    // The server's replay of the log reaches the same review.
    expect(computeMetrics(replay(reviewed.state.scenario, reviewed.state.log))).toMatchObject({ reviewSurveyed: 0.9, reviewWork: 1 });
  });

  it('a survey before the work reviews nothing, and a review alone scores nothing', () => {
    const first = openCase({ task: 'selective', anastomoses: 2 });
    reviewAll(first);
    sealAll(first);
    const m = computeMetrics(first.state);
    expect(m).toMatchObject({ reviewSurveyed: 0.9, reviewWork: 0 });
    expect(finished(first).components.review).toBe(0);
    const half = openCase({ task: 'selective', anastomoses: 2 });
    const [one] = half.state.scenario.placenta.anastomoses;
    expect(steer(half, one!.position, 10, 0.4)).toBe(true);
    for (let ms = 0; !half.state.sealed.includes(one!.id) && ms < 15_000; ms += 200) fire(half, 200);
    reviewAll(half);
    expect(computeMetrics(half.state).reviewWork).toBe(0.5);
    const only = openCase({ task: 'solomon', anastomoses: 2 });
    reviewAll(only);
    expect(finished(only)).toMatchObject({ score: 0 });
    expect(computeMetrics(only.state).reviewWork).toBe(0);
    expect(computeMetrics(only.state).reviewSurveyed).toBeGreaterThan(0.5);
  });
});
