import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_ATTEMPT_EVENTS } from '../../../src/api/attempts.ts';
import { computeMetrics, createRng, INHUMAN, replay, scoreAttempt, type SimEvent } from '../../../src/domain/simulator/index.ts';
import { routeReplay } from '../../../scripts/lib/validity/route-replay.ts';
import { Player } from '../../../scripts/lib/attempt-log.ts';
import { attempts, users } from '../../../src/server/db/schema.ts';
import { ReplayPool } from '../../../src/server/attempts/replay/pool.ts';
import { claimsOf, inhumanLog, NAVIGATION, play, postPlayed, scenarioOf, SECRET, SELECTIVE, setPlan, tokenFor, VARIANT } from '../attempt-support.ts';
import { attempt, COURSE, setUp, TOKENS } from '../learning-support.ts';
import { LIMITS } from '../../../src/server/http/rate-counters.ts';
import { LATE_SEND_MS } from '../../../src/domain/attempt-delivery.ts';
import { LAUNCH_LIFE_MS } from '../../../src/domain/launch.ts';
import { expectRawRefused, expectRefused, freshWindow, useApi, typedClient, oneCourse } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const stored = () => api().deps.db.db.select().from(attempts);

beforeEach(async () => {
  await setPlan(api(), 'learner', true);
  await setPlan(api(), 'other', true);
});

