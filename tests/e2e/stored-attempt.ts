import type { APIRequestContext } from '@playwright/test';
import {
  buildScenario,
  liveSimulation,
  normalizeCaseParams,
  paramsOfCase,
  quantizeControl,
  seedFor,
  viewOf,
  type LiveSimulation,
  type Vec2,
} from '../../src/domain/simulator/index.ts';
import { expect } from './fixtures.ts';
import { idTokenFor } from './helpers.ts';

/** The case every stored attempt of the journeys is played on. */
export const CASE = { course: 'fetoscopy-simulator', level: 2, case: 1 };

/**
 * Turns the scope with the keys' and sticks' steps until the aim rests within 2.5 mm of `target`, as a person
 * steering by eye would (one change of the held controls at a time, 50 ms frames); false if it never gets there.
 */
function steerTo(sim: LiveSimulation, target: Vec2): boolean {
  const { trocar, scenario } = sim.state;
  let held = '';
  const send = (turnX: number, turnY: number, insert: number) => {
    if (`${turnX},${turnY},${insert}` === held) return;
    held = `${turnX},${turnY},${insert}`;
    sim.apply({ t: sim.state.t, type: 'input', turnX, turnY, insert, roll: 0 });
  };
  const step = (v: number) => (Math.abs(v) < 0.02 ? 0 : Math.sign(v) * Math.max(0.25, quantizeControl(Math.abs(v))));
  const miss = () => (sim.state.aim ? Math.hypot(target.x - sim.state.aim.point.x, target.y - sim.state.aim.point.y) : Infinity);
  for (let frame = 0; frame < 4000; frame += 1) {
    const s = sim.state;
    if (!s.aim) send(0, 0, -1);
    else if (miss() < 1.5) {
      send(0, 0, 0);
      sim.advance(s.t + 300);
      if (miss() < 2.5) return true;
    } else {
      const view = viewOf(s.pose, trocar, s.scope ?? 'straight', scenario.placenta.radiusMm);
      const e = { x: target.x - s.aim.point.x, y: target.y - s.aim.point.y };
      const right = { x: view.look.y * view.up.z - view.look.z * view.up.y, y: view.look.z * view.up.x - view.look.x * view.up.z };
      send(step((e.x * right.x + e.y * right.y) / 20), step((e.x * view.up.x + e.y * view.up.y) / 20), 0);
    }
    sim.advance(sim.state.t + 50);
  }
  return false;
}

/** What the stored attempt does: a turn; controls changed on a timer's beat (flagged); or one anastomosis marked with the wrong type. */
export type StoredPlay = 'turn' | 'timer' | 'mistyped';

/**
 * Launches the case as the learner and sends a short attempt played on the placenta the token names (its payload
 * read the way the simulator page reads it): the scope opened, the play, then Finish.
 */
export async function storedAttempt(request: APIRequestContext, who: { email: string; password: string }, play: StoredPlay = 'turn'): Promise<string> {
  const token = await idTokenFor(who);
  const launched = await request.post('/api/launch', { headers: { authorization: `Bearer ${token}` }, data: CASE });
  expect(launched.status()).toBe(201);
  const launch = ((await launched.json()) as { token: string }).token;
  const launchedAt = Date.now();
  const payload = JSON.parse(Buffer.from(launch.split('.')[1]!, 'base64url').toString('utf8')) as { variant: number; sim: unknown };
  const params = normalizeCaseParams(payload.sim, paramsOfCase(undefined, CASE.level, CASE.case));
  const sim = liveSimulation(buildScenario(params, seedFor(CASE.course, CASE.level, CASE.case, payload.variant)));
  sim.apply({ t: 0, type: 'open', scope: 'straight' });
  if (play === 'mistyped') {
    // The first anastomosis this simple steering settles on from the trocar the launch drew (one placenta in about
    // seventy puts the first one listed where it cannot), found on a copy so the log holds only the move made.
    const opened = () => {
      const trial = liveSimulation(sim.state.scenario);
      trial.apply({ t: 0, type: 'open', scope: 'straight' });
      return trial;
    };
    const first = sim.state.scenario.placenta.anastomoses.find((a) => steerTo(opened(), a.position));
    expect(first, 'an anastomosis the steering reaches').toBeDefined();
    expect(steerTo(sim, first!.position)).toBe(true);
    sim.apply({ t: sim.state.t, type: 'mark' });
    sim.advance(sim.state.t + 800);
    sim.apply({ t: sim.state.t, type: 'classify', kind: first!.kind === 'AV' ? 'VA' : 'AV' });
    sim.advance(sim.state.t + 1000);
    sim.apply({ t: sim.state.t, type: 'finish' });
  } else if (play === 'timer') {
    // Controls changed every 100 ms on the dot, for 3.5 s: a timer's beat, which the server flags.
    for (let k = 1; k <= 35; k += 1) sim.apply({ t: 100 * k, type: 'input', turnX: k % 2 ? 0.5 : -0.5, turnY: 0, insert: 0, roll: 0 });
    sim.apply({ t: 3600, type: 'finish' });
  } else {
    sim.apply({ t: 200, type: 'input', turnX: 0.5, turnY: 0, insert: 0.25, roll: 0 });
    sim.advance(1200);
    sim.apply({ t: 1200, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 });
    sim.advance(2000);
    sim.apply({ t: 2000, type: 'finish' });
  }
  // The server takes no log longer than the time since its launch, but for a few seconds' grace: sent once it fits.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, sim.state.t - (Date.now() - launchedAt) - 3000)));
  const res = await request.post('/api/attempts', { headers: { authorization: `Bearer ${token}` }, data: { token: launch, events: sim.state.log } });
  expect(res.ok(), `${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { id: string }).id;
}
