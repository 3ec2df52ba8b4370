// A program that plays a laser case from the model instead of the screen: it reads every anastomosis and its kind
// from the scenario, glides straight onto each (touch values, never correcting), marks and types it, fires on each
// in the sequence and lets go the moment the model says it sealed, then (Solomon) draws the line along the true
// equator. It paces itself like a hand (a look every 30-60 ms, pauses of a quarter to half a second between acts)
// so that only the plan and the timing give it away: the server must flag it (plausibility.ts, planned.ts).
import {
  inSight,
  LASER,
  liveSimulation,
  obstruction,
  CONTROL_STEP,
  quantizeControl,
  SCOPE,
  SEQUENCE_RANK,
  type Scenario,
  type ScopeKind,
  type SimEvent,
  type SimState,
  type Vec2,
} from '../../../src/domain/simulator/index.ts';
import { resample } from '../../../src/domain/simulator/geometry.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';
import { cellAt } from '../../../src/domain/simulator/tissue.ts';
import { cameraTurns, TURN_STEP, turnsFor } from './route-replay.ts';
import { entryFor, expertDistance } from './surgeons.ts';
import { viewOf } from '../../../src/domain/simulator/scope.ts';
import type { Player } from './types.ts';

export interface LaserReplayOptions {
  /** Wait after the model seals the anastomosis under the beam before letting go, ms: a program reads it on the tick. */
  releaseMs: readonly [number, number];
}

/** An event as the program decides it; the clock stamps it. */
type Untimed<E> = E extends unknown ? Omit<E, 't'> : never;

/** The model's turn ramp (simulation.ts): let go, a turn runs down to rest over this long at full speed. */
const RAMP_MS = 250;

/** Close enough to fire or mark: the spot covers the vessel with room to spare. */
const ON_MM = 0.8;

/**
 * Waits in looks of 50 ms until `ready`, 30 s at most: the program reads the model, what drifts over the plate
 * (intruders.ts) included, so it marks once the point is in sight (come down under a fold of membrane floating
 * above the working distance) and fires once the beam's way is clear.
 */
function waitUntil(wait: (ms: number) => void, ready: () => boolean): void {
  for (let waited = 0; waited < 30_000 && !ready(); waited += 50) wait(50);
}

/** Presses the pedal once nothing drifts in the beam's way. */
function fireWhenClear(s: SimState, wait: (ms: number) => void, act: (event: Untimed<SimEvent>) => void): void {
  waitUntil(wait, () => obstruction(s) === null);
  act({ type: 'fireStart' });
}

