import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { ASSESSMENT_CODE_ALPHABET } from '../../../src/domain/assessment.ts';
import { assessmentWindows } from '../../../src/server/db/schema.ts';
import { claimsOf, inhumanLog, play } from '../attempt-support.ts';
import { COURSE, launchBody, openBody, openWindow, submit, tokenOf, world } from '../assessment-support.ts';
import { GROUPS, pdfText, TOKENS } from '../learning-support.ts';
import { auditTrail, expectRawRefused, expectRefused, useApi, typedClient, oneCourse } from '../support.ts';

const CODE = new RegExp(`^[${ASSESSMENT_CODE_ALPHABET}]{6}$`);

describe('POST /assessments (opening a window)', () => {
  const api = useApi();

  it('refuses a visitor, a learner, and a director of another group', async () => {
    await world(api());
    await expectRefused(api(), (a) => a.as(null).assessments.$post({ json: openBody() }), 401);
    await expectRefused(api(), (a) => a.as('learner').assessments.$post({ json: openBody() }), 403);
    await expectRefused(api(), (a) => a.as('learner').assessments.$post({ json: openBody({ group: undefined }) }), 403);
    await expectRefused(api(), (a) => a.as(TOKENS.elsewhere).assessments.$post({ json: openBody() }), 403);
    // A director names a group they direct: "every learner" is for administrators.
    await expectRefused(api(), (a) => a.as(TOKENS.director).assessments.$post({ json: openBody({ group: undefined }) }), 403);
    // Access is checked first: a director learns nothing of groups that are not theirs.
    await expectRefused(api(), (a) => a.as(TOKENS.director).assessments.$post({ json: openBody({ group: 'no-such-group' }) }), 403);
  });

  it("gives the group's director a six-character code valid for the time asked, audited", async () => {
    await world(api());
    const before = Date.now();
    const window = await openWindow(api(), TOKENS.director, { minutes: 45 });
    expect(window).toMatchObject({
      courseId: COURSE,
      groupId: GROUPS.fellowship,
      groupName: 'Fellowship 2026',
      openedBy: 'director',
      closedAt: null,
      state: 'open',
    });
    expect(window.code).toMatch(CODE);
    expect(Date.parse(window.expiresAt) - Date.parse(window.openedAt)).toBe(45 * 60_000);
    expect(Date.parse(window.openedAt)).toBeGreaterThanOrEqual(before - 1000);
    const [entry] = await auditTrail(api(), `?entity=assessment&id=${window.id}`);
    expect(entry).toMatchObject({ actor: 'director', action: 'create', after: { courseId: COURSE, groupId: GROUPS.fellowship, code: window.code } });
  });

  it('lets an administrator open one for every learner, or for any group', async () => {
    await world(api());
    expect(await openWindow(api(), 'admin', { group: undefined, minutes: 15 })).toMatchObject({ groupId: null, groupName: null, state: 'open' });
    expect(await openWindow(api(), 'admin', { group: GROUPS.residency, minutes: 480 })).toMatchObject({ groupId: GROUPS.residency });
    await expectRefused(api(), (a) => a.as('admin').assessments.$post({ json: openBody({ group: 'no-such-group' }) }), 404);
  });

  it('gives every window a code of its own', async () => {
    await world(api());
    const codes = new Set<string>();
    for (let i = 0; i < 20; i += 1) codes.add((await openWindow(api(), 'admin', { group: undefined })).code);
    expect(codes.size).toBe(20);
  });

  it('refuses a window too short or too long, a fraction of a minute, and unknown fields', async () => {
    await world(api());
    for (const minutes of [14, 481, 30.5, 0, -30]) await expectRefused(api(), (a) => a.as('admin').assessments.$post({ json: openBody({ minutes }) }), 400);
    await expectRefused(api(), (a) => a.as('admin').assessments.$post({ json: openBody({ minutes: undefined }) }), 400);
    await expectRawRefused(api(), 'POST', '/assessments', { as: 'admin', body: { ...openBody(), code: 'ABCDEF' } }, 400);
  });

  it('refuses a course that does not require assessment, and an unknown course', async () => {
    await world(api());
    await expectRefused(api(), (a) => a.as(TOKENS.director).assessments.$post({ json: openBody({ course: 'bronchoscopy' }) }), 409);
    await expectRefused(api(), (a) => a.as('admin').assessments.$post({ json: openBody({ course: 'no-such-course' }) }), 404);
  });
});

