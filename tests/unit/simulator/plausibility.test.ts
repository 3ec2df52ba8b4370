import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  distance,
  paramsOfCase,
  PLANNED,
  PLAUSIBILITY,
  quantizeControl,
  replayChecked,
  seedFor,
  TARGET,
  viewOf,
  type Controls,
  type Scenario,
  type SimEvent,
  type Vec2,
  type Vec3,
} from '../../../src/domain/simulator/index.ts';
import { Player } from '../../../scripts/lib/attempt-log.ts';

// Scripted logs, replayed the way the server replays them: a person's pace passes, each pattern of a program is flagged.

const COURSE = 'fetoscopy-simulator';
const scenarioOf = (moduleNo: number, kase: number, variant: number): Scenario =>
  buildScenario(paramsOfCase(undefined, moduleNo, kase), seedFor(COURSE, moduleNo, kase, variant));
const flagsOf = (scenario: Scenario, events: readonly SimEvent[]) => replayChecked(scenario, events).flags;

const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });
const STILL: Controls = { turnX: 0, turnY: 0, insert: 0, roll: 0 };
/** A hand's irregular beat, for the programs that are not caught by their timing. */
const BEAT = [97, 143, 118, 171, 104, 129, 156, 112, 138, 91];

/** The controls, at full speed, that move the aim straight at `target` (in the camera's frame). */
function straightAt(p: Player, target: Vec2, workingMm: number): Controls {
  const s = p.sim.state;
  const view = viewOf(s.pose, p.scenario.trocar, s.scope ?? 'straight', p.scenario.placenta.radiusMm);
  const aim = view.aim!;
  const right = cross(view.look, view.up);
  const ex = target.x - aim.point.x;
  const ey = target.y - aim.point.y;
  const x = ex * right.x + ey * right.y;
  const y = ex * view.up.x + ey * view.up.y;
  const m = Math.max(Math.abs(x), Math.abs(y), 1e-9);
  return { turnX: quantizeControl(x / m), turnY: quantizeControl(y / m), insert: quantizeControl((aim.distanceMm - workingMm) / 15), roll: 0 };
}

describe('plausibility: logs a person plays pass', () => {
  it.each([
    ['navigation', 1, 1],
    ['selective', 2, 1],
    ['solomon', 3, 1],
  ] as const)('the scripted hand of the API tests, %s, on 20 placentas', (_task, moduleNo, kase) => {
    for (let variant = 1; variant <= 20; variant += 1) {
      const scenario = scenarioOf(moduleNo, kase, variant);
      const p = new Player(scenario);
      // As the API tests and the journeys play navigation: each target held until the next one shows.
      if (scenario.params.task === 'navigation')
        for (const target of scenario.targets) {
          p.aimAt(target, { distanceMm: 12, toleranceMm: 3 });
          p.wait(TARGET.holdMs + 100);
        }
      else
        for (const a of scenario.placenta.anastomoses) {
          p.aimAt(a.position, { distanceMm: 10 });
          p.mark(a.kind);
          p.sealUntil(a.id);
        }
      expect({ variant, flags: flagsOf(scenario, p.finish().events) }).toEqual({ variant, flags: [] });
    }
  });
});

describe('plausibility: each pattern of a program is flagged', () => {
  /** Steers at each anastomosis and marks and seals it `reactionMs(i)` after the aim reaches it. */
  function reacting(scenario: Scenario, reactionMs: (i: number) => number): SimEvent[] {
    const p = new Player(scenario);
    let beat = 0;
    scenario.placenta.anastomoses.forEach((a, i) => {
      const reach = Math.max(4, a.diameterMm);
      // Steers on a hand's beat, but watches every tick and acts on the tick it arrives.
      for (let next = p.t; !(p.sim.state.aim && distance(p.sim.state.aim.point, a.position) <= reach); p.wait(4)) {
        if (p.t >= next) {
          p.hold(straightAt(p, a.position, 10));
          next = p.t + BEAT[beat++ % BEAT.length]!;
        }
      }
      p.hold(STILL).wait(reactionMs(i)).mark(a.kind);
      p.sealUntil(a.id);
    });
    return p.finish().events;
  }

  it('reaction: marking and firing the moment the aim reaches each anastomosis', () => {
    const scenario = scenarioOf(2, 1, 7919);
    expect(scenario.placenta.anastomoses.length).toBeGreaterThanOrEqual(PLAUSIBILITY.reaction.repeats);
    expect(
      flagsOf(
        scenario,
        reacting(scenario, () => 0),
      ),
    ).toContain('reaction');
    // A person who anticipates an arrival now and then, and otherwise reacts at a person's pace, is not flagged.
    expect(
      flagsOf(
        scenario,
        reacting(scenario, (i) => (i < PLAUSIBILITY.reaction.repeats - 1 ? 40 : 260)),
      ),
    ).not.toContain('reaction');
  });

  it('reaction: letting go of the pedal on the tick each anastomosis seals, in a laser task', () => {
    const scenario = scenarioOf(2, 2, 7919);
    expect(scenario.placenta.anastomoses.length).toBeGreaterThanOrEqual(PLAUSIBILITY.release.repeats);
    /** Aims at each anastomosis like a hand, fires once from fresh and lets go `releaseMs` after the model seals it. */
    const releasing = (releaseMs: number) => {
      const p = new Player(scenario);
      p.press('laserOn');
      for (const a of scenario.placenta.anastomoses) {
        p.aimAt(a.position, { distanceMm: 10 });
        p.wait(400).press('fireStart');
        for (let fired = 0; fired < 8000 && !p.sim.state.sealed.includes(a.id); fired += 4) p.wait(4);
        p.wait(releaseMs).press('fireStop').wait(600);
      }
      return flagsOf(scenario, p.finish().events);
    };
    expect(releasing(20)).toContain('reaction');
    // A hand that lets go once it sees the spot pale, a reaction time later, is not.
    expect(releasing(PLAUSIBILITY.release.underMs + 150)).not.toContain('reaction');
  });

  it('planned: gliding straight onto each anastomosis with nothing corrected, in a laser task', () => {
    const scenario = scenarioOf(2, 1, 7919);
    expect(scenario.placenta.anastomoses.length).toBeGreaterThanOrEqual(PLANNED.minMoves);
    // At a person's pace: marking 400 ms after arriving; only the route gives it away.
    const flags = flagsOf(
      scenario,
      reacting(scenario, () => 400),
    );
    expect(flags).toContain('planned');
    expect(flags).not.toContain('reaction');
  });

  it('regular: controls changed on a timer, every 250 ms', () => {
    const scenario = scenarioOf(1, 1, 7919);
    const events: SimEvent[] = [{ t: 0, type: 'open', scope: 'straight' }];
    for (let k = 1; k <= 2 * PLAUSIBILITY.regular.minIntervals; k += 1) {
      events.push({ t: 250 * k, type: 'input', turnX: k % 2 ? 0.5 : -0.5, turnY: k % 4 < 2 ? 0.25 : 0, insert: 0, roll: 0 });
    }
    events.push({ t: 250 * (2 * PLAUSIBILITY.regular.minIntervals + 1), type: 'finish' });
    expect(flagsOf(scenario, events)).toEqual(['regular']);
  });
});