describe('POST /attempts', () => {
  it('stores the attempt with the score, components, weights and debrief the server computed by replaying the log', async () => {
    const token = await tokenFor('learner');
    const { events, expected, surgeryTimeMs, metrics } = play(token);
    const n = claimsOf(token).sim.anastomoses;
    expect(expected.score).toBeGreaterThan(80);
    const res = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      userId: 'learner',
      courseId: SELECTIVE.course,
      level: SELECTIVE.level,
      case: SELECTIVE.case,
      task: 'selective',
      variant: claimsOf(token).variant,
      score: expected.score,
      components: expected.components,
      weights: expected.weights,
      gates: expected.gates,
      surgeryTimeMs,
      flagged: false,
      metrics: { anastomosesTotal: n, anastomosesSealed: metrics.anastomosesSealed, found: metrics.found, typesCorrect: metrics.typesCorrect },
      benchmark: null,
    });
    expect(res.json.debrief!.anastomoses.filter((a: { sealed: boolean }) => a.sealed)).toHaveLength(metrics.anastomosesSealed);
    const list = await reply(as('learner').attempts.$get({ query: {} }));
    expect(list.json).toEqual([expect.objectContaining({ id: res.json.id, score: expected.score, task: 'selective', flagged: false })]);
  });

  it('scores navigation on its own components', async () => {
    const token = await tokenFor('learner', { where: NAVIGATION });
    const { events, expected } = play(token);
    const res = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.json.components).sort()).toEqual(['contacts', 'entry', 'path', 'targets', 'time']);
    expect(res.json).toMatchObject({ task: 'navigation', score: expected.score, components: { targets: 1 } });
  });

  it('stores and answers the gates that capped the score: a complete treatment with three contacts does not pass', async () => {
    const token = await tokenFor('learner');
    const scenario = scenarioOf(token);
    const p = new Player(scenario);
    for (const a of scenario.placenta.anastomoses) {
      p.aimAt(a.position, { distanceMm: 10 });
      p.mark(a.kind);
      p.sealUntil(a.id);
    }
    // Three plunges of the tip onto the plate and back.
    for (let i = 0; i < 3; i += 1) p.hold({ turnX: 0, turnY: 0, insert: 1, roll: 0 }).wait(3000).hold({ turnX: 0, turnY: 0, insert: -1, roll: 0 }).wait(1500);
    p.hold({ turnX: 0, turnY: 0, insert: 0, roll: 0 }).finish();
    const metrics = computeMetrics(p.sim.state);
    expect(metrics.anastomosesResidual).toBe(0);
    expect(metrics.contacts).toBeGreaterThanOrEqual(3);
    const expected = scoreAttempt(metrics);
    expect(expected.gates.map((g) => g.id)).toEqual(['contacts']);
    expect(expected.score).toBeLessThan(70);
    const res = await reply(as('learner').attempts.$post({ json: { token, events: p.events } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ score: expected.score, gates: expected.gates });
    expect((await reply(as('learner').attempts[':id'].$get({ param: { id: res.json.id } }))).json.gates).toEqual(expected.gates);
  });

  it('ignores a score sent by the browser', async () => {
    const token = await tokenFor('learner');
    const { events, expected } = play(token, 'one');
    const res = await api().call('POST', '/attempts', { as: 'learner', body: { token, events, score: 100, metrics: { anastomosesResidual: 0 } } });
    expect(res.status).toBe(201);
    expect(res.json.score).toBe(expected.score);
    expect(res.json.score).toBeLessThan(100);
  });

  it("replays on the token's own placenta: a log played on another launch's variant does not seal this one's anastomoses", async () => {
    const first = await tokenFor('learner');
    const { events } = play(first);
    const second = await tokenFor('learner', { variant: VARIANT + 1 });
    const res = await reply(as('learner').attempts.$post({ json: { token: second, events } }));
    expect(res.status).toBe(201);
    expect(res.json.metrics.anastomosesSealed).toBeLessThan(claimsOf(second).sim.anastomoses);
  });

  it('makes one attempt per launch token: the same log again answers the stored attempt, a different log is refused with 409', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token);
    const first = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(first.status).toBe(201);
    const [again, atOnce] = await Promise.all([1, 2].map(() => reply(as('learner').attempts.$post({ json: { token, events } }))));
    for (const res of [again!, atOnce!]) expect(res).toMatchObject({ status: 200, json: first.json });
    const better = play(token, 'all')
      .events.slice(0, -1)
      .concat({ t: events.at(-1)!.t + 1, type: 'finish' });
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token, events: better } }), 409);
    expect(await stored()).toHaveLength(1);
  });

  it('stores one attempt when the same log is sent twice at once, and refuses the different one sent alongside', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token);
    const other = play(token, 'none').events;
    const answers = await Promise.all([events, events, other].map((e) => reply(as('learner').attempts.$post({ json: { token, events: e } }))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect((await stored()).map((r) => r.id)).toHaveLength(1);
    const storedWasTheLog = answers.find((r) => r.status === 201)!.json.metrics.anastomosesSealed! > 0;
    expect(statuses.filter((s) => s === 409)).toHaveLength(storedWasTheLog ? 1 : 2);
  });

  it("takes the attempt only from the learner the launch was for, signed in: not anonymous, nor another learner, an admin or the learner's director", async () => {
    await setUp(api());
    const token = await tokenFor('learner');
    const { events } = play(token, 'one');
    await expectRefused(api(), (a) => a.as(null).attempts.$post({ json: { token, events } }), 401, 'unauthorized');
    await expectRefused(api(), (a) => a.as('not-an-id-token').attempts.$post({ json: { token, events } }), 401, 'unauthorized');
    for (const as of ['other', 'admin', TOKENS.director])
      await expectRefused(api(), (a) => a.as(as).attempts.$post({ json: { token, events } }), 403, 'forbidden');
    const res = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect([res.status, res.json.userId]).toEqual([201, 'learner']);
    // Once stored, the same log from someone else is still refused rather than answered with the learner's attempt.
    await expectRefused(api(), (a) => a.as('other').attempts.$post({ json: { token, events } }), 403, 'forbidden');
  });

  it('refuses expired, forged, other-key and old-style tokens, storing nothing', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token, 'one');
    // Expired longer ago than a kept attempt may be sent (attempts.late.test.ts has the attempts sent late).
    const expired = await tokenFor('learner', { ageMs: LAUNCH_LIFE_MS + LATE_SEND_MS + 60_000 });
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: expired, events } }), 401, 'invalid_token');
    const [head, , sig] = token.split('.');
    const claims = claimsOf(token);
    for (const forged of [{ sub: 'other' }, { variant: claims.variant ^ 1 }, { sim: { ...claims.sim, anastomoses: 1 } }, { iat: claims.iat + 3600 }]) {
      const body = Buffer.from(JSON.stringify({ ...claims, ...forged })).toString('base64url');
      await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: `${head}.${body}.${sig}`, events } }), 401, 'invalid_token');
    }
    const otherKey = await tokenFor('learner', { ageMs: 60_000, secret: 'another-secret-that-is-long-enough-000' });
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: otherKey, events } }), 401, 'invalid_token');
    const { variant: _v, sim: _s, ...oldStyle } = claims;
    const noVariant = await new SignJWT({ ...oldStyle }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: noVariant, events } }), 401, 'invalid_token');
    // Signed with our key, valid in every other claim, but without the case's id (as before cases had ids).
    const { cid: _cid, ...withoutCase } = claims as typeof claims & { cid: string };
    const noCaseId = await new SignJWT({ ...withoutCase }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(SECRET));
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: noCaseId, events } }), 401, 'invalid_token');
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: 'not-a-token', events } }), 401, 'invalid_token');
  });

  it('refuses an attempt once the plan that entitled the learner is gone', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token);
    await setPlan(api(), 'learner', false);
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token, events } }), 403);
  });

  it('refuses a log longer than the time since the launch (5 s of grace), before replaying it', async () => {
    const { events } = play(await tokenFor('learner'));
    const lastT = events.at(-1)!.t;
    const young = await tokenFor('learner', { ageMs: lastT - 10_000 });
    const res = await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token: young, events } }), 400);
    expect(res.json.message).toMatch(/longer than the time since the launch/);
    const justOldEnough = await tokenFor('learner', { ageMs: lastT - 2_000 });
    expect((await reply(as('learner').attempts.$post({ json: { token: justOldEnough, events } }))).status).toBe(201);
  });

  it('refuses a case that no longer exists, a log that never opened, and bad bodies', async () => {
    const { events } = play(await tokenFor('learner'), 'none');
    await expectRawRefused(
      api(),
      'POST',
      '/attempts',
      { as: 'learner', body: { token: await tokenFor('learner', { where: { ...SELECTIVE, case: 9, caseId: 'deleted' } }), events } },
      404,
    );
    await expectRawRefused(
      api(),
      'POST',
      '/attempts',
      { as: 'learner', body: { token: await tokenFor('learner', { where: { ...SELECTIVE, course: 'gone' } }), events } },
      404,
    );
    const token = await tokenFor('learner');
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token, events: [{ t: 5, type: 'finish' }] } }), 400);
    await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token, events: [] } }), 400);
    await expectRawRefused(api(), 'POST', '/attempts', { as: 'learner', body: { token, events: [{ t: 1, type: 'teleport' }] } }, 400);
    await expectRawRefused(api(), 'POST', '/attempts', { as: 'learner', body: { token, events: [{ t: 1, type: 'move', dx: 1, dy: 0 }] } }, 400);
    await expectRefused(
      api(),
      (a) =>
        a.as('learner').attempts.$post({
          json: {
            token,
            events: [
              { t: 0, type: 'open', scope: 'straight' },
              { t: 1, type: 'input', turnX: 2, turnY: 0, insert: 0, roll: 0 },
            ],
          },
        }),
      400,
    );
    await expectRawRefused(api(), 'POST', '/attempts', { as: 'learner', body: { events } }, 400);
    const tooMany = Array.from({ length: MAX_ATTEMPT_EVENTS + 1 }, (_, i) => ({ t: i, type: 'laserOff' }));
    await expectRawRefused(api(), 'POST', '/attempts', { as: 'learner', body: { token, events: tooMany } }, 400);
  });

  it('refuses a control value no device of the page produces, naming the event, and stores nothing', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token, 'one');
    const at = events.findIndex((e) => e.type === 'input');
    for (const [field, value] of [
      ['turnX', 0.45],
      ['turnY', -0.1],
      ['insert', 0.3],
      ['roll', 1 / 3],
      ['turnX', 0.125],
    ] as const) {
      const forged = events.map((e, i) => (i === at ? { ...e, [field]: value } : e));
      const res = await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token, events: forged } }), 400);
      expect(res.json.issues).toEqual([expect.objectContaining({ path: `events.${at}.${field}` })]);
    }
    // The same log with the page's own values is stored: the token was not spent by the refusals.
    expect((await reply(as('learner').attempts.$post({ json: { token, events } }))).status).toBe(201);
  });

  it('replays the entry site the open event names, and refuses one that is not a site index, naming it', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token, 'none');
    expect(events[0]).toMatchObject({ type: 'open' });
    for (const site of [9, -1, 1.5, '4']) {
      const forged = events.map((e, i) => (i === 0 ? { ...e, site } : e));
      const res = await expectRawRefused(api(), 'POST', '/attempts', { as: 'learner', body: { token, events: forged } }, 400);
      expect(res.json.issues).toEqual([expect.objectContaining({ path: 'events.0.site' })]);
    }
    // Site 4 is the middle of a posterior placenta's grid, straight over the plate's centre.
    const chosen = events.map((e, i) => (i === 0 ? { ...e, site: 4 } : e));
    const res = await reply(as('learner').attempts.$post({ json: { token, events: chosen } }));
    expect(res.status).toBe(201);
    expect(res.json.debrief).toMatchObject({ site: 4, entry: { x: 0, y: 0 } });
    expect(res.json.debrief!.sites).toHaveLength(9);
    expect(res.json.components.entry).toBe(res.json.debrief!.sites![4]!.reach);
  });

  it('stores the normalized log it replayed, not the raw one', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token, 'one');
    const raw = [{ t: 0.4, type: 'laserOn' }, ...events.map((e) => (e.type === 'finish' ? { ...e, t: e.t + 0.3 } : e))];
    const res = await api().call('POST', '/attempts', { as: 'learner', body: { token, events: raw } });
    expect(res.status).toBe(201);
    const [row] = await stored();
    expect(JSON.parse(gunzipSync(Buffer.from(row!.logGzip!, 'base64')).toString())).toEqual(events);
  });

  it('stores a log with inhuman input flagged, and leaves it out of the best scores', async () => {
    const token = await tokenFor('learner');
    const res = await reply(as('learner').attempts.$post({ json: { token, events: inhumanLog(token) } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ flagged: true, flags: ['rate'] });
    expect((await reply(as('learner').attempts[':id'].$get({ param: { id: res.json.id } }))).json).toMatchObject({ flagged: true, flags: ['rate'] });
    expect((await reply(as('learner').attempts.summary.$get({ query: {} }))).json).toEqual([]);
    const fair = await postPlayed(api(), 'learner', 'one');
    const summary = (await reply(as('learner').attempts.summary.$get({ query: {} }))).json;
    expect(summary).toEqual([expect.objectContaining({ case: SELECTIVE.case, bestScore: fair.score, attempts: 1 })]);
  });

  it('answers 422 and stores nothing when the replay runs over its time budget, and the token can be sent again', async () => {
    const token = await tokenFor('learner');
    const { events } = play(token);
    const pool = api().deps.replay;
    api().deps.replay = new ReplayPool({ workers: 1, budgetMs: 1 });
    try {
      await expectRefused(api(), (a) => a.as('learner').attempts.$post({ json: { token, events } }), 422, 'replay_over_budget');
    } finally {
      api().deps.replay = pool;
    }
    expect((await reply(as('learner').attempts.$post({ json: { token, events } }))).status).toBe(201);
  });
});

