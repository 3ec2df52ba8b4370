import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.ts';
import { outlineFacts } from '../../../src/server/pages/outline-facts.ts';
import { attempt, COURSE, passAll, setUp, TOKENS } from '../learning-support.ts';
import { expectRawRefused, expectRefused, useApi, typedClient, oneCourse, everyCourse } from '../support.ts';

describe('GET /progress?course=', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('shows a new learner every case not started, module A open and module B locked behind it', async () => {
    await setUp(api());
    const res = await reply(as('learner').progress.$get({ query: { course: COURSE } }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      courseId: COURSE,
      userId: 'learner',
      proficiencyOrder: true,
      passed: 0,
      total: 3,
      percent: 0,
      complete: false,
      next: { level: 1, case: 1 },
      certificate: null,
    });
    expect(oneCourse(res.json).modules.map((m: any) => [m.level, m.shown, m.title, m.lock])).toEqual([
      [1, 1, 'Module A', null],
      [3, 2, 'Module B', { module: 1, title: 'Module A', remaining: 2 }],
    ]);
    expect(oneCourse(res.json).modules[0]!.cases[0]).toMatchObject({
      title: 'A1',
      passMark: 60,
      passMarkSource: 'set',
      state: 'notStarted',
      best: null,
      attempts: 0,
    });
    expect(oneCourse(res.json).modules[0]!.cases[1]).toMatchObject({ title: 'A2', passMark: 70, passMarkSource: 'default' });
  });

  it('counts the best score against the pass mark, leaves flagged attempts out, and opens module B when A is passed', async () => {
    await setUp(api());
    await attempt(api(), 'learner', 1, 1, 59);
    await attempt(api(), 'learner', 1, 1, 100, { flagged: true });
    let p = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(p.modules[0]!.cases[0]).toMatchObject({ state: 'attempted', best: 59, attempts: 1 });
    await attempt(api(), 'learner', 1, 1, 60);
    await attempt(api(), 'learner', 1, 2, 70);
    p = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(p).toMatchObject({ passed: 2, percent: 66, next: { level: 3, case: 1 } });
    expect(p.modules[0]).toMatchObject({ passed: 2, total: 2, percent: 100 });
    expect(p.modules[1]!.lock).toBeNull();
  });

  it("takes an unset pass mark from the experts' median score on the case", async () => {
    await setUp(api());
    for (const score of [70, 84, 90]) await attempt(api(), 'expert', 1, 2, score);
    await attempt(api(), 'expert', 1, 2, 10, { flagged: true });
    await attempt(api(), 'learner', 1, 2, 80);
    const p = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(p.modules[0]!.cases[1]).toMatchObject({ passMark: 84, passMarkSource: 'benchmark', state: 'attempted', best: 80 });
  });

  it('issues the certificate with the attempt that completes the course, once', async () => {
    await setUp(api());
    await passAll(api(), 'learner');
    const first = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(first).toMatchObject({ complete: true, percent: 100, next: null });
    expect(first.certificate!.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.completedAt).toBe(first.modules[1]!.cases[0]!.passedAt);
    const again = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(again.certificate!.id).toBe(first.certificate!.id);
  });

  it('answers one line per course with active cases without `course`', async () => {
    await setUp(api());
    await attempt(api(), 'learner', 1, 1, 90);
    const res = await reply(as('learner').progress.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(everyCourse(res.json).map((l) => l.courseId)).toContain('fetoscopy-simulator');
    expect(everyCourse(res.json).find((l) => l.courseId === COURSE)).toEqual({
      courseId: COURSE,
      title: 'Laser course',
      passed: 1,
      total: 3,
      percent: 33,
      attempts: 1,
      complete: false,
      certificate: null,
    });
  });

  it("lets admins and the learner's director read it, and nobody else", async () => {
    await setUp(api());
    await attempt(api(), 'learner', 1, 1, 90);
    for (const who of ['admin', TOKENS.director]) {
      expect((await reply(as(who).progress.$get({ query: { course: COURSE, userId: 'learner' } }))).json).toMatchObject({ userId: 'learner', passed: 1 });
    }
    for (const as of ['other', TOKENS.elsewhere])
      await expectRefused(api(), (a) => a.as(as).progress.$get({ query: { course: COURSE, userId: 'learner' } }), 403);
    // A director cannot read another director, nor find out who exists.
    await expectRefused(api(), (a) => a.as(TOKENS.director).progress.$get({ query: { userId: 'elsewhere' } }), 403);
    await expectRefused(api(), (a) => a.as(TOKENS.director).progress.$get({ query: { userId: 'nobody' } }), 403);
  });

  it('refuses the anonymous, unknown courses and users, and bad parameters', async () => {
    await setUp(api());
    await expectRefused(api(), (a) => a.as(null).progress.$get({ query: { course: COURSE } }), 401);
    await expectRefused(api(), (a) => a.as('learner').progress.$get({ query: { course: 'nope' } }), 404);
    await expectRefused(api(), (a) => a.as('admin').progress.$get({ query: { userId: 'nobody' } }), 404);
    await expectRawRefused(api(), 'GET', '/progress?courseId=x', { as: 'learner' }, 400);
    await expectRefused(api(), (a) => a.as('learner').progress.$get({ query: { course: 'x'.repeat(129) } }), 400);
  });

  it('uses the name a learner has when the certificate is issued, and the address when there is none', async () => {
    await setUp(api());
    await api().deps.db.db.update(users).set({ name: '' }).where(eq(users.id, 'learner'));
    await passAll(api(), 'learner');
    const { certificate } = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect((await reply(as(null).certificates[':id'].$get({ param: { id: certificate!.id } }))).json.holderName).toBe('learner');
  });
});

describe('POST /launch in proficiency order', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('refuses a case whose module is not open yet, and opens it once the module before is passed', async () => {
    await setUp(api());
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { isAdmin: false, isPremium: true, subscriptions: [] } }));
    await expectRefused(api(), (a) => a.as('learner').launch.$post({ json: { course: COURSE, level: 3, case: 1 } }), 403);
    expect((await reply(as('learner').launch.$post({ json: { course: COURSE, level: 1, case: 2 } }))).status).toBe(201);
    expect((await reply(as('admin').launch.$post({ json: { course: COURSE, level: 3, case: 1 } }))).status).toBe(201);
    await attempt(api(), 'learner', 1, 1, 60);
    await attempt(api(), 'learner', 1, 2, 70);
    expect((await reply(as('learner').launch.$post({ json: { course: COURSE, level: 3, case: 1 } }))).status).toBe(201);
  });
});

describe('the course page outline before sign-in', () => {
  const api = useApi();

  it('names the plans on sale that include the course (not hidden ones) and the experts’ pass marks', async () => {
    await setUp(api());
    for (const score of [80, 90]) await attempt(api(), 'expert', 1, 2, score);
    const course = (await api().deps.catalogue.course(COURSE))!.value;
    expect(await outlineFacts(api().deps.db, course)).toEqual({ benchmarks: [{ caseId: 'm1c2', score: 85 }], plans: [] });
    const bronchoscopy = (await api().deps.catalogue.course('bronchoscopy'))!.value;
    expect((await outlineFacts(api().deps.db, bronchoscopy)).plans).toEqual([{ id: 'plan-complete', title: 'Complete', price: 499, duration: 12 }]);
    expect((await outlineFacts(api().deps.db, bronchoscopy, 'ar')).plans.map((p) => p.title)).toEqual(['الباقة الكاملة']);
  });
});
