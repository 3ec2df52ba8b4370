import { describe, expect, it } from 'vitest';
import { computeMetrics, currentStep, isStepDone, orderScore, scoreAttempt, type AnastomosisKind } from '../../../src/domain/simulator/index.ts';
import { fire, openCase, steer } from './pilot.ts';

const other = (kind: AnastomosisKind): AnastomosisKind => (kind === 'AV' ? 'VA' : 'AV');

describe('identification as a task', () => {
  it('marks the point under the beam and scores found, missed, false marks and correct types', () => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 3 });
    const [a, b] = sim.state.scenario.placenta.anastomoses;
    expect(steer(sim, a!.position, 12)).toBe(true);
    sim.apply({ t: sim.state.t, type: 'mark' });
    sim.apply({ t: sim.state.t + 900, type: 'classify', kind: a!.kind });
    expect(steer(sim, b!.position, 12)).toBe(true);
    sim.apply({ t: sim.state.t, type: 'mark' });
    sim.apply({ t: sim.state.t + 900, type: 'classify', kind: other(b!.kind) });
    // A mark on a cord insertion matches no anastomosis.
    expect(steer(sim, sim.state.scenario.placenta.cords[0]!.position, 12)).toBe(true);
    sim.apply({ t: sim.state.t, type: 'mark' });
    sim.apply({ t: sim.state.t + 500, type: 'classify', kind: 'AA' });
    const m = computeMetrics(sim.state);
    expect(m).toMatchObject({ found: 2, missed: 1, falseMarks: 1, typesCorrect: 1 });
    const { components } = scoreAttempt(m);
    expect(components.identification).toBeCloseTo((2 - 0.5) / 3, 12);
    // One type right of three, counted for the 1.5 of the 2 marked anastomoses that the false mark leaves identified.
    expect(components.classification).toBeCloseTo((1 / 3) * (1.5 / 2), 12);
  });

  it('completes the identify step only on a correct mark, never by merely looking', () => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 2 });
    const [a] = sim.state.scenario.placenta.anastomoses;
    expect(steer(sim, a!.position, 10)).toBe(true);
    expect(isStepDone(sim.state, 'identify-anastomoses')).toBe(false);
    sim.apply({ t: sim.state.t, type: 'mark' });
    sim.apply({ t: sim.state.t + 500, type: 'classify', kind: other(a!.kind) });
    expect(isStepDone(sim.state, 'identify-anastomoses')).toBe(false);
    sim.apply({ t: sim.state.t + 1000, type: 'mark' });
    sim.apply({ t: sim.state.t + 1500, type: 'cancelMark' });
    sim.apply({ t: sim.state.t + 1600, type: 'classify', kind: a!.kind });
    expect(isStepDone(sim.state, 'identify-anastomoses')).toBe(false);
    sim.apply({ t: sim.state.t + 2000, type: 'mark' });
    sim.apply({ t: sim.state.t + 2500, type: 'classify', kind: a!.kind });
    expect(isStepDone(sim.state, 'identify-anastomoses')).toBe(true);
  });
});

describe('order of coagulation', () => {
  it('rewards the sequential technique: AV first, then VA, then AA and VV', () => {
    expect(orderScore(['AV', 'AV', 'VA', 'AA', 'VV'])).toBe(1);
    expect(orderScore(['VV', 'AA', 'VA', 'AV'])).toBe(0);
    expect(orderScore(['VA', 'AV', 'AA'])).toBeCloseTo(2 / 3, 12);
    // AA and VV share a rank: with one rank sealed there is no order to get wrong.
    expect(orderScore(['AA', 'VV'])).toBeNull();
    expect(orderScore(['AV'])).toBeNull();
    expect(orderScore([])).toBeNull();
  });

  it('records the order in which anastomoses were sealed', () => {
    const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 3, smallestMm: 1 });
    const list = [...sim.state.scenario.placenta.anastomoses].reverse();
    for (const a of list) {
      expect(steer(sim, a.position, 8)).toBe(true);
      fire(sim, 4000);
    }
    expect(sim.state.sealed).toEqual(list.map((a) => a.id));
    const m = computeMetrics(sim.state);
    expect(m.sealedOrder).toEqual(list.map((a) => a.id));
    expect(m.orderScore).toBe(orderScore(list.map((a) => a.kind)));
    expect(currentStep(sim.state)).toBe('identify-anastomoses');
  });
});