describe('a flagged attempt, however high its score', () => {
  /** A winning play of the case with a burst no hand makes just before Finish: 'cancelMark' with no mark pending changes nothing but the rate. */
  const flaggedWin = (token: string) => {
    const { events, expected } = play(token);
    const finish = events.at(-1)!;
    const burst = Array.from({ length: 2 * INHUMAN.maxEvents }, (_, i) => ({ t: finish.t - 2 * INHUMAN.maxEvents + i, type: 'cancelMark' as const }));
    return { events: [...events.slice(0, -1), ...burst, finish], expected };
  };

  it('neither passes its case nor completes the course for a certificate; the same play unflagged does both', async () => {
    await setUp(api());
    await api().deps.db.db.update(users).set({ isPremium: true }).where(eq(users.id, 'learner'));
    await attempt(api(), 'learner', 1, 2, 90);
    await attempt(api(), 'learner', 3, 1, 90);
    // Case A1, whose pass mark is 60: the last one the learner needs.
    const where = { course: COURSE, level: 1, case: 1, caseId: 'm1c1' };
    const token = await tokenFor('learner', { where });
    const { events, expected } = flaggedWin(token);
    expect(expected.score).toBeGreaterThanOrEqual(60);
    const res = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(res.json).toMatchObject({ score: expected.score, flagged: true, flags: ['rate'] });
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(progress).toMatchObject({ complete: false, certificate: null });
    expect(progress.modules[0]!.cases[0]).toMatchObject({ state: 'notStarted', best: null });
    expect((await reply(as('learner').certificates.$get({ query: {} }))).json).toEqual([]);
    const fair = await postPlayed(api(), 'learner', 'all', where);
    expect(fair).toMatchObject({ score: expected.score, flagged: false });
    const after = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(after).toMatchObject({ complete: true, certificate: { id: expect.any(String) } });
  });

  it("a replay of the shortest route (a program's plan, at a hand's pace) is stored flagged 'planned' and passes no case", async () => {
    await setUp(api());
    await api().deps.db.db.update(users).set({ isPremium: true }).where(eq(users.id, 'learner'));
    await attempt(api(), 'learner', 1, 2, 90);
    await attempt(api(), 'learner', 3, 1, 90);
    const where = { course: COURSE, level: 1, case: 1, caseId: 'm1c1' };
    const token = await tokenFor('learner', { where });
    const scenario = scenarioOf(token);
    const events = routeReplay(scenario, createRng(1), { startMs: [250, 600] });
    const expected = scoreAttempt(computeMetrics(replay(scenario, events)));
    expect(expected.score).toBeGreaterThanOrEqual(60);
    const res = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ score: expected.score, flagged: true, flags: ['planned'] });
    expect((await reply(as('learner').attempts[':id'].$get({ param: { id: res.json.id } }))).json).toMatchObject({ flagged: true, flags: ['planned'] });
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(progress).toMatchObject({ complete: false, certificate: null });
    expect(progress.modules[0]!.cases[0]).toMatchObject({ state: 'notStarted', best: null });
    expect((await reply(as('learner').attempts.summary.$get({ query: {} }))).json).not.toContainEqual(expect.objectContaining({ level: 1, case: 1 }));
  });

  it("moves no benchmark, though an expert's", async () => {
    await api().deps.db.db.update(users).set({ isExpert: true }).where(eq(users.id, 'other'));
    const token = await tokenFor('other');
    const { events } = flaggedWin(token);
    expect((await reply(as('other').attempts.$post({ json: { token, events } }))).json).toMatchObject({ flagged: true, benchmark: null });
    expect((await reply(as(null).benchmarks.$get({ query: { courseId: 'fetoscopy-simulator' } }))).json).toEqual([]);
    const fair = await postPlayed(api(), 'other', 'all');
    expect(fair.benchmark).toMatchObject({ score: fair.score, attempts: 1 });
  });
});