describe('GET /assessments and closing a window', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it("lists a course's windows to administrators and to the directors of their groups only", async () => {
    await world(api());
    const mine = await openWindow(api(), TOKENS.director);
    const theirs = await openWindow(api(), TOKENS.elsewhere, { group: GROUPS.residency });
    const everyone = await openWindow(api(), 'admin', { group: undefined });
    await expectRefused(api(), (a) => a.as(null).assessments.$get({ query: { course: COURSE } }), 401);
    await expectRefused(api(), (a) => a.as('learner').assessments.$get({ query: { course: COURSE } }), 403);
    const ids = async (who: string) => (await reply(as(who).assessments.$get({ query: { course: COURSE } }))).json.map((w) => w.id).sort();
    expect(await ids(TOKENS.director)).toEqual([mine.id]);
    expect(await ids(TOKENS.elsewhere)).toEqual([theirs.id]);
    expect(await ids('admin')).toEqual([mine.id, theirs.id, everyone.id].sort());
  });

  it('is closed by its group director or an administrator, not by a learner or another director', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    await expectRefused(api(), (a) => a.as(null).assessments[':id'].close.$post({ param: { id: window.id } }), 401);
    await expectRefused(api(), (a) => a.as('learner').assessments[':id'].close.$post({ param: { id: window.id } }), 403);
    await expectRefused(api(), (a) => a.as(TOKENS.elsewhere).assessments[':id'].close.$post({ param: { id: window.id } }), 403);
    await expectRefused(api(), (a) => a.as('admin').assessments[':id'].close.$post({ param: { id: 'no-such-window' } }), 404);
    const closed = await reply(as(TOKENS.director).assessments[':id'].close.$post({ param: { id: window.id } }));
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ id: window.id, state: 'closed', closedAt: expect.any(String) });
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(window.code) }), 410, ErrorCode.assessmentCodeExpired);
  });
});

