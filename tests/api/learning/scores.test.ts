import { describe, expect, it } from 'vitest';
import { attempt, COURSE, setUp } from '../learning-support.ts';
import { expectRawRefused, expectRefused, typedClient, useApi } from '../support.ts';

describe('GET /learning/scores', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const scores = (who: string | null, course = COURSE) => reply(as(who).learning.scores.$get({ query: { course, lang: 'en' } }));

  it("answers each played case's scores oldest first, against its pass mark and the experts' benchmark; flagged attempts and others' left out", async () => {
    await setUp(api());
    for (const score of [70, 84, 90]) await attempt(api(), 'expert', 1, 2, score);
    await attempt(api(), 'learner', 1, 1, 50, { daysAgo: 3 });
    await attempt(api(), 'learner', 1, 1, 65, { daysAgo: 1 });
    await attempt(api(), 'learner', 1, 1, 100, { flagged: true });
    await attempt(api(), 'learner', 1, 2, 80, { daysAgo: 2 });
    await attempt(api(), 'other', 3, 1, 90);
    const res = await scores('learner');
    expect(res.status).toBe(200);
    expect(res.json.courseId).toBe(COURSE);
    expect(res.json.cases.map((c: any) => [c.module, c.case, c.title, c.passMark, c.passMarkSource, c.benchmark, c.attempts])).toEqual([
      [1, 1, 'A1', 60, 'set', null, 2],
      [1, 2, 'A2', 84, 'benchmark', 84, 1],
    ]);
    expect(res.json.cases[0]!.points.map((p: any) => [p.score, p.passes, p.assessed])).toEqual([
      [50, false, false],
      [65, true, false],
    ]);
    const [older, newer] = res.json.cases[0]!.points.map((p: any) => Date.parse(p.at));
    expect(older).toBeLessThan(newer!);
    expect(res.json.cases[1]!.points.map((p: any) => [p.score, p.passes])).toEqual([[80, false]]);
  });

  it('answers an empty list to someone who has not played, 404 for an unknown course, 401 signed out, 400 without a course', async () => {
    await setUp(api());
    const none = await scores('learner');
    expect(none.status).toBe(200);
    expect(none.json.cases).toEqual([]);
    await expectRefused(api(), (a) => a.as('learner').learning.scores.$get({ query: { course: 'no-such-course' } }), 404);
    await expectRefused(api(), (a) => a.as(null).learning.scores.$get({ query: { course: COURSE } }), 401);
    await expectRawRefused(api(), 'GET', '/learning/scores', { as: 'learner' }, 400);
  });
});