describe('the score of record, worked out by hand from the table in docs/simulator.md', () => {
  // Small fixed logs on fixed placentas. score = primary + achieved × quality: primary sums weight × value of the
  // components in italics, achieved is primary over their weights, quality sums weight × value of the others.
  const post = async (token: string, events: SimEvent[]) => {
    const res = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(res.status).toBe(201);
    return res.json;
  };
  // Nothing sealed, so order does not count: its 8 go to the other 92 in proportion, in whole points (the five
  // largest remainders: classification, identification, collateral, sealing, then review, the first listed of the
  // four tied at 5.43).
  const selectiveWeights = { identification: 22, classification: 11, sealing: 33, review: 6, collateral: 9, technique: 5, contacts: 5, time: 4, entry: 5 };
  // These logs name no entry site, so they go in at the trocar drawn for variant 2: from it the straight scope
  // meets 52 of the equator's 77 samples at a working distance and angle.
  const drawnReach = 52 / 77;

  it('selective: one anastomosis found and typed, a short burn on it from 10 mm, finished at 7.5 minutes', async () => {
    // Variant 2 has four anastomoses; a2, a VA, lies 9.8 mm from where the scope first looks: turned onto, 10 mm above.
    const events: SimEvent[] = [
      { t: 0, type: 'open', scope: 'straight' },
      { t: 1000, type: 'input', turnX: -0.25, turnY: 0.25, insert: 1, roll: 0 },
      { t: 1600, type: 'input', turnX: -0.25, turnY: 0, insert: 1, roll: 0 },
      { t: 2060, type: 'input', turnX: -0.25, turnY: 0, insert: 0, roll: 0 },
      { t: 2360, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 },
      { t: 3000, type: 'mark' },
      { t: 4000, type: 'classify', kind: 'VA' },
      { t: 5000, type: 'laserOn' },
      { t: 6000, type: 'fireStart' },
      { t: 6200, type: 'fireStop' },
      { t: 450_000, type: 'finish' },
    ];
    const attempt = await post(await tokenFor('learner', { variant: 2 }), events);
    expect(attempt.metrics).toMatchObject({
      anastomosesTotal: 4,
      found: 1,
      falseMarks: 0,
      typesCorrect: 1,
      anastomosesSealed: 0,
      contacts: 0,
      techniqueShare: 1,
    });
    expect(attempt.metrics.energyTotalJ).toBeCloseTo(6, 9);
    // identification 1/4 × 22 = 5.5, classification 1/4 × 11 = 2.75, sealing 0 × 33: primary 8.25 of 66, achieved 0.125.
    // collateral 1 (the 6 J all on the anastomosis) × 9, technique 1 × 5, contacts 1 × 5, time 0 (nothing treated),
    // review 0 (none), entry 52/77 × 5 = 3.38: quality 22.38. Score 8.25 + 0.125 × 22.38 = 11.05, rounded 11; a
    // quarter identified caps it at 70, above it.
    expect(attempt).toMatchObject({
      surgeryTimeMs: 450_000,
      weights: selectiveWeights,
      components: {
        identification: 0.25,
        classification: 0.25,
        sealing: 0,
        collateral: 1,
        technique: 1,
        contacts: 1,
        time: 0,
        review: 0,
        entry: expect.closeTo(drawnReach, 12),
      },
      score: 11,
    });
  });

  it('selective: a false mark and an anastomosis marked as the wrong kind, nothing fired, finished at one minute', async () => {
    // The first mark is where the scope first looks, 9.8 mm from the nearest anastomosis (4 mm counts); the second is a2, a VA.
    const events: SimEvent[] = [
      { t: 0, type: 'open', scope: 'straight' },
      { t: 1000, type: 'mark' },
      { t: 2000, type: 'classify', kind: 'AV' },
      { t: 3000, type: 'input', turnX: -0.25, turnY: 0.25, insert: 0, roll: 0 },
      { t: 3600, type: 'input', turnX: -0.25, turnY: 0, insert: 0, roll: 0 },
      { t: 4360, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 },
      { t: 5000, type: 'mark' },
      { t: 6000, type: 'classify', kind: 'AV' },
      { t: 60_000, type: 'finish' },
    ];
    const attempt = await post(await tokenFor('learner', { variant: 2 }), events);
    expect(attempt.metrics).toMatchObject({
      anastomosesTotal: 4,
      found: 1,
      falseMarks: 1,
      typesCorrect: 0,
      anastomosesSealed: 0,
      contacts: 0,
      energyTotalJ: 0,
    });
    // identification (1 - 0.5 × 1 false mark) / 4 = 0.125 × 22 = 2.75, classification 0, sealing 0: primary 2.75 of
    // 66, achieved 1/24. collateral 1 × 9, technique 0 (nothing fired) × 5, contacts 1 × 5, time 0 (nothing treated),
    // review 0, entry 52/77 × 5 = 3.38: quality 17.38. Score 2.75 + 17.38 / 24 = 3.47, rounded 3.
    expect(attempt).toMatchObject({
      surgeryTimeMs: 60_000,
      weights: selectiveWeights,
      components: {
        identification: 0.125,
        classification: 0,
        sealing: 0,
        collateral: 1,
        technique: 0,
        contacts: 1,
        time: 0,
        review: 0,
        entry: expect.closeTo(drawnReach, 12),
      },
      score: 3,
    });
  });

  it('navigation: the first of three targets held from 16 mm, finished at 15 s', async () => {
    // Variant 1's first target: turned onto with both turn keys while advancing, then held still from 16 mm.
    const events: SimEvent[] = [
      { t: 0, type: 'open', scope: 'straight' },
      { t: 1000, type: 'input', turnX: 1, turnY: 1, insert: 1, roll: 0 },
      { t: 1620, type: 'input', turnX: 1, turnY: 0, insert: 1, roll: 0 },
      { t: 2000, type: 'input', turnX: 0, turnY: 0, insert: 1, roll: 0 },
      { t: 2160, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 },
      { t: 15_000, type: 'finish' },
    ];
    const attempt = await post(await tokenFor('learner', { where: NAVIGATION, variant: 1 }), events);
    expect(attempt.metrics).toMatchObject({ targetsTotal: 3, targetsReached: 1, contacts: 0, routeMs: 4853 });
    expect(attempt.metrics.routeMm).toBeCloseTo(100.587, 3);
    expect(attempt.metrics.pathLengthMm).toBeLessThan(1.3 * attempt.metrics.routeMm!);
    // targets 1/3 × 30 = 10: primary 10 of 30, achieved 1/3. contacts 1 × 15, time 15 s is 3.09 × the route's
    // 4.853 s: (8 - 3.09) / (8 - 2.5) = 0.893 × 25 = 22.31, path under 1.3 × the route 1 × 25, entry 1 (the drawn
    // trocar meets all three targets) × 5: quality 67.31. Score 10 + 67.31 / 3 = 32.44, rounded 32.
    expect(attempt).toMatchObject({
      surgeryTimeMs: 15_000,
      weights: { targets: 30, contacts: 15, time: 25, path: 25, entry: 5 },
      components: { targets: expect.closeTo(1 / 3, 12), contacts: 1, time: expect.closeTo((8 - 15_000 / 4853) / 5.5, 12), path: 1, entry: 1 },
      score: 32,
    });
  });
});