/** The log of a replay of a laser case from the model's hidden state. */
export function laserReplay(scenario: Scenario, rng: Rng, { releaseMs }: LaserReplayOptions): SimEvent[] {
  const sim = liveSimulation(scenario);
  const s = sim.state;
  let t = 0;
  const wait = (ms: number) => {
    t += Math.max(0, Math.round(ms));
    sim.advance(t);
  };
  const act = (event: Untimed<SimEvent>) => sim.apply({ t, ...event } as SimEvent);
  const pause = () => wait(rng.range(250, 500));

  wait(rng.range(1000, 3000));
  const entry = entryFor(scenario, rng, 1);
  const scope: ScopeKind = entry.scope;
  act({ type: 'open', scope, site: entry.site });
  pause();

  const setControls = (turnX: number, turnY: number, insert: number) => {
    const held = s.input;
    if (held.turnX !== turnX || held.turnY !== turnY || held.insert !== insert || held.roll !== 0) act({ type: 'input', turnX, turnY, insert, roll: 0 });
  };
  // Straight onto the point: both turns in the ratio that moves the aim along the line to it, slowing for the last
  // look, and let go where the turn's run-down (the model's ramp) ends on it; the depth is set on the way. Never a
  // turn the other way: the model says where the aim will stop.
  const glide = (target: Vec2, workingMm: number) => {
    for (let look = 0; look < 1500; look += 1) {
      const aim = viewOf(s.pose, s.trocar, scope, Infinity).aim;
      if (!aim) break;
      const ex = target.x - aim.point.x;
      const ey = target.y - aim.point.y;
      const miss = Math.hypot(ex, ey);
      const depth = quantizeControl((aim.distanceMm - workingMm) / 8);
      const turns = turnsFor(s.pose, s.trocar, ex, ey, scope) ?? cameraTurns(s.pose, s.trocar, ex, ey, scope);
      // What the turning already under way still turns once let go, in the same units (TURN_STEP).
      const runDown = (r: number) => (r * Math.abs(r) * SCOPE.turnPerMs * RAMP_MS) / 2 / TURN_STEP;
      const left = Math.abs(turns.x) + Math.abs(turns.y);
      const coasting = Math.abs(runDown(s.rates.turnX)) + Math.abs(runDown(s.rates.turnY));
      if (miss <= ON_MM || (coasting > 0 && coasting >= left)) {
        setControls(0, 0, depth);
        if (depth === 0 && s.rates.turnX === 0 && s.rates.turnY === 0) break;
      } else {
        const most = Math.max(Math.abs(turns.x), Math.abs(turns.y), 1e-12);
        const speed = Math.max(CONTROL_STEP, Math.min(1, (most * TURN_STEP) / (SCOPE.turnPerMs * 400)));
        const low = s.tipHeightMm < 5 ? -0.5 : 0;
        setControls(quantizeControl((turns.x / most) * speed), quantizeControl((turns.y / most) * speed), miss < 8 ? depth : low);
      }
      wait(rng.range(30, 60));
    }
    setControls(0, 0, 0);
    wait(rng.range(250, 400));
  };

  const { anastomoses } = scenario.placenta;
  for (const a of anastomoses) {
    glide(a.position, 12);
    if (!inSight(s)) glide(a.position, 7);
    waitUntil(wait, () => inSight(s));
    act({ type: 'mark' });
    pause();
    act({ type: 'classify', kind: a.kind });
    pause();
  }
  act({ type: 'laserOn' });
  for (const a of [...anastomoses].sort((p, q) => SEQUENCE_RANK[p.kind] - SEQUENCE_RANK[q.kind])) {
    glide(a.position, expertDistance(a));
    fireWhenClear(s, wait, act);
    for (let waited = 0; waited < 8000 && !s.sealed.includes(a.id); waited += 1) wait(rng.range(30, 60) / 10);
    wait(rng.range(releaseMs[0], releaseMs[1]));
    act({ type: 'fireStop' });
    pause();
  }
  if (scenario.params.task === 'solomon') {
    const { placenta, tissue } = scenario;
    for (const p of resample(placenta.equator, 2).filter((q) => Math.hypot(q.x, q.y) <= placenta.radiusMm - 2)) {
      glide(p, 10);
      fireWhenClear(s, wait, act);
      const cell = cellAt(tissue, p);
      for (let waited = 0; waited < 200 && cell >= 0 && s.fluence[cell]! < LASER.lineJPerMm2; waited += 1) wait(10);
      act({ type: 'fireStop' });
    }
  }
  act({ type: 'laserOff' });
  pause();
  act({ type: 'finish' });
  return s.log;
}

/** The program as a bench player: lets go within 40 ms of the seal. */
export const laserReplayPlayer: Player = {
  name: 'laser-replay',
  group: 'program',
  tasks: ['selective', 'solomon'],
  play: (scenario, rng) => laserReplay(scenario, rng, { releaseMs: [0, 40] }),
};

/**
 * The same program letting go 250-500 ms after the seal, as a person waiting for the blanching would: the flags catch
 * it by its route on the straight scope only (docs/simulator-judgement.md). Reported, not judged.
 */
export const pacedLaserReplayPlayer: Player = {
  name: 'laser-replay-paced',
  group: 'report',
  tasks: ['selective', 'solomon'],
  play: (scenario, rng) => laserReplay(scenario, rng, { releaseMs: [250, 500] }),
};
