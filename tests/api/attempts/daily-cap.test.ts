import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { ATTEMPTS_PER_DAY } from '../../../src/server/attempts/daily-cap.ts';
import { ReplayPool } from '../../../src/server/attempts/replay/pool.ts';
import { attempts } from '../../../src/server/db/schema.ts';
import { play, postPlayed, setPlan, tokenFor } from '../attempt-support.ts';
import { expectRefused, typedClient, useApi, errorOf } from '../support.ts';

/** The cap on attempts one person stores in a day, at its real size (RATE_LIMIT_SCALE 1). */
const api = useApi({ RATE_LIMIT_SCALE: '1' });
const { as, reply } = typedClient(api);
const HOUR = 3_600_000;

/** `count` stored attempts of `uid`, made `hoursAgo` ago (straight into the table: the per-minute limit would stop posting them). */
async function stored(uid: string, count: number, hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * HOUR);
  await api()
    .deps.db.db.insert(attempts)
    .values(
      Array.from({ length: count }, () => ({
        id: randomUUID(),
        userId: uid,
        courseId: 'fetoscopy-simulator',
        caseId: 'm2c1',
        level: 2,
        caseIndex: 1,
        score: 50,
        metrics: {},
        createdAt: at,
      })),
    );
}

beforeEach(async () => {
  await setPlan(api(), 'learner', true);
  await setPlan(api(), 'other', true);
});

describe('the daily cap on stored attempts', () => {
  it(`stores the ${ATTEMPTS_PER_DAY}th attempt of a day, refuses the next with 429 attempt_daily_cap until the oldest is a day old`, async () => {
    await stored('learner', ATTEMPTS_PER_DAY - 1, 20);
    await postPlayed(api(), 'learner');
    const token = await tokenFor('learner');
    const res = await expectRefused(
      api(),
      (a) => a.as('learner').attempts.$post({ json: { token, events: play(token).events } }),
      429,
      ErrorCode.attemptDailyCap,
    );
    expect(res.json.message).toMatch(/24 hours/);
    // The 99 made 20 hours ago leave the window in 4 hours; the one just stored would hold it for a day.
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(4 * 3600 - 60);
    expect(wait).toBeLessThanOrEqual(4 * 3600);
  });

  it('counts only the last 24 hours, and each person on their own', async () => {
    await stored('learner', ATTEMPTS_PER_DAY, 25);
    await stored('learner', ATTEMPTS_PER_DAY - 1, 1);
    await postPlayed(api(), 'learner');
    await stored('other', 5, 1);
    await postPlayed(api(), 'other');
  });

  it('answers an attempt already stored again (the same token and log, its answer lost) at the cap too, storing nothing new', async () => {
    await stored('learner', ATTEMPTS_PER_DAY - 1, 2);
    const token = await tokenFor('learner');
    const { events } = play(token);
    const first = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(first.status).toBe(201);
    const before = await api().snapshot();
    const again = await reply(as('learner').attempts.$post({ json: { token, events } }));
    expect(again).toMatchObject({ status: 200, json: { id: first.json.id } });
    expect(await api().snapshot()).toBe(before);
  });

  it('stores exactly the cap when 30 attempts are sent at once at its edge, and refuses the rest with 429', async () => {
    const room = 12;
    await stored('learner', ATTEMPTS_PER_DAY - room, 2);
    // Each token issued a second apart, so each is its own launch (its own attempt id).
    const launches = await Promise.all(Array.from({ length: 30 }, (_, i) => tokenFor('learner', { ageMs: 10 * 60_000 + i * 1000 })));
    const pool = api().deps.replay;
    // A queue long enough for all 30 at once: the point is the cap, not the replay queue's own 503.
    api().deps.replay = new ReplayPool({ workers: 2, maxQueue: 64 });
    try {
      const answers = await Promise.all(launches.map((token) => reply(as('learner').attempts.$post({ json: { token, events: play(token).events } }))));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array<number>(room).fill(201), ...Array<number>(30 - room).fill(429)]);
      expect(answers.filter((a) => a.status === 429).every((a) => errorOf(a).error === ErrorCode.attemptDailyCap)).toBe(true);
    } finally {
      api().deps.replay = pool;
    }
    const rows = await api().deps.db.db.select({ id: attempts.id }).from(attempts).where(eq(attempts.userId, 'learner'));
    expect(rows).toHaveLength(ATTEMPTS_PER_DAY);
  });
});
