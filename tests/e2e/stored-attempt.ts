import type { APIRequestContext } from '@playwright/test';
import { buildScenario, liveSimulation, normalizeCaseParams, paramsOfCase, seedFor } from '../../src/domain/simulator/index.ts';
import { expect } from './fixtures.ts';
import { idTokenFor } from './helpers.ts';

/** The case every stored attempt of the journeys is played on. */
export const CASE = { course: 'fetoscopy-simulator', level: 2, case: 1 };

/**
 * Launches the case as the learner and sends a two-second attempt played on the placenta the token names
 * (its payload read the way the simulator page reads it): the scope opened, a turn, then Finish.
 */
export async function storedAttempt(request: APIRequestContext, who: { email: string; password: string }, onATimer = false): Promise<string> {
  const token = await idTokenFor(who);
  const launched = await request.post('/api/launch', { headers: { authorization: `Bearer ${token}` }, data: CASE });
  expect(launched.status()).toBe(201);
  const launch = ((await launched.json()) as { token: string }).token;
  const payload = JSON.parse(Buffer.from(launch.split('.')[1]!, 'base64url').toString('utf8')) as { variant: number; sim: unknown };
  const params = normalizeCaseParams(payload.sim, paramsOfCase(undefined, CASE.level, CASE.case));
  const sim = liveSimulation(buildScenario(params, seedFor(CASE.course, CASE.level, CASE.case, payload.variant)));
  sim.apply({ t: 0, type: 'open', scope: 'straight' });
  if (onATimer) {
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
  const res = await request.post('/api/attempts', { headers: { authorization: `Bearer ${token}` }, data: { token: launch, events: sim.state.log } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}