describe('GET /attempts/{id}', () => {
  it('shows the owner and administrators the stored attempt with its debrief; others are refused', async () => {
    const mine = await postPlayed(api(), 'learner', 'one');
    const own = await reply(as('learner').attempts[':id'].$get({ param: { id: mine.id } }));
    expect(own).toMatchObject({ status: 200, json: mine });
    expect(own.json.debrief).toMatchObject({ task: 'selective', radiusMm: 75, anastomoses: expect.any(Array), equator: expect.any(Array) });
    expect((await reply(as('admin').attempts[':id'].$get({ param: { id: mine.id } }))).json).toEqual(mine);
    await expectRefused(api(), (a) => a.as('other').attempts[':id'].$get({ param: { id: mine.id } }), 403);
    await expectRefused(api(), (a) => a.as(null).attempts[':id'].$get({ param: { id: mine.id } }), 401);
    await expectRefused(api(), (a) => a.as('admin').attempts[':id'].$get({ param: { id: '0'.repeat(64) } }), 404);
  });
});

describe('GET /attempts', () => {
  it("lists the caller's own attempts, newest first, with the course filter and limit", async () => {
    const first = await postPlayed(api(), 'learner', 'none');
    const second = await postPlayed(api(), 'learner', 'none', NAVIGATION);
    await postPlayed(api(), 'other', 'none');
    const mine = await reply(as('learner').attempts.$get({ query: {} }));
    expect(mine.status).toBe(200);
    expect(mine.json.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    expect(Object.keys(mine.json[0]!).sort()).toEqual([
      'assessed',
      'case',
      'caseId',
      'caseTitle',
      'courseId',
      'courseTitle',
      'createdAt',
      'flagged',
      'flags',
      'id',
      'level',
      'score',
      'surgeryTimeMs',
      'task',
      'userId',
    ]);
    expect((await reply(as('learner').attempts.$get({ query: { limit: '1' } }))).json).toHaveLength(1);
    expect((await reply(as('learner').attempts.$get({ query: { courseId: 'bronchoscopy' } }))).json).toEqual([]);
  });

  it("hides another user's attempts from a learner and shows them to an admin", async () => {
    const theirs = await postPlayed(api(), 'other', 'none');
    await expectRefused(api(), (a) => a.as('learner').attempts.$get({ query: { userId: 'other' } }), 403);
    await expectRefused(api(), (a) => a.as('learner').attempts.summary.$get({ query: { userId: 'other' } }), 403);
    await expectRefused(api(), (a) => a.as(null).attempts.$get({ query: {} }), 401);
    const admin = await reply(as('admin').attempts.$get({ query: { userId: 'other' } }));
    expect(admin.json).toEqual([expect.objectContaining({ id: theirs.id, userId: 'other' })]);
    expect((await reply(as('learner').attempts.$get({ query: {} }))).json).toEqual([]);
  });

  it('summarizes best score and attempt count per case', async () => {
    const a = await postPlayed(api(), 'learner', 'none');
    const b = await postPlayed(api(), 'learner', 'one');
    const c = await postPlayed(api(), 'learner', 'none', NAVIGATION);
    await postPlayed(api(), 'other', 'all');
    const res = await reply(as('learner').attempts.summary.$get({ query: { courseId: 'fetoscopy-simulator' } }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { courseId: 'fetoscopy-simulator', caseId: 'm1c1', level: 1, case: 1, bestScore: c.score, attempts: 1, lastAt: c.createdAt },
      { courseId: 'fetoscopy-simulator', caseId: 'm2c1', level: 2, case: 1, bestScore: Math.max(a.score, b.score), attempts: 2, lastAt: expect.any(String) },
    ]);
    expect((await reply(as('learner').attempts.summary.$get({ query: { courseId: 'bronchoscopy' } }))).json).toEqual([]);
    expect((await reply(as('admin').attempts.summary.$get({ query: { userId: 'learner' } }))).json).toHaveLength(2);
  });
});

describe('benchmarks', () => {
  async function makeExpert(uid: string) {
    const { isAdmin, isPremium, subscriptions } = (await reply(as('admin').users[':id'].$get({ param: { id: uid } }))).json;
    expect((await reply(as('admin').users[':id'].$put({ param: { id: uid }, json: { isAdmin, isPremium, isExpert: true, subscriptions } }))).status).toBe(200);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it("are the medians of the experts' attempts, leaving out flagged ones and everyone else's", async () => {
    await makeExpert('admin');
    await makeExpert('other');
    const expert = [await postPlayed(api(), 'admin', 'all'), await postPlayed(api(), 'other', 'none'), await postPlayed(api(), 'other', 'one')];
    // The median is only informative if the plays are not all alike.
    expect(new Set(expert.map((a) => a.score)).size).toBeGreaterThan(1);
    await postPlayed(api(), 'learner', 'all');
    const token = await tokenFor('other');
    expect((await reply(as('other').attempts.$post({ json: { token, events: inhumanLog(token) } }))).json.flagged).toBe(true);
    const benchmark = { score: median(expert.map((a) => a.score)), surgeryTimeMs: median(expert.map((a) => a.surgeryTimeMs)), attempts: 3 };
    const res = await reply(as(null).benchmarks.$get({ query: { courseId: 'fetoscopy-simulator' } }));
    expect(res).toMatchObject({ status: 200, json: [{ courseId: 'fetoscopy-simulator', level: 2, case: 1, task: 'selective', ...benchmark }] });
    const mine = await postPlayed(api(), 'learner', 'one');
    expect(mine.benchmark).toEqual(benchmark);
    expect((await reply(as('learner').attempts[':id'].$get({ param: { id: mine.id } }))).json.benchmark).toEqual(benchmark);
    expect((await reply(as(null).benchmarks.$get({ query: { courseId: 'bronchoscopy' } }))).json).toEqual([]);
  });

  it("clear the cached course page when an expert's attempt is stored, not a learner's or a flagged one", async () => {
    const heard: Array<string | null> = [];
    let listening = true;
    let marker = { payload: '', heard: () => {} };
    api().deps.catalogue.onChange((course) => {
      if (course === marker.payload) marker.heard();
      else if (listening) heard.push(course);
    });
    // A marker announced on the catalogue's channel comes after every change committed before it (one channel's
    // notifications arrive in order): once the catalogue passes it on, it has passed those on too, on PostgreSQL as well.
    const allHeard = async () => {
      const payload = `marker-${randomUUID()}`;
      const passedOn = new Promise<void>((resolve) => (marker = { payload, heard: resolve }));
      await api().deps.db.db.execute(sql`SELECT pg_notify('catalogue', ${payload})`);
      await passedOn;
    };
    try {
      await postPlayed(api(), 'learner', 'all');
      // Making an expert is a change too, and its notification comes back after the call on PostgreSQL.
      await makeExpert('other');
      await allHeard();
      heard.length = 0;
      const token = await tokenFor('other');
      expect((await reply(as('other').attempts.$post({ json: { token, events: inhumanLog(token) } }))).json.flagged).toBe(true);
      await allHeard();
      expect(heard).toEqual([]);
      await postPlayed(api(), 'other', 'all');
      await allHeard();
      expect(new Set(heard)).toEqual(new Set(['fetoscopy-simulator']));
    } finally {
      listening = false;
    }
  });

  it('take the median of an even count as the mean of the middle two', async () => {
    await makeExpert('other');
    const scores = [(await postPlayed(api(), 'other', 'none')).score, (await postPlayed(api(), 'other', 'all')).score];
    const [row] = (await reply(as(null).benchmarks.$get({ query: { courseId: 'fetoscopy-simulator' } }))).json;
    expect(row!.score).toBe(Math.round(((scores[0]! + scores[1]!) / 2) * 10) / 10);
  });

  it('count only attempts at the task the case sets now', async () => {
    await makeExpert('other');
    await postPlayed(api(), 'other', 'one');
    const { id: _id, ...course } = (await reply(as(null).courses[':id'].$get({ param: { id: 'fetoscopy-simulator' }, query: {} }))).json;
    course.levels[1]!.cases[0]!.sim!.task = 'navigation';
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'fetoscopy-simulator' }, json: course }))).status).toBe(200);
    expect((await reply(as(null).benchmarks.$get({ query: { courseId: 'fetoscopy-simulator' } }))).json).toEqual([]);
  });

  it('are refused for an unknown course or without one', async () => {
    await expectRefused(api(), (a) => a.as(null).benchmarks.$get({ query: { courseId: 'nope' } }), 404);
    await expectRawRefused(api(), 'GET', '/benchmarks', {}, 400);
  });
});

describe('the simulator rate limit', () => {
  const limited = useApi({ RATE_LIMIT_SCALE: '1' });
  const slow = typedClient(limited);

  it('allows 30 launches and attempts a minute per user, together, then answers 429 with Retry-After', async () => {
    await freshWindow(LIMITS.simulator);
    const body = { course: 'fetoscopy-simulator', level: 1, case: 1 };
    const launch = () => slow.reply(slow.as('admin').launch.$post({ json: body }));
    for (let i = 0; i < 29; i += 1) expect((await launch()).status).toBe(201);
    const { token } = (await launch()).json;
    const res = await expectRefused(
      limited(),
      (a) => a.as('admin').attempts.$post({ json: { token, events: play(token, 'none').events } }),
      429,
      'too_many_requests',
    );
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectRefused(limited(), (a) => a.as('admin').launch.$post({ json: body }), 429, 'too_many_requests');
    const others = await tokenFor('learner', { where: NAVIGATION });
    await setPlan(limited(), 'learner', true);
    expect((await slow.reply(slow.as('learner').attempts.$post({ json: { token: others, events: play(others, 'none').events } }))).status).toBe(201);
  });
});
