import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/api/errors.ts';
import { ATTEMPTS_PER_DAY } from '../../src/server/attempts/daily-cap.ts';
import { attempts } from '../../src/server/db/schema.ts';
import { play, postPlayed, setPlan, tokenFor } from './attempt-support.ts';
import { expectRefused, typedClient, useApi } from './support.ts';

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
    const res = await expectRefused(api(), 'POST', '/attempts', { as: 'learner', body: { token, events: play(token).events } }, 429, ErrorCode.attemptDailyCap);
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
});
