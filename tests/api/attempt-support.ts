import { expect } from 'vitest';
import {
  buildScenario,
  computeMetrics,
  INHUMAN,
  normalizeCaseParams,
  paramsOfCase,
  scoreAttempt,
  seedFor,
  TARGET,
  type CaseParams,
  type SimEvent,
} from '../../src/domain/simulator/index.ts';
import { signLaunchToken } from '../../src/server/launch/launch-token.ts';
import { toTimestamp } from '../../src/domain/time.ts';
import { Player } from '../../scripts/lib/attempt-log.ts';
import type { TestApi } from './harness.ts';

export const SECRET = 'local-development-launch-secret';
/** Selective coagulation on a posterior placenta, straight scope; tokens here carry the module defaults of the case. */
export const SELECTIVE = { course: 'fetoscopy-simulator', level: 2, case: 1, caseId: 'm2c1' };
export const NAVIGATION = { course: 'fetoscopy-simulator', level: 1, case: 1, caseId: 'm1c1' };
type Where = typeof SELECTIVE;

/** What a launch token says, read the way the simulator page reads it (no verification). */
export function claimsOf(token: string): { sub: string; course: string; level: number; case: number; variant: number; sim: CaseParams; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

/** The scenario the page builds from a token: the signed parameters and variant. */
export function scenarioOf(token: string) {
  const c = claimsOf(token);
  return buildScenario(normalizeCaseParams(c.sim, paramsOfCase(undefined, c.level, c.case)), seedFor(c.course, c.level, c.case, c.variant));
}

/**
 * A placenta the autopilot plays through on both cases above (every anastomosis sealed, every target reached). Tests
 * use fixed variants, so a score is the same on every run: a random one once left the autopilot under 80 in CI.
 */
export const VARIANT = 7919;

/** Which launch a token is for: the case, the placenta's variant, how long ago it was issued and with which key. */
interface Launch {
  where?: Where;
  variant?: number;
  ageMs?: number;
  secret?: string;
}

/**
 * A token as POST /launch signs it, issued `ageMs` ago: a learner's log lasts as long as they played, and the
 * server refuses a log longer than the token's age.
 */
export function tokenFor(uid: string, { where = SELECTIVE, variant = VARIANT, ageMs = 10 * 60_000, secret = SECRET }: Launch = {}) {
  const sim = paramsOfCase(undefined, where.level, where.case);
  return signLaunchToken(secret, { uid, ...where, variant, sim }, new Date(Date.now() - ageMs));
}

export type Plan = 'all' | 'one' | 'none';

/** Plays the token's case: every anastomosis (or target) found, marked and sealed, only the first, or none. */
export function play(
  token: string,
  plan: Plan = 'all',
): { events: SimEvent[]; expected: ReturnType<typeof scoreAttempt>; surgeryTimeMs: number; metrics: ReturnType<typeof computeMetrics> } {
  const scenario = scenarioOf(token);
  const p = new Player(scenario);
  if (scenario.params.task === 'navigation') {
    const targets = plan === 'all' ? scenario.targets : plan === 'one' ? scenario.targets.slice(0, 1) : [];
    // Each target counts once held: aimed at from a working distance, the scope still for the hold time.
    for (const target of targets) {
      p.aimAt(target, { distanceMm: 12, toleranceMm: 3 });
      p.wait(TARGET.holdMs + 100);
    }
  } else {
    const list = plan === 'all' ? scenario.placenta.anastomoses : plan === 'one' ? scenario.placenta.anastomoses.slice(0, 1) : [];
    for (const a of list) {
      p.aimAt(a.position, { distanceMm: 10 });
      p.mark(a.kind);
      p.sealUntil(a.id);
    }
  }
  p.finish();
  const metrics = computeMetrics(p.sim.state);
  return { events: p.events, expected: scoreAttempt(metrics), surgeryTimeMs: metrics.surgeryTimeMs, metrics };
}

/** A log whose controls change every 10 ms for seconds on end: no hand keeps that up, so it is stored flagged. */
export function inhumanLog(token: string): SimEvent[] {
  const p = new Player(scenarioOf(token));
  for (let i = 0; i < 2 * INHUMAN.maxEvents; i += 1) p.hold({ turnX: i % 2 ? 0.5 : -0.5, turnY: 0, insert: 0, roll: 0 }).wait(10);
  return p.finish().events;
}

/** Gives `uid` a current subscription to every course (or takes it away). */
export async function setPlan(api: TestApi, uid: string, active: boolean) {
  const user = (await api.reply(api.as('admin').users[':id'].$get({ param: { id: uid } }))).json;
  const end = new Date(Date.now() + (active ? 86_400_000 : -1000));
  const subscriptions = [
    { provider: 'test', plan_name: 'Complete', product_id: 'plan-complete', subscription_id: `s-${uid}`, next_billing_time: toTimestamp(end) },
  ];
  const res = await api.reply(
    api.as('admin').users[':id'].$put({ param: { id: uid }, json: { isAdmin: user.isAdmin, isPremium: user.isPremium, subscriptions } }),
  );
  expect(res.status).toBe(200);
}

/** Posts a played attempt on a fresh token and expects it stored. */
export async function postPlayed(api: TestApi, uid: string, plan: Plan = 'all', where: Where = SELECTIVE) {
  const token = await tokenFor(uid, { where });
  const res = await api.reply(api.as(uid).attempts.$post({ json: { token, events: play(token, plan).events } }));
  expect(res.status).toBe(201);
  return res.json;
}
