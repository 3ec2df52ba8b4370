import fc from 'fast-check';
import { expect } from 'vitest';
import type { TestApi } from '../harness.ts';
import { event } from './hostile-contract.ts';
import type { ObjectRule } from './hostile-rules.ts';
import { validOf } from './hostile-valid.ts';
import { SEEDED_COURSES } from '../support.ts';
import { isBrowserTask, taskOfCase } from '../../../src/domain/simulators.ts';

/** What sending bodies to the write endpoints needs from the database: which cases exist, fresh launch tokens. */

/** An admin's GET, which must succeed. */
export async function read(api: TestApi, path: string) {
  const res = await api.call('GET', path, { as: 'admin' });
  expect(res.status, `GET ${path}`).toBe(200);
  return res.json;
}

/** The seeded laser cases the browser simulator plays (so their attempts, logs of the laser model, are taken), read through the API. */
export interface World {
  cases: Array<{ course: string; level: number; case: number }>;
}

export async function loadWorld(api: TestApi): Promise<World> {
  const cases: World['cases'] = [];
  for (const course of SEEDED_COURSES) {
    const { levels } = await read(api, `/courses/${course}`);
    levels.forEach(
      (level: any, l: number) =>
        level.active &&
        level.cases.forEach((item: any, c: number) => isBrowserTask(taskOfCase(item, l + 1)) && cases.push({ course, level: l + 1, case: c + 1 })),
    );
  }
  return { cases };
}

/** A body as sent: `damaged` is where a refused body was broken (null for a valid one); `n` numbers the call. */
export interface Sending {
  api: TestApi;
  world: World;
  damaged: Array<string | number> | null;
  n: number;
}

/** A write endpoint: its documented body, how a valid body is answered and how what it stored is read back. */
export interface Endpoint {
  method: string;
  path: string;
  body: ObjectRule;
  status: number;
  /** Valid bodies, when the database decides which are (cases that exist); otherwise any the body's rules allow. */
  valid?: (world: World) => fc.Arbitrary<unknown>;
  /** The caller; 'admin' unless told. */
  as?: string | null;
  /** The body and caller to send, where the database needs something of its own (a new uid, a fresh launch token). */
  send?: (body: any, how: Sending) => Promise<{ body: any; as: string | null }>;
  before?: (api: TestApi, body: any) => Promise<any>;
  /** Asserts that the record a valid body wrote, read back through the API, holds what was sent. */
  stored: (api: TestApi, body: any, answer: any, before: any) => Promise<void>;
}

/**
 * A fresh launch token for each body that has a token of its own, so the body's refusal is not the token's; sent by
 * the admin who launched it, since only the launch's own learner may send its attempt.
 */
export async function withLaunchToken(body: any, { api, world, damaged, n }: Sending) {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('token' in body) || damaged?.[0] === 'token') return { body, as: 'admin' };
  const launched = await api.call('POST', '/launch', { as: 'admin', body: world.cases[n % world.cases.length] });
  expect(launched.status).toBe(201);
  return { body: { ...body, token: launched.json.token }, as: 'admin' };
}

/** Attempts the replay accepts: opened first, up to 30 events within the time a test takes to send them; the token is replaced when sent. */
export const attempts = fc
  .tuple(
    fc.constantFrom('straight', 'angled'),
    fc.array(fc.tuple(fc.integer({ min: 0, max: 150 }), validOf(event)), { maxLength: 30 }),
    fc.option(fc.integer({ min: 0, max: 100 })),
  )
  .map(([scope, rest, score]) => {
    let t = 0;
    const events = [{ t: 0, type: 'open', scope }, ...rest.map(([dt, e]) => ({ ...(e as object), t: (t += dt) }))];
    return score === null ? { token: 'launch-token', events } : { token: 'launch-token', events, score };
  });
