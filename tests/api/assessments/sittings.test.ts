import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { issueIfComplete } from '../../../src/server/certificates/index.ts';
import { assessmentLaunches, attempts } from '../../../src/server/db/schema.ts';
import { inhumanLog, play } from '../attempt-support.ts';
import { launchBody, openBody, openWindow, world } from '../assessment-support.ts';
import type { TestApi } from '../harness.ts';
import { GROUPS, ROLES, TOKENS, type Role } from '../learning-support.ts';
import { auditTrail, expectRawRefused, expectRefused, typedClient, useApi, oneCourse } from '../support.ts';

const DAY = 86_400_000;

/** A launch with the code, made `minutesAgo` in the past (so a log of that length may be sent now): the token, or the refusal. */
async function launchAgo(api: TestApi, as: string, code: string, minutesAgo = 10) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - minutesAgo * 60_000);
  try {
    return await api.reply(api.as(as).launch.$post({ json: launchBody(code) }));
  } finally {
    vi.useRealTimers();
  }
}

/** A window opened `minutesAgo` in the past for 30 minutes, as `as`. */
async function openedAgo(api: TestApi, as: string, over: Record<string, unknown> = {}, minutesAgo = 10) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - minutesAgo * 60_000);
  try {
    return await openWindow(api, as, over);
  } finally {
    vi.useRealTimers();
  }
}

const send = (api: TestApi, as: string, token: string, events = play(token).events) => api.reply(api.as(as).attempts.$post({ json: { token, events } }));

/** Each role's answer to a request: the status alone. */
async function statuses(api: TestApi, method: string, path: string, body?: unknown) {
  const out: Partial<Record<Role, number>> = {};
  for (const [role, as] of Object.entries(ROLES) as Array<[Role, string | null]>)
    out[role] = (await api.call(method, path, { ...(as === null ? {} : { as }), ...(body === undefined ? {} : { body }) })).status;
  return out;
}

afterEach(() => vi.useRealTimers());

describe('sittings scheduled ahead and for named learners', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('a director schedules a sitting for tomorrow: listed as scheduled, its code refused until it starts', async () => {
    await world(api());
    const startsAt = new Date(Date.now() + DAY).toISOString();
    const window = await openWindow(api(), TOKENS.director, { startsAt, minutes: 60 });
    expect(window).toMatchObject({ state: 'scheduled', startsAt, openedByName: 'Dee Director', learners: [] });
    expect(Date.parse(window.expiresAt) - Date.parse(startsAt)).toBe(60 * 60_000);
    const listed = (await reply(as(TOKENS.director).assessments.$get({ query: { course: 'asm-course' } }))).json;
    expect(listed.map((w: { id: string; state: string }) => [w.id, w.state])).toEqual([[window.id, 'scheduled']]);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(window.code) }), 409, ErrorCode.assessmentNotStarted);
    const [entry] = await auditTrail(api(), `?entity=assessment&id=${window.id}`);
    expect(entry.after).toMatchObject({ startsAt, learners: [] });
  });

  it('refuses a start in the past or more than 90 days ahead', async () => {
    await world(api());
    for (const startsAt of [new Date(Date.now() - 60 * 60_000).toISOString(), new Date(Date.now() + 91 * DAY).toISOString(), 'tomorrow'])
      await expectRefused(api(), (a) => a.as(TOKENS.director).assessments.$post({ json: openBody({ startsAt }) }), 400);
  });

  it('a sitting for named learners admits only them; a director names members of their group only', async () => {
    await world(api());
    const named = await openWindow(api(), TOKENS.director, { learners: ['learner'] });
    expect(named.learners).toEqual([{ id: 'learner', name: 'Lea Learner' }]);
    await expectRefused(api(), (a) => a.as(TOKENS.director).assessments.$post({ json: openBody({ learners: ['other'] }) }), 400);
    await expectRefused(api(), (a) => a.as(TOKENS.director).assessments.$post({ json: openBody({ learners: ['director'] }) }), 400);
    await expectRefused(api(), (a) => a.as('admin').assessments.$post({ json: openBody({ group: undefined, learners: ['nobody'] }) }), 400);
    // An administrator's sitting for every learner, named: `learner` is refused as an unknown code would be.
    const forOther = await openWindow(api(), 'admin', { group: undefined, learners: ['other'] });
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(forOther.code) }), 400, ErrorCode.assessmentCodeUnknown);
    expect((await reply(as('other').launch.$post({ json: launchBody(forOther.code) }))).status).toBe(201);
    expect((await reply(as('learner').launch.$post({ json: launchBody(named.code) }))).status).toBe(201);
  });
});

