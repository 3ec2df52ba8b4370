import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toDate, toTimestamp } from '../../../src/domain/time.ts';
import { users } from '../../../src/server/db/schema.ts';
import { token } from '../harness.ts';
import type { TestApi } from '../harness.ts';
import { attempt } from '../learning-support.ts';
import { buyPlan, expectRawRefused, expectRefused, HIDDEN_PLAN, SEEDED_COURSES, typedClient, useApi } from '../support.ts';

/** Gives `uid` a subscription to `planId` that ends `days` days from now (in the past when negative), as an admin's save would. */
async function subscribe(api: TestApi, uid: string, planId: string, days: number) {
  const end = new Date(Date.now() + days * 86_400_000);
  const sub = { provider: 'test', plan_name: planId, product_id: planId, subscription_id: `${uid}-${planId}-${days}`, next_billing_time: toTimestamp(end) };
  await api.deps.db.db
    .update(users)
    .set({ subscriptions: [sub] })
    .where(eq(users.id, uid));
  api.deps.userCache.forget(uid);
  return end;
}

describe('GET /learning', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  const mine = async (who: string, lang: 'en' | 'es' = 'en') => {
    const res = await reply(as(who).learning.$get({ query: { lang } }));
    expect(res.status).toBe(200);
    return res.json as { courses: any[]; offers: { courseId: string; title: string }[] };
  };

  it('shows a learner without a plan nothing held and every course on sale to buy, in catalogue order', async () => {
    const home = await mine('learner');
    expect(home.courses).toEqual([]);
    expect(home.offers.map((o) => o.courseId)).toEqual(SEEDED_COURSES);
  });

  it('lists a bought course with its end date, progress and the first case to continue with, and offers the others', async () => {
    await buyPlan(api(), 'learner', 'plan-fetoscopy');
    const { subscriptions } = (await reply(as('learner').users[':id'].$get({ param: { id: 'learner' } }))).json;
    const home = await mine('learner');
    expect(home.courses).toEqual([
      expect.objectContaining({
        courseId: 'fetoscopy-simulator',
        held: true,
        until: toDate(subscriptions[0]!.next_billing_time).toISOString(),
        passed: 0,
        attempts: 0,
        complete: false,
        next: { level: 1, case: 1, module: 1 },
        certificate: null,
      }),
    ]);
    expect(home.courses[0].total).toBeGreaterThan(0);
    expect(home.offers.map((o) => o.courseId)).toEqual(SEEDED_COURSES.filter((c) => c !== 'fetoscopy-simulator'));
  });

  it('moves Continue on past the passed cases and counts the pass marks reached: in the fetoscopy course, only assessed attempts pass', async () => {
    await subscribe(api(), 'learner', 'plan-fetoscopy', 30);
    await attempt(api(), 'learner', 1, 1, 100, { course: 'fetoscopy-simulator' });
    expect((await mine('learner')).courses[0]).toMatchObject({ passed: 0, attempts: 1, next: { level: 1, case: 1, module: 1 } });
    await attempt(api(), 'learner', 1, 1, 100, { course: 'fetoscopy-simulator', assessmentId: 'a-sitting' });
    expect((await mine('learner')).courses[0]).toMatchObject({ passed: 1, attempts: 2, next: { level: 1, case: 2, module: 1 } });
  });

  it('counts the cases to the certificate by the rule that issues it, and names its kind: assessed where the course requires assessment', async () => {
    await subscribe(api(), 'learner', HIDDEN_PLAN, 10);
    const course = async (id: string) => (await mine('learner')).courses.find((c) => c.courseId === id);
    const fetoscopy = await course('fetoscopy-simulator');
    expect(fetoscopy.certificateOutlook).toEqual({ casesLeft: fetoscopy.total, kind: 'assessed' });
    const bronchoscopy = await course('bronchoscopy');
    expect(bronchoscopy.certificateOutlook).toEqual({ casesLeft: bronchoscopy.total, kind: 'completion' });
    // Practice passes nothing in a course requiring assessment; an assessed pass brings the certificate one case nearer.
    await attempt(api(), 'learner', 1, 1, 100, { course: 'fetoscopy-simulator' });
    expect((await course('fetoscopy-simulator')).certificateOutlook).toEqual({ casesLeft: fetoscopy.total, kind: 'assessed' });
    await attempt(api(), 'learner', 1, 1, 100, { course: 'fetoscopy-simulator', assessmentId: 'a-sitting' });
    expect((await course('fetoscopy-simulator')).certificateOutlook).toEqual({ casesLeft: fetoscopy.total - 1, kind: 'assessed' });
  });

  it('answers titles in the language asked for', async () => {
    await subscribe(api(), 'learner', 'plan-fetoscopy', 30);
    const catalogue = (await reply(as(null).courses.$get({ query: { lang: 'es' } }))).json as { id: string; title: string }[];
    const title = (id: string) => catalogue.find((c) => c.id === id)!.title;
    const home = await mine('learner', 'es');
    expect(home.courses[0].title).toBe(title('fetoscopy-simulator'));
    expect(home.courses[0].title).not.toBe((await mine('learner', 'en')).courses[0].title);
    expect(home.offers.map((o) => o.title)).toEqual(home.offers.map((o) => title(o.courseId)));
  });

  it('lists the courses of a hidden plan the learner holds', async () => {
    await subscribe(api(), 'learner', HIDDEN_PLAN, 10);
    const home = await mine('learner');
    expect(home.courses.map((c) => [c.courseId, c.held])).toEqual([
      ['fetoscopy-simulator', true],
      ['bronchoscopy', true],
    ]);
  });

  it('keeps a course whose access ended while the learner has played it, with the end date and no Continue; an unplayed one is offered again', async () => {
    const ended = await subscribe(api(), 'learner', 'plan-fetoscopy', -5);
    expect((await mine('learner')).courses).toEqual([]);
    await attempt(api(), 'learner', 1, 1, 40, { course: 'fetoscopy-simulator' });
    const home = await mine('learner');
    expect(home.courses).toEqual([
      expect.objectContaining({ courseId: 'fetoscopy-simulator', held: false, until: ended.toISOString(), attempts: 1, next: null }),
    ]);
    expect(home.offers.map((o) => o.courseId)).not.toContain('fetoscopy-simulator');
  });

  it('gives an administrator every course, with no end, and nothing to buy', async () => {
    const home = await mine('admin');
    expect(home.courses.map((c) => c.courseId)).toEqual(SEEDED_COURSES);
    expect(home.courses.every((c) => c.held && c.until === null)).toBe(true);
    expect(home.offers).toEqual([]);
  });

  it('is the caller’s own: anonymous 401, a token without a profile 404, a bad language 400, none of them changing anything', async () => {
    await expectRefused(api(), (a) => a.as(null).learning.$get({ query: {} }), 401);
    await expectRefused(api(), (a) => a.as(token('nobody-here')).learning.$get({ query: {} }), 404);
    await expectRawRefused(api(), 'GET', '/learning?lang=xx', { as: 'learner' }, 400);
    await expectRawRefused(api(), 'GET', '/learning?userId=other', { as: 'learner' }, 400);
  });
});