describe('POST /launch with an assessment code', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it("assesses a launch of a member of the window's group: the token and its check say so", async () => {
    await world(api());
    const { code } = await openWindow(api(), TOKENS.director);
    // Typed in small letters with a dash in the middle, as a person might.
    const res = await reply(as('learner').launch.$post({ json: launchBody(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`) }));
    expect(res.status).toBe(201);
    expect(res.json.assessed).toBe(true);
    expect((claimsOf(res.json.token) as { asm?: string }).asm).toEqual(expect.any(String));
    expect((await reply(as(null).launch.verify.$get({ query: { token: res.json.token } }))).json).toMatchObject({ userid: 'learner', assessed: true });
    const practice = await reply(as('learner').launch.$post({ json: launchBody() }));
    expect(practice.json.assessed).toBe(false);
    expect((await reply(as(null).launch.verify.$get({ query: { token: practice.json.token } }))).json.assessed).toBe(false);
  });

  it('refuses a wrong code, a code of another group or course, alike', async () => {
    await world(api());
    const { code } = await openWindow(api(), TOKENS.director);
    const unknown = ErrorCode.assessmentCodeUnknown;
    const wrong = [...ASSESSMENT_CODE_ALPHABET].find((ch) => ch !== code[0])! + code.slice(1);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(wrong) }), 400, unknown);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody('abc') }), 400, unknown);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody('') }), 400, unknown);
    // `other` is a member of the residency, not of the fellowship the window was opened for.
    await expectRefused(api(), (a) => a.as('other').launch.$post({ json: launchBody(code) }), 400, unknown);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: { ...launchBody(code), course: 'bronchoscopy' } }), 400, unknown);
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody('A'.repeat(33)) }), 400, ErrorCode.invalidBody);
    await expectRefused(api(), (a) => a.as(null).launch.$post({ json: launchBody(code) }), 401);
  });

  it("admits any entitled learner to an administrator's window for every learner", async () => {
    await world(api());
    const { code } = await openWindow(api(), 'admin', { group: undefined });
    const res = await reply(as('other').launch.$post({ json: launchBody(code) }));
    expect(res.status).toBe(201);
    expect(res.json.assessed).toBe(true);
  });

  it('refuses the code of an expired window', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    await api()
      .deps.db.db.update(assessmentWindows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assessmentWindows.id, window.id));
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(window.code) }), 410, ErrorCode.assessmentCodeExpired);
  });
});

describe('codes tried at launch', () => {
  const api = useApi({ RATE_LIMIT_SCALE: '1' });
  const { as, reply } = typedClient(api);

  it('are limited to ten per user in ten minutes, right or wrong', async () => {
    await world(api());
    const { code } = await openWindow(api(), TOKENS.director);
    for (let i = 0; i < 9; i += 1) expect((await reply(as('learner').launch.$post({ json: launchBody('ZZZZZZ') }))).status).toBe(400);
    expect((await reply(as('learner').launch.$post({ json: launchBody(code) }))).status).toBe(201);
    const limited = await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: launchBody(code) }), 429, ErrorCode.tooManyRequests);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Practice launches are not counted against it.
    expect((await reply(as('learner').launch.$post({ json: launchBody() }))).status).toBe(201);
  });
});

describe('assessed attempts, progress and certificates', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('in a course requiring assessment, only an assessed attempt passes; the certificate names the assessed case', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    const practice = await submit(api(), await tokenOf('learner'));
    expect(practice.score).toBeGreaterThanOrEqual(1);
    const progress = async () => oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    const before = await progress();
    expect(before).toMatchObject({ assessmentRequired: true, complete: false, certificate: null });
    expect(before.modules[0]!.cases[0]).toMatchObject({ state: 'attempted', best: practice.score, assessedBest: null, assessed: false });

    const assessed = await submit(api(), await tokenOf('learner', window.id));
    expect([practice.assessed, assessed.assessed]).toEqual([false, true]);
    const after = await progress();
    expect(after.modules[0]!.cases[0]).toMatchObject({ state: 'passed', assessedBest: assessed.score, assessed: true });
    expect(after.complete).toBe(true);
    // Their director reads the same record.
    expect(
      oneCourse((await reply(as(TOKENS.director).progress.$get({ query: { course: COURSE, userId: 'learner' } }))).json).modules[0]!.cases[0]!.assessed,
    ).toBe(true);

    const certificate = after.certificate;
    // Every case passed in a sitting: an assessed certificate, naming who opened the sitting and when it started.
    const sittings = [{ openedBy: 'Dee Director', startsAt: window.startsAt }];
    expect(certificate).toMatchObject({ kind: 'assessed', sittings });
    const verified = await reply(as(null).certificates[':id'].$get({ param: { id: certificate!.id } }));
    expect(verified.json).toMatchObject({ kind: 'assessed', sittings });
    expect(verified.json.assessedCases).toEqual([{ module: 1, case: 1, title: 'Selective' }]);
    const csv = await api().app.request(`/api/groups/${GROUPS.fellowship}/export.csv`, { headers: { authorization: `Bearer ${TOKENS.director}` } });
    expect(await csv.text()).toContain(`"valid","assessed","Dee Director ${window.startsAt}"`);
    const pdf = await api().app.request(`/api/certificates/${certificate!.id}/pdf?lang=en`, { headers: { authorization: `Bearer ${api().tokens.learner}` } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Module 1, case 1: Selective');
    expect(text).toContain('(assessed)');
    expect(text).toContain('Assessed certificate');
    expect(text).toContain('Each case passed in a supervised sitting: opened by Dee Director on');
    expect(text).not.toContain('Certificate of completion');
  });

  it('an attempt that arrives after its window was closed or expired is stored as practice and passes nothing', async () => {
    await world(api());
    const closing = await openWindow(api(), TOKENS.director);
    const expiring = await openWindow(api(), TOKENS.director);
    const afterClose = await tokenOf('learner', closing.id);
    const afterExpiry = await tokenOf('learner', expiring.id);
    // Both launched while their windows were open; the director closes one and the other runs out before the attempts arrive.
    expect((await reply(as(TOKENS.director).assessments[':id'].close.$post({ param: { id: closing.id } }))).status).toBe(200);
    await api()
      .deps.db.db.update(assessmentWindows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(assessmentWindows.id, expiring.id));
    const closed = await submit(api(), afterClose);
    const expired = await submit(api(), afterExpiry);
    expect([closed.assessed, expired.assessed]).toEqual([false, false]);
    // Sent again, the stored attempt answers the same; the history lists both as practice.
    const again = await reply(as('learner').attempts.$post({ json: { token: afterClose, events: play(afterClose).events } }));
    expect(again).toMatchObject({ status: 200, json: { id: closed.id, assessed: false } });
    const listed = (await reply(as('learner').attempts.$get({ query: { courseId: COURSE } }))).json;
    expect(listed.map((a: { assessed: boolean }) => a.assessed)).toEqual([false, false]);
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(progress.modules[0]!.cases[0]).toMatchObject({ state: 'attempted', assessedBest: null, assessed: false });
    expect(progress.complete).toBe(false);
  });

  it('an assessed attempt that was flagged passes nothing', async () => {
    await world(api());
    const window = await openWindow(api(), TOKENS.director);
    const token = await tokenOf('learner', window.id);
    const res = await reply(as('learner').attempts.$post({ json: { token, events: inhumanLog(token) } }));
    expect(res.json.flagged).toBe(true);
    const progress = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(progress.modules[0]!.cases[0]).toMatchObject({ state: 'notStarted', assessed: false });
  });
});