describe('every assessed launch on record', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('records each launch at once and allows one per case and sitting', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    const first = await reply(as('learner').launch.$post({ json: launchBody(window.code) }));
    expect(first.status).toBe(201);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(window.code) }), 409, ErrorCode.assessmentLaunchUsed);
    // Practice launches are not counted.
    expect((await reply(as('learner').launch.$post({ json: launchBody() }))).status).toBe(201);
    const record = await reply(as(TOKENS.director).assessments[':id'].launches.$get({ param: { id: window.id } }));
    expect(record.status).toBe(200);
    expect(record.json.launches).toEqual([
      expect.objectContaining({ userId: 'learner', learnerName: 'Lea Learner', caseId: 'm1c1', level: 1, case: 1, seq: 1, fate: 'pending', score: null }),
    ]);
  });

  it('two launches at once take one place: one is refused', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    const both = await Promise.all([0, 1].map(() => reply(as('learner').launch.$post({ json: launchBody(window.code) }))));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await api().deps.db.db.select().from(assessmentLaunches)).toHaveLength(1);
  });

  it('shows each launch with its fate: sent, flagged, expired, abandoned', async () => {
    await world(api());
    const window = await openedAgo(api(), TOKENS.director);
    const grant = (caseId = 'm1c1') =>
      reply(as(TOKENS.director).assessments[':id'].grants.$post({ param: { id: window.id }, json: { learner: 'learner', caseId, reason: 'Power cut' } }));
    const launched: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      if (i > 0) expect((await grant()).status).toBe(201);
      const res = await launchAgo(api(), 'learner', window.code);
      expect(res.status).toBe(201);
      launched.push(res.json.token);
    }
    const [sent, flagged, abandoned, late] = launched as [string, string, string, string];
    expect((await send(api(), 'learner', sent)).json).toMatchObject({ assessed: true, flagged: false });
    expect((await send(api(), 'learner', flagged, inhumanLog(flagged))).json.flagged).toBe(true);
    await api()
      .deps.db.db.update(assessmentLaunches)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assessmentLaunches.seq, 3));
    expect((await reply(as(TOKENS.director).assessments[':id'].close.$post({ param: { id: window.id } }))).status).toBe(200);
    expect((await send(api(), 'learner', late)).json.assessed).toBe(false);
    const record = (await reply(as(TOKENS.director).assessments[':id'].launches.$get({ param: { id: window.id } }))).json;
    expect(record.launches.map((l: { seq: number; fate: string }) => [l.seq, l.fate])).toEqual([
      [1, 'sent'],
      [2, 'flagged'],
      [3, 'abandoned'],
      [4, 'expired'],
    ]);
    // The flagged launch says why, in the words the history and the debrief use; the others carry no reason.
    expect(record.launches.map((l: { flags: string[] }) => l.flags.length > 0)).toEqual([false, true, false, false]);
    expect(record.launches[1]!.flags).toEqual(expect.arrayContaining(['rate']));
    expect(record.launches[0]!.score).toEqual(expect.any(Number));
    expect(record.launches[2]!.score).toBeNull();
    expect(record.grants).toHaveLength(3);
    expect(record.grants[0]).toMatchObject({ userId: 'learner', caseId: 'm1c1', reason: 'Power cut', grantedBy: 'director' });
    expect(abandoned).not.toBe(sent);
  });

  it('a grant allows exactly one more launch, is audited, and is refused for a case or learner outside the sitting', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    expect((await reply(as('learner').launch.$post({ json: launchBody(window.code) }))).status).toBe(201);
    const path = `/assessments/${window.id}/grants`;
    const body = { learner: 'learner', caseId: 'm1c1', reason: 'The browser crashed' };
    await expectRawRefused(api(), 'POST', path, { as: TOKENS.director, body: { ...body, caseId: 'nope' } }, 400);
    await expectRawRefused(api(), 'POST', path, { as: TOKENS.director, body: { ...body, learner: 'other' } }, 400);
    await expectRawRefused(api(), 'POST', path, { as: TOKENS.director, body: { ...body, reason: '  ' } }, 400);
    await expectRawRefused(api(), 'POST', path, { as: TOKENS.director, body: { ...body, extra: 1 } }, 400);
    const granted = await reply(as(TOKENS.director).assessments[':id'].grants.$post({ param: { id: window.id }, json: body }));
    expect(granted.status).toBe(201);
    expect(granted.json).toMatchObject({ userId: 'learner', caseId: 'm1c1', reason: body.reason, grantedBy: 'director', learnerName: 'Lea Learner' });
    expect((await reply(as('learner').launch.$post({ json: launchBody(window.code) }))).status).toBe(201);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(window.code) }), 409, ErrorCode.assessmentLaunchUsed);
    const trail = await auditTrail(api(), `?entity=assessment&id=${window.id}`);
    expect(trail.map((e: { after: unknown }) => e.after)).toContainEqual({ grant: { userId: 'learner', caseId: 'm1c1', reason: 'The browser crashed' } });
  });
});

