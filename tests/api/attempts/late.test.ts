import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATE_SEND_MS } from '../../../src/domain/attempt-delivery.ts';
import { LAUNCH_LIFE_MS } from '../../../src/domain/launch.ts';
import type { SimEvent } from '../../../src/domain/simulator/index.ts';
import { attempts, users } from '../../../src/server/db/schema.ts';
import { Player } from '../../../scripts/lib/attempt-log.ts';
import { scenarioOf, tokenFor } from '../attempt-support.ts';
import { token as idToken } from '../harness.ts';
import { expectRefused, typedClient, useApi } from '../support.ts';

// Attempts as long as a real procedure, and attempts a device kept because they could not be sent at once: the test
// moves the server's clock (Date only; timers, the database and the replay run as they do).
const api = useApi();
const { as, reply } = typedClient(api);
const stored = () => api().deps.db.db.select().from(attempts);
const MIN = 60_000;
const DAY = 86_400_000;

/** Launched at `launchedAt`: every anastomosis found, marked and sealed, then the equator reviewed at a surgeon's pace, finished at `minutes`. */
function longPlay(token: string, minutes: number): SimEvent[] {
  const scenario = scenarioOf(token);
  const p = new Player(scenario);
  for (const a of scenario.placenta.anastomoses) {
    p.aimAt(a.position, { distanceMm: 10 });
    p.mark(a.kind);
    p.sealUntil(a.id);
  }
  // A small look to one side and back every 20 s, as a person reviewing the plate.
  for (let turn = 1; p.t < minutes * MIN - 25_000; turn = -turn) {
    p.hold({ turnX: 0.25 * turn, turnY: 0, insert: 0, roll: 0 }).wait(500);
    p.hold({ turnX: 0, turnY: 0, insert: 0, roll: 0 }).wait(19_500);
  }
  p.wait(minutes * MIN - p.t).finish();
  return p.events;
}

/** The clock the server reads, set to `at` (ms since the epoch). */
const setClock = (at: number) => vi.setSystemTime(at);
/** An ID token of `uid` signed in now (the harness's own expire an hour after it starts). */
const now = (uid: string) => idToken(uid);

let launchedAt = 0;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  launchedAt = Date.now();
  // Premium: access that does not end while the clock moves on by days.
  await api().deps.db.db.update(users).set({ isPremium: true }).where(eq(users.id, 'learner'));
});
afterEach(() => vi.useRealTimers());

describe('an attempt as long as a real procedure', () => {
  it('is stored when played for 30 minutes after its launch and sent as it finishes', async () => {
    const token = await tokenFor('learner', { ageMs: 0 });
    const events = longPlay(token, 30);
    expect(events.at(-1)).toMatchObject({ type: 'finish', t: 30 * MIN + 500 });
    setClock(launchedAt + 31 * MIN);
    const res = await reply(as(now('learner')).attempts.$post({ json: { token, events, startedAgoMs: 30 * MIN + 20_000 } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ userId: 'learner', surgeryTimeMs: 30 * MIN + 500, flagged: false });
    expect(res.json.metrics.anastomosesSealed).toBe(res.json.metrics.anastomosesTotal);
    expect((await reply(as(now('learner')).attempts.$get({ query: {} }))).json).toEqual([expect.objectContaining({ id: res.json.id })]);
  });
});

describe('an attempt kept on the device and sent after its launch expired', () => {
  it('is stored when it started within the launch life, and sent again (twice at once, then later) it is stored once', async () => {
    const token = await tokenFor('learner', { ageMs: 0 });
    const events = longPlay(token, 30);
    // Started 100 minutes after the launch, played 30 minutes offline, sent two days later.
    const startedAt = launchedAt + 100 * MIN;
    setClock(launchedAt + 2 * DAY);
    const send = () => reply(as(now('learner')).attempts.$post({ json: { token, events, startedAgoMs: Date.now() - startedAt } }));
    const first = await send();
    expect(first.status).toBe(201);
    const [again, atOnce] = await Promise.all([send(), send()]);
    for (const res of [again!, atOnce!]) expect(res).toMatchObject({ status: 200, json: first.json });
    // A week after that, past the time a late attempt may be sent: its answer again, to its learner only.
    setClock(launchedAt + 9 * DAY + LAUNCH_LIFE_MS);
    expect(await send()).toMatchObject({ status: 200, json: first.json });
    await expectRefused(api(), (a) => a.as(now('other')).attempts.$post({ json: { token, events } }), 401, 'invalid_token');
    expect(await stored()).toHaveLength(1);
  });

  it('is refused for good when it started after the life, says nothing of its start, or is sent more than a week after the life', async () => {
    const token = await tokenFor('learner', { ageMs: 0 });
    const events = longPlay(token, 30);
    setClock(launchedAt + LAUNCH_LIFE_MS + 3 * 60 * MIN);
    const startedAfter = { token, events, startedAgoMs: 60 * MIN };
    const res = await expectRefused(api(), (a) => a.as(now('learner')).attempts.$post({ json: startedAfter }), 401, 'invalid_token');
    expect(res.json.message).toMatch(/not started within its life/);
    await expectRefused(api(), (a) => a.as(now('learner')).attempts.$post({ json: { token, events } }), 401, 'invalid_token');
    setClock(launchedAt + LAUNCH_LIFE_MS + LATE_SEND_MS + MIN);
    const inLife = { token, events, startedAgoMs: Date.now() - launchedAt - MIN };
    await expectRefused(api(), (a) => a.as(now('learner')).attempts.$post({ json: inLife }), 401, 'invalid_token');
    // The same kept attempt sent a minute before that limit is still taken.
    setClock(launchedAt + LAUNCH_LIFE_MS + LATE_SEND_MS - MIN);
    const inTime = await reply(as(now('learner')).attempts.$post({ json: { token, events, startedAgoMs: Date.now() - launchedAt - MIN } }));
    expect(inTime.status).toBe(201);
  });
});
