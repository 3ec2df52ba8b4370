import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  computeMetrics,
  createSimulation,
  generatePlacenta,
  scoreAttempt,
  seedFor,
  type SimEvent,
  type SimState,
} from '../../src/domain/simulator/index.ts';
import { MAX_ATTEMPT_EVENTS } from '../../src/api/schemas.ts';
import { attempts } from '../../src/server/db/schema.ts';
import { signLaunchToken } from '../../src/server/launch-token.ts';
import { driveTo, press, settle } from '../unit/simulator/fixtures.ts';
import { expectRefused, useApi } from './support.ts';

const api = useApi();
const SECRET = 'local-development-launch-secret';
const CASE = { course: 'fetoscopy-simulator', level: 1, case: 2 };

/** A real attempt on a case: open, go to the first anastomosis, burn it, finish; with the state the browser reached. */
function playedAttempt(where = CASE): { events: SimEvent[]; state: SimState } {
  const placenta = generatePlacenta(seedFor(where.course, where.level, where.case), where.level);
  let s = press(createSimulation(placenta), 'open');
  s = settle(driveTo(s, placenta.anastomoses[0]!.position));
  s = press(s, 'laserOn', 'fireStart');
  s = applyEvent(s, { t: s.t + 2000, type: 'fireStop' });
  s = applyEvent(s, { t: s.t + 500, type: 'finish' });
  return { events: s.log, state: s };
}

const tokenFor = (uid: string, where = CASE, now = new Date(), secret = SECRET) => signLaunchToken(secret, { uid, ...where }, now);

describe('POST /attempts', () => {
  it("stores the attempt with the score the server computed by replaying the log", async () => {
    const { events, state } = playedAttempt();
    const expected = scoreAttempt(computeMetrics(state));
    expect(expected.score).toBeGreaterThan(0);
    const res = await api().call('POST', '/attempts', { body: { token: await tokenFor('learner'), events } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      userId: 'learner',
      courseId: 'fetoscopy-simulator',
      level: 1,
      case: 2,
      score: expected.score,
      surgeryTimeMs: computeMetrics(state).surgeryTimeMs,
      metrics: { anastomosesCoagulated: 1 },
    });
    const list = await api().call('GET', '/attempts', { as: 'learner' });
    expect(list.json).toEqual([expect.objectContaining({ id: res.json.id, score: expected.score, case: 2 })]);
  });

  it('ignores a score sent by the browser', async () => {
    const { events, state } = playedAttempt();
    const res = await api().call('POST', '/attempts', { body: { token: await tokenFor('learner'), events, score: 100, metrics: { anastomosesResidual: 0 } } });
    expect(res.status).toBe(201);
    expect(res.json.score).toBe(scoreAttempt(computeMetrics(state)).score);
    expect(res.json.score).toBeLessThan(100);
  });

  it('refuses an expired, a tampered and an other-key token, storing nothing', async () => {
    const { events } = playedAttempt();
    const expired = await tokenFor('learner', CASE, new Date(Date.now() - 3_600_000));
    await expectRefused(api(), 'POST', '/attempts', { body: { token: expired, events } }, 401, 'invalid_token');
    const [head, payload, sig] = (await tokenFor('learner')).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    await expectRefused(api(), 'POST', '/attempts', { body: { token: `${head}.${forged}.${sig}`, events } }, 401, 'invalid_token');
    const otherKey = await tokenFor('learner', CASE, new Date(), 'another-secret-that-is-long-enough-000');
    await expectRefused(api(), 'POST', '/attempts', { body: { token: otherKey, events } }, 401, 'invalid_token');
    await expectRefused(api(), 'POST', '/attempts', { body: { token: 'not-a-token', events } }, 401, 'invalid_token');
  });

  it('stores an attempt sent again (a retry, a replayed request) once, and answers the stored one', async () => {
    const { events } = playedAttempt();
    const body = { token: await tokenFor('learner'), events };
    const first = await api().call('POST', '/attempts', { body });
    expect(first.status).toBe(201);
    const [again, atOnce] = await Promise.all([1, 2].map(() => api().call('POST', '/attempts', { body })));
    for (const res of [again!, atOnce!]) {
      expect(res.status).toBe(200);
      expect(res.json).toEqual(first.json);
    }
    const another = await api().call('POST', '/attempts', { body: { ...body, events: [...events.slice(0, -1), { t: events.at(-1)!.t + 1, type: 'finish' }] } });
    expect(another.status).toBe(201);
    expect(await api().deps.db.db.select({ id: attempts.id }).from(attempts)).toHaveLength(2);
  });

  it("scores the token's case: the body cannot name another one", async () => {
    const { events } = playedAttempt({ ...CASE, case: 1 });
    const token = await tokenFor('learner', { ...CASE, case: 3 });
    const res = await api().call('POST', '/attempts', { body: { token, events, course: 'bronchoscopy', level: 1, case: 1 } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ courseId: 'fetoscopy-simulator', level: 1, case: 3 });
    // The log was played on case 1's placenta: replayed on case 3's it does not seal case 1's anastomosis there.
    expect(res.json.score).not.toBe(scoreAttempt(computeMetrics(playedAttempt({ ...CASE, case: 1 }).state)).score);
  });

  it('refuses a case that no longer exists, a log that never opened, and bad bodies', async () => {
    const { events } = playedAttempt();
    await expectRefused(api(), 'POST', '/attempts', { body: { token: await tokenFor('learner', { ...CASE, case: 9 }), events } }, 404);
    await expectRefused(api(), 'POST', '/attempts', { body: { token: await tokenFor('learner', { ...CASE, course: 'gone' }), events } }, 404);
    const token = await tokenFor('learner');
    await expectRefused(api(), 'POST', '/attempts', { body: { token, events: [{ t: 5, type: 'finish' }] } }, 400);
    await expectRefused(api(), 'POST', '/attempts', { body: { token, events: [] } }, 400);
    await expectRefused(api(), 'POST', '/attempts', { body: { token, events: [{ t: 1, type: 'teleport' }] } }, 400);
    await expectRefused(api(), 'POST', '/attempts', { body: { events } }, 400);
    const tooLong = [{ t: 0, type: 'open' }, { t: 15 * 60_000 + 1, type: 'finish' }];
    await expectRefused(api(), 'POST', '/attempts', { body: { token, events: tooLong } }, 400);
    const tooMany = Array.from({ length: MAX_ATTEMPT_EVENTS + 1 }, (_, i) => ({ t: i, type: 'move', dx: 0, dy: 0 }));
    await expectRefused(api(), 'POST', '/attempts', { body: { token, events: tooMany } }, 400);
  });

  it('stores the normalized log it replayed, not the raw one', async () => {
    const { events } = playedAttempt();
    const raw = [{ t: 0.4, type: 'laserOn' }, ...events.map((e) => (e.type === 'finish' ? { ...e, t: e.t + 0.3 } : e))];
    const res = await api().call('POST', '/attempts', { body: { token: await tokenFor('learner'), events: raw } });
    expect(res.status).toBe(201);
    const [row] = await api().deps.db.db.select({ events: attempts.events }).from(attempts);
    expect(row?.events).toEqual(events);
  });
});

