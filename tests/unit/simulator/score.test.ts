import { describe, expect, it } from 'vitest';
import {
  computeMetrics,
  currentStep,
  falloff,
  inhumanInput,
  INHUMAN,
  PRIMARY,
  scoreAttempt,
  SCORING,
  TASK_STEPS,
  TASKS,
  TARGET,
} from '../../../src/domain/simulator/index.ts';
import { hold, openCase, steer } from './pilot.ts';

describe('scoring', () => {
  it('weighs each task out of 100', () => {
    for (const task of TASKS) {
      const weights: Record<string, number> = SCORING.weights[task];
      expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBe(100);
      expect(Object.keys(weights).some((id) => (PRIMARY as readonly string[]).includes(id))).toBe(true);
    }
  });

  it('falls off linearly between good and limit', () => {
    expect(falloff(5, { good: 10, limit: 20 })).toBe(1);
    expect(falloff(15, { good: 10, limit: 20 })).toBe(0.5);
    expect(falloff(25, { good: 10, limit: 20 })).toBe(0);
  });

  it('navigation: reaching every target in order without touching scores high; touching and wandering cost points', () => {
    const sim = openCase({ task: 'navigation', targets: 3, placenta: 'posterior' });
    const { targets } = sim.state.scenario;
    expect(currentStep(sim.state)).toBe('explore');
    for (const [i, target] of targets.entries()) {
      expect(sim.state.nextTarget).toBe(i);
      expect(steer(sim, target, 15, TARGET.radiusMm / 2)).toBe(true);
      hold(sim, {}, TARGET.holdMs);
    }
    expect(sim.state.nextTarget).toBe(targets.length);
    expect(currentStep(sim.state)).toBe('finish-review');
    sim.apply({ t: sim.state.t, type: 'finish' });
    const clean = scoreAttempt(computeMetrics(sim.state));
    expect(clean.components.targets).toBe(1);
    expect(clean.score).toBeGreaterThanOrEqual(90);

    const clumsy = openCase({ task: 'navigation', targets: 3, placenta: 'posterior' });
    for (let i = 0; i < 3; i += 1) {
      hold(clumsy, { insert: 1 }, 2500);
      hold(clumsy, { insert: -1 }, 1000);
    }
    for (const target of clumsy.state.scenario.targets) {
      steer(clumsy, target, 15, TARGET.radiusMm / 2);
      hold(clumsy, {}, TARGET.holdMs);
    }
    clumsy.apply({ t: clumsy.state.t, type: 'finish' });
    const m = computeMetrics(clumsy.state);
    expect(m.contacts).toBe(3);
    expect(scoreAttempt(m).score).toBeLessThan(clean.score);
  });

  it('names the steps of each task in the walkthrough order', () => {
    expect(TASK_STEPS.solomon).toHaveLength(8);
    expect(TASK_STEPS.navigation).toContain('reach-targets');
    expect(TASK_STEPS.selective).not.toContain('draw-solomon-line');
  });
});

describe('inhuman input', () => {
  it('flags a sustained key rate no hand makes, and not a busy human one', () => {
    const at = (rate: number, seconds: number) => Array.from({ length: rate * seconds }, (_, i) => ({ t: Math.round((i * 1000) / rate) }));
    expect(inhumanInput(at(12, 120))).toBe(false);
    expect(inhumanInput([...at(12, 20), ...at(40, 3).map((e) => ({ t: e.t + 20_000 }))])).toBe(false);
    expect(inhumanInput(at(30, 11))).toBe(true);
    expect(INHUMAN.maxEvents / (INHUMAN.windowMs / 1000)).toBe(25);
  });
});
