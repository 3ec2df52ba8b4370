import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  computeMetrics,
  defaultCaseParams,
  inSight,
  intruderAt,
  INTRUDERS,
  normalizeCaseParams,
  obstruction,
  replay,
  scoreAttempt,
  SCORING,
  seedFor,
  type CaseParams,
  type Intruder,
  type LiveSimulation,
} from '../../../src/domain/simulator/index.ts';
import { entersAt } from '../../../src/domain/simulator/intruders.ts';
import { ceilingOf } from '../../../src/domain/simulator/score.ts';
import { surveyAim } from '../../../src/domain/simulator/review.ts';
import { fire, openCase, steer } from './pilot.ts';

const scenarioOf = (overrides: Partial<CaseParams>, variant = 3) =>
  buildScenario(normalizeCaseParams({ ...defaultCaseParams(2, 1), ...overrides }, defaultCaseParams(2, 1)), seedFor('test-course', 2, 1, variant));

/** Steers the aim under the intruder's centre as it will be a moment later, from `distanceMm`, until it lies across the beam. */
function underneath(sim: LiveSimulation, kind: Intruder['kind'], distanceMm = 10): Intruder {
  const intruder = sim.state.scenario.intruders.find((i) => i.kind === kind)!;
  for (let tries = 0; tries < 6 && obstruction(sim.state)?.kind !== kind; tries += 1) {
    const at = intruderAt(intruder, sim.state.t + 1500).centre;
    steer(sim, { x: at.x, y: at.y }, distanceMm, 1);
  }
  return intruder;
}