describe('launches and grants by role', () => {
  const api = useApi();

  it("are read by administrators and the sitting's directors only", async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    expect(await statuses(api(), 'GET', `/assessments/${window.id}/launches`)).toEqual({
      anonymous: 401,
      learner: 403,
      other: 403,
      elsewhere: 403,
      director: 200,
      admin: 200,
    });
    await expectRefused(api(), (a) => a.as('admin').assessments[':id'].launches.$get({ param: { id: 'no-such-window' } }), 404);
    await expectRefused(api(), (a) => a.as(TOKENS.elsewhere).assessments[':id'].launches.$get({ param: { id: window.id } }), 403);
  });

  it("are granted by administrators and the sitting's directors only", async () => {
    await world(api());
    const window = await openWindow(api(), 'admin', { group: GROUPS.fellowship });
    const body = { learner: 'learner', caseId: 'm1c1', reason: 'Second chance' };
    expect(await statuses(api(), 'POST', `/assessments/${window.id}/grants`, body)).toEqual({
      anonymous: 401,
      learner: 403,
      other: 403,
      elsewhere: 403,
      director: 201,
      admin: 201,
    });
    await expectRefused(api(), (a) => a.as('admin').assessments[':id'].grants.$post({ param: { id: 'no-such-window' }, json: body }), 404);
    await expectRefused(api(), (a) => a.as('learner').assessments[':id'].grants.$post({ param: { id: window.id }, json: body }), 403);
  });

  it('opening a scheduled sitting for named learners: the same roles as any window', async () => {
    await world(api());
    const body = openBody({ startsAt: new Date(Date.now() + DAY).toISOString(), learners: ['learner'] });
    expect(await statuses(api(), 'POST', '/assessments', body)).toEqual({
      anonymous: 401,
      learner: 403,
      other: 403,
      elsewhere: 403,
      director: 201,
      admin: 201,
    });
  });
});

