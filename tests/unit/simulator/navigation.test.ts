import { describe, expect, it } from 'vitest';
import {
  computeMetrics,
  replay,
  scoreAttempt,
  SCOPE,
  SCORING,
  shortestRoute,
  TARGET,
  visibleTargets,
  type LiveSimulation,
} from '../../../src/domain/simulator/index.ts';
import { hold, openCase, steer } from './pilot.ts';

/** A posterior navigation case whose first target the pilot reaches; the pilot stops still, keys up. */
const drill = () => openCase({ task: 'navigation', targets: 3, placenta: 'posterior' });
const first = (sim: LiveSimulation) => sim.state.scenario.targets[0]!;
const wait = (sim: LiveSimulation, ms: number) => sim.advance(sim.state.t + ms);

describe('a navigation target counts only when held', () => {
  it('after the aim has stayed on it, still, for the hold time: not before, and at the instant the hold completes', () => {
    const sim = drill();
    expect(steer(sim, first(sim), 12, 1)).toBe(true);
    const since = sim.state.holdSince;
    expect(since).not.toBeNull();
    expect(sim.state.nextTarget).toBe(0);
    sim.advance(since! + TARGET.holdMs - 4);
    expect(sim.state.nextTarget).toBe(0);
    wait(sim, 8);
    expect(sim.state.nextTarget).toBe(1);
    expect(sim.state.targetTimes).toEqual([since! + TARGET.holdMs]);
  });

  it('not when the aim only passes over it, on it for less than the hold time', () => {
    const sim = drill();
    expect(steer(sim, first(sim), 12, 1)).toBe(true);
    expect(sim.state.t - sim.state.holdSince!).toBeLessThan(TARGET.holdMs);
    hold(sim, { turnX: 1 }, 1000);
    expect(Math.hypot(sim.state.aim!.point.x - first(sim).x, sim.state.aim!.point.y - first(sim).y)).toBeGreaterThan(TARGET.radiusMm);
    wait(sim, 2000);
    expect(sim.state.nextTarget).toBe(0);
  });

  it('not while a key is held, even one that leaves the aim where it is (rolling a straight scope)', () => {
    const sim = drill();
    expect(steer(sim, first(sim), 12, 1)).toBe(true);
    sim.apply({ t: sim.state.t, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 1 });
    wait(sim, 3000);
    expect(sim.state.nextTarget).toBe(0);
    sim.apply({ t: sim.state.t, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 });
    wait(sim, 2000);
    expect(sim.state.nextTarget).toBe(1);
  });

  it('only from the working distance, 5 to 20 mm along the line of sight', () => {
    const far = drill();
    expect(steer(far, first(far), TARGET.farMm + 5, 1)).toBe(true);
    wait(far, 3000);
    expect(far.state.nextTarget).toBe(0);
    const near = drill();
    expect(steer(near, first(near), TARGET.nearMm - 1, 0.5)).toBe(true);
    expect(near.state.inContact).toBe(false);
    wait(near, 3000);
    expect(near.state.nextTarget).toBe(0);
    expect(steer(near, first(near), TARGET.farMm - 2, 1)).toBe(true);
    wait(near, 1000);
    expect(near.state.nextTarget).toBe(1);
  });

  it('the same in a replay that jumps over the idle hold as in one stepped frame by frame', () => {
    const sim = drill();
    expect(steer(sim, first(sim), 12, 1)).toBe(true);
    wait(sim, 2000);
    sim.apply({ t: sim.state.t, type: 'finish' });
    const jumped = replay(sim.state.scenario, sim.state.log);
    expect(jumped.targetTimes).toEqual(sim.state.targetTimes);
    expect(jumped.targetTimes).toHaveLength(1);
  });
});

describe('targets one at a time', () => {
  it('shows only the next target, in order, and none once all are reached or the attempt is over', () => {
    const sim = drill();
    const { targets } = sim.state.scenario;
    expect(visibleTargets(sim.state)).toEqual([{ index: 0, point: targets[0] }]);
    // The second target held first does not count: only the one shown does.
    expect(steer(sim, targets[1]!, 12, 1)).toBe(true);
    wait(sim, 2000);
    expect(sim.state.nextTarget).toBe(0);
    for (const [i, target] of targets.entries()) {
      expect(visibleTargets(sim.state)).toEqual([{ index: i, point: target }]);
      expect(steer(sim, target, 12, 1)).toBe(true);
      wait(sim, TARGET.holdMs + 100);
      expect(sim.state.nextTarget).toBe(i + 1);
    }
    expect(visibleTargets(sim.state)).toEqual([]);
    const unfinished = drill();
    unfinished.apply({ t: 1000, type: 'finish' });
    expect(visibleTargets(unfinished.state)).toEqual([]);
  });
});