describe('things in the way', () => {
  it('drift over the laser cases from difficulty 3 (cord and membrane) and 4 (and a limb), never in navigation; each launch the same', () => {
    expect(scenarioOf({ task: 'selective', difficulty: 2 }).intruders).toEqual([]);
    expect(scenarioOf({ task: 'navigation', difficulty: 5 }).intruders).toEqual([]);
    expect(scenarioOf({ task: 'selective', difficulty: 3 }).intruders.map((i) => i.kind)).toEqual(['cord', 'membrane']);
    expect(scenarioOf({ task: 'solomon', difficulty: 4 }).intruders.map((i) => i.kind)).toEqual(['cord', 'membrane', 'limb']);
    expect(scenarioOf({ task: 'solomon', difficulty: 4 }).intruders).toEqual(scenarioOf({ task: 'solomon', difficulty: 4 }).intruders);
    // Drawn from a stream of their own: the placenta and the trocar are those of the same launch without them.
    const plain = scenarioOf({ task: 'selective', difficulty: 2 });
    const busy = scenarioOf({ task: 'selective', difficulty: 3 });
    expect(busy.trocar).toEqual(plain.trocar);
  });

  it('drift slowly and smoothly, never into the plate', () => {
    for (let variant = 0; variant < 8; variant += 1) {
      for (const i of scenarioOf({ task: 'solomon', difficulty: 5 }, variant).intruders) {
        let last = intruderAt(i, 0).centre;
        for (let t = 200; t <= 300_000; t += 200) {
          const { centre } = intruderAt(i, t);
          expect(Math.hypot(centre.x - last.x, centre.y - last.y, centre.z - last.z) / 0.2).toBeLessThan(6);
          expect(centre.z - i.axes.z).toBeGreaterThan(0.9);
          last = centre;
        }
      }
    }
  });

  it('stand in the way of a segment that crosses them, from where it enters, and not of one beside them', () => {
    const cord: Intruder = { ...scenarioOf({ task: 'selective', difficulty: 3 }).intruders[0]!, axes: INTRUDERS.axes.cord };
    const pose = { centre: { x: 0, y: 0, z: 10 }, heading: 0 };
    expect(entersAt(cord, pose, { x: 0, y: 0, z: 30 }, { x: 0, y: 0, z: 0 })).toBeCloseTo((30 - 16.5) / 30, 6);
    expect(entersAt(cord, pose, { x: 20, y: 0, z: 30 }, { x: 20, y: 0, z: 0 })).not.toBeNull();
    expect(entersAt(cord, pose, { x: 0, y: 8, z: 30 }, { x: 0, y: 8, z: 0 })).toBeNull();
    expect(entersAt(cord, { ...pose, heading: Math.PI / 2 }, { x: 20, y: 0, z: 30 }, { x: 20, y: 0, z: 0 })).toBeNull();
    expect(entersAt(cord, pose, { x: 0, y: 0, z: 10 }, { x: 0, y: 0, z: 0 })).toBe(0);
    expect(entersAt(cord, pose, { x: 0, y: 0, z: 30 }, { x: 0, y: 0, z: 20 })).toBeNull();
  });

  it('take the beam when it is fired through them: the plate gets nothing, each strike counts once, a cord bleeds, and the score is capped below the pass mark', () => {
    const sim = openCase({ task: 'selective', difficulty: 3 });
    underneath(sim, 'cord');
    expect(obstruction(sim.state)?.kind).toBe('cord');
    expect(inSight(sim.state)).toBe(false);
    const fluence = sim.state.fluence.slice();
    const blood = sim.state.blood.level;
    fire(sim, 100);
    expect(sim.state.strikes).toEqual({ cord: 1, limb: 0, membrane: 0, amnion: 0, donor: 0 });
    expect(sim.state.energy.struck).toBeGreaterThan(2.9);
    expect(sim.state.fluence).toEqual(fluence);
    expect(sim.state.blood.level).toBeGreaterThan(blood);
    fire(sim, 100);
    expect(sim.state.strikes.cord).toBe(2);
    // Nothing behind it can be marked.
    const marks = sim.state.marks.length;
    sim.apply({ t: sim.state.t, type: 'mark' });
    expect(sim.state.pendingMark).toBeNull();
    sim.apply({ t: sim.state.t, type: 'finish' });
    const metrics = computeMetrics(sim.state);
    expect(metrics).toMatchObject({ strikes: 2, struckEnergyJ: sim.state.energy.struck });
    expect(sim.state.marks).toHaveLength(marks);
    expect(scoreAttempt(metrics).score).toBeLessThanOrEqual(50);
    // The server's replay of the log finds the same.
    expect(computeMetrics(replay(sim.state.scenario, sim.state.log))).toEqual(metrics);
  });

  it('a fold of membrane hides the plate from a scope held above it; brought down under it, the plate is in sight again', () => {
    const sim = openCase({ task: 'solomon', difficulty: 3 });
    const membrane = underneath(sim, 'membrane', 28);
    expect(obstruction(sim.state)?.kind).toBe('membrane');
    expect(inSight(sim.state)).toBe(false);
    const aim = sim.state.aim!.point;
    const { centre } = intruderAt(membrane, sim.state.t);
    expect(steer(sim, aim, Math.min(7, centre.z - membrane.axes.z - 3), 1)).toBe(true);
    expect(inSight(sim.state)).toBe(true);
    expect(obstruction(sim.state)).toBeNull();
  });

  it('a section of the equator a fold hides is not surveyed in the review; seen from under the fold, it is', () => {
    const sim = openCase({ task: 'solomon', difficulty: 3 });
    const membrane = sim.state.scenario.intruders.find((i) => i.kind === 'membrane')!;
    const { equator, radiusMm } = sim.state.scenario.placenta;
    // A moment when the fold lies over a point of the equator, well inside the plate: the scope looks at that point from above it.
    const under = (t: number) => {
      const { centre } = intruderAt(membrane, t);
      return equator.find((p) => Math.hypot(p.x - centre.x, p.y - centre.y) < 4 && Math.hypot(p.x, p.y) < 0.6 * radiusMm);
    };
    let at = 10_000;
    while (at < 600_000 && !under(at)) at += 250;
    const point = under(at)!;
    sim.advance(at - 2000);
    expect(steer(sim, point, 28, 1)).toBe(true);
    expect(obstruction(sim.state)?.kind).toBe('membrane');
    const hidden = { ...sim.state, reviewAt: sim.state.t, surveyed: 0 };
    surveyAim(hidden);
    expect(hidden.surveyed).toBe(0);
    // The same look with nothing drifting in the way surveys a section: the aim is on the equator.
    const clear = { ...hidden, scenario: { ...hidden.scenario, intruders: [] } };
    surveyAim(clear);
    expect(clear.surveyed).not.toBe(0);
  });

  it('the first strike alone sets the ceiling at 60, three or more at 40', () => {
    expect(ceilingOf(0, SCORING.gates.fetus)).toBe(100);
    expect(ceilingOf(1, SCORING.gates.fetus)).toBe(60);
    expect(ceilingOf(2, SCORING.gates.fetus)).toBe(50);
    expect(ceilingOf(3, SCORING.gates.fetus)).toBe(40);
    expect(ceilingOf(7, SCORING.gates.fetus)).toBe(40);
  });
});