describe("a learner's record reviewed as a whole", () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('shows the director a jump from novice to near-perfect, and fails or passes nobody for it', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director, { learners: ['learner'] });
    const base = Date.now() - 60 * 60_000;
    const row = (i: number, score: number, assessmentId: string | null) => ({
      id: `review-${i}`,
      userId: 'learner',
      courseId: 'asm-course',
      caseId: 'm1c1',
      level: 1,
      caseIndex: 1,
      variant: i,
      score,
      metrics: { surgeryTimeMs: 200_000 + i * 17_000 },
      assessmentId,
      createdAt: new Date(base + i * 9 * 60_000 + (i % 2) * 70_000),
    });
    await api()
      .deps.db.db.insert(attempts)
      .values([row(0, 18, null), row(1, 26, null), row(2, 31, null), row(3, 98, window.id)]);
    // As storing the last of them does.
    await issueIfComplete(api().deps.db.db, 'learner', (await api().deps.catalogue.course('asm-course'))!.value);
    const record = (await reply(as(TOKENS.director).assessments[':id'].launches.$get({ param: { id: window.id } }))).json;
    expect(record.reviews).toEqual([{ userId: 'learner', learnerName: 'Lea Learner', flags: [{ kind: 'jump', from: 25, to: 98 }] }]);
    // For review only: the assessed attempt still passes the case, and the certificate is issued.
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: 'asm-course' } }))).json);
    expect(progress.modules[0]!.cases[0]).toMatchObject({ state: 'passed', assessed: true });
    expect(progress.certificate).toMatchObject({ kind: 'assessed' });
  });

  it('shows nothing when a record holds nothing rare', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director, { learners: ['learner'] });
    const record = (await reply(as('admin').assessments[':id'].launches.$get({ param: { id: window.id } }))).json;
    expect(record.reviews).toEqual([]);
  });
});

describe('the seeded fetoscopy course', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('requires assessment: its certificate is an assessed one', async () => {
    const course = await reply(as(null).courses[':id'].$get({ param: { id: 'fetoscopy-simulator' }, query: {} }));
    expect(course.json.assessmentRequired).toBe(true);
  });
});

describe("a learner's own sittings", () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('lists the scheduled and open sittings that admit the caller, earliest first, without their codes', async () => {
    await world(api());
    const tomorrow = new Date(Date.now() + DAY).toISOString();
    const later = await openWindow(api(), TOKENS.director, { startsAt: tomorrow, learners: ['learner'] });
    const now = await openWindow(api(), TOKENS.director);
    // Not for `learner`: named for someone else, of another group, closed.
    await openWindow(api(), 'admin', { group: undefined, learners: ['other'] });
    await openWindow(api(), TOKENS.elsewhere, { group: GROUPS.residency });
    const closed = await openWindow(api(), TOKENS.director);
    await reply(as(TOKENS.director).assessments[':id'].close.$post({ param: { id: closed.id } }));
    const mine = await reply(as('learner').assessments.mine.$get({ query: { course: 'asm-course' } }));
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual([
      {
        id: now.id,
        courseId: 'asm-course',
        groupName: 'Fellowship 2026',
        openedByName: 'Dee Director',
        startsAt: now.startsAt,
        expiresAt: now.expiresAt,
        state: 'open',
      },
      {
        id: later.id,
        courseId: 'asm-course',
        groupName: 'Fellowship 2026',
        openedByName: 'Dee Director',
        startsAt: tomorrow,
        expiresAt: later.expiresAt,
        state: 'scheduled',
      },
    ]);
    expect(JSON.stringify(mine.json)).not.toContain(now.code);
  });

  it('answers each caller their own: none to a director or an administrator who sits none, 401 to a visitor', async () => {
    await world(api());
    await openWindow(api(), TOKENS.director);
    const admitted = await openWindow(api(), 'admin', { group: undefined, learners: ['other'] });
    const ids = async (who: string) => (await reply(as(who).assessments.mine.$get({ query: { course: 'asm-course' } }))).json.map((w: { id: string }) => w.id);
    expect(await ids('other')).toEqual([admitted.id]);
    expect(await ids(TOKENS.director)).toEqual([]);
    expect(await ids(TOKENS.elsewhere)).toEqual([]);
    expect(await ids('admin')).toEqual([]);
    await expectRefused(api(), (a) => a.as(null).assessments.mine.$get({ query: { course: 'asm-course' } }), 401);
    await expectRawRefused(api(), 'GET', '/assessments/mine', { as: 'learner' }, 400);
  });
});