describe('the shortest feasible route', () => {
  it('stops once per target, on the line from the entry, at a working distance, inside the cone and off the plate', () => {
    const sim = drill();
    const { trocar, targets } = sim.state.scenario;
    const route = shortestRoute(trocar, targets);
    expect(route.stops).toHaveLength(targets.length);
    route.stops.forEach((stop, i) => {
      const t = targets[i]!;
      const d = Math.hypot(stop.x - t.x, stop.y - t.y, stop.z);
      expect(d).toBeGreaterThanOrEqual(TARGET.nearMm - 1e-9);
      expect(d).toBeLessThanOrEqual(TARGET.farMm + 1e-9);
      expect(stop.z).toBeGreaterThan(SCOPE.contactMm);
      const toEntry = { x: trocar.entry.x - t.x, y: trocar.entry.y - t.y, z: trocar.entry.z };
      const len = Math.hypot(toEntry.x, toEntry.y, toEntry.z);
      const along = ((stop.x - t.x) * toEntry.x + (stop.y - t.y) * toEntry.y + stop.z * toEntry.z) / len;
      expect(along).toBeCloseTo(d, 6);
      expect(-(toEntry.x * trocar.axis.x + toEntry.y * trocar.axis.y + toEntry.z * trocar.axis.z) / len).toBeGreaterThanOrEqual(SCOPE.maxTiltCos);
    });
    // Shorter than any route at one fixed working distance, and the reference time adds every hold.
    expect(route.lengthMm).toBeLessThanOrEqual(routeAt(sim, 12) + 1e-9);
    expect(route.timeMs).toBe(Math.round((route.lengthMm / 30) * 1000 + targets.length * TARGET.holdMs));
  });

  it('judges path and time as multiples of the route: full marks up to 1.3× and 2.5×, none from 4× and 8×', () => {
    const sim = drill();
    for (const target of sim.state.scenario.targets) {
      expect(steer(sim, target, 12, 1)).toBe(true);
      wait(sim, TARGET.holdMs + 100);
    }
    sim.apply({ t: sim.state.t, type: 'finish' });
    const m = computeMetrics(sim.state);
    expect(m.routeMm).toBe(shortestRoute(sim.state.scenario.trocar, sim.state.scenario.targets).lengthMm);
    const at = (path: number, time: number) => scoreAttempt({ ...m, pathLengthMm: path * m.routeMm, surgeryTimeMs: time * m.routeMs }).components;
    expect(SCORING.route).toEqual({ path: { good: 1.3, limit: 4 }, time: { good: 2.5, limit: 8 } });
    expect(at(1.3, 2.5)).toMatchObject({ path: 1, time: 1 });
    expect(at(2.65, 5.25)).toMatchObject({ path: 0.5, time: 0.5 });
    expect(at(4, 8)).toMatchObject({ path: 0, time: 0 });
  });
});

/** The tip's path through the targets, each seen from `d` mm with the straight scope, from where the scope opens. */
function routeAt(sim: LiveSimulation, d: number): number {
  const { trocar, targets } = sim.state.scenario;
  const tips = targets.map((t) => {
    const v = { x: trocar.entry.x - t.x, y: trocar.entry.y - t.y, z: trocar.entry.z };
    const len = Math.hypot(v.x, v.y, v.z);
    return { x: t.x + (v.x / len) * d, y: t.y + (v.y / len) * d, z: (v.z / len) * d };
  });
  const start = replay(sim.state.scenario, [{ t: 0, type: 'open', scope: 'straight' }]);
  const { pose } = start;
  let at = { x: trocar.entry.x + pose.dir.x * pose.depthMm, y: trocar.entry.y + pose.dir.y * pose.depthMm, z: trocar.entry.z + pose.dir.z * pose.depthMm };
  let total = 0;
  for (const tip of tips) {
    total += Math.hypot(tip.x - at.x, tip.y - at.y, tip.z - at.z);
    at = tip;
  }
  return total;
}