describe('GET /attempts', () => {
  const start = Date.now();
  let launches = 0;
  /** A new launch each time (tokens a second apart): the same play-through sent with the same token is one attempt. */
  async function post(uid: string, where = CASE) {
    const token = await tokenFor(uid, where, new Date(start - ++launches * 1000));
    const res = await api().call('POST', '/attempts', { body: { token, events: playedAttempt(where).events } });
    expect(res.status).toBe(201);
    return res.json;
  }

  it("lists the caller's own attempts, newest first, with the course filter and limit", async () => {
    const first = await post('learner');
    const second = await post('learner', { ...CASE, case: 1 });
    await post('other');
    const mine = await api().call('GET', '/attempts', { as: 'learner' });
    expect(mine.status).toBe(200);
    expect(mine.json.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    expect(Object.keys(mine.json[0]).sort()).toEqual(['case', 'courseId', 'createdAt', 'id', 'level', 'score', 'surgeryTimeMs', 'userId']);
    expect((await api().call('GET', '/attempts?limit=1', { as: 'learner' })).json).toHaveLength(1);
    expect((await api().call('GET', '/attempts?courseId=bronchoscopy', { as: 'learner' })).json).toEqual([]);
  });

  it("hides another user's attempts from a learner and shows them to an admin", async () => {
    const theirs = await post('other');
    await expectRefused(api(), 'GET', '/attempts?userId=other', { as: 'learner' }, 403);
    await expectRefused(api(), 'GET', '/attempts/summary?userId=other', { as: 'learner' }, 403);
    await expectRefused(api(), 'GET', '/attempts', {}, 401);
    const admin = await api().call('GET', '/attempts?userId=other', { as: 'admin' });
    expect(admin.json).toEqual([expect.objectContaining({ id: theirs.id, userId: 'other' })]);
    expect((await api().call('GET', '/attempts', { as: 'learner' })).json).toEqual([]);
  });

  it('summarizes best score and attempt count per case', async () => {
    const a = await post('learner');
    const b = await post('learner');
    const c = await post('learner', { ...CASE, case: 1 });
    await post('other');
    const res = await api().call('GET', '/attempts/summary?courseId=fetoscopy-simulator', { as: 'learner' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { courseId: 'fetoscopy-simulator', level: 1, case: 1, bestScore: c.score, attempts: 1, lastAt: c.createdAt },
      { courseId: 'fetoscopy-simulator', level: 1, case: 2, bestScore: Math.max(a.score, b.score), attempts: 2, lastAt: expect.any(String) },
    ]);
    expect((await api().call('GET', '/attempts/summary?courseId=bronchoscopy', { as: 'learner' })).json).toEqual([]);
    expect((await api().call('GET', '/attempts/summary?userId=learner', { as: 'admin' })).json).toHaveLength(2);
  });
});
