// What deleting a case or a module touches, as the course editor asks before it does: attempts and learners per case,
// certificates issued, the plans that include the course; for administrators only.
import { beforeEach, describe, expect, it } from 'vitest';
import { certificates, plans } from '../../../src/server/db/schema.ts';
import { attempt, COURSE, ROLES, setUp } from '../learning-support.ts';
import { expectRawRefused, expectRefused, typedClient, useApi } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const impactOf = (id: string) => reply(as('admin').courses[':id'].impact.$get({ param: { id }, query: {} }));

beforeEach(() => setUp(api()));

describe('GET /courses/{id}/impact', () => {
  it('counts attempts and distinct learners per case id and per module id (flagged ones too), certificates issued and the plans including the course', async () => {
    await attempt(api(), 'learner', 1, 1, 40);
    await attempt(api(), 'learner', 1, 1, 70);
    await attempt(api(), 'other', 1, 1, 20, { flagged: true });
    await attempt(api(), 'other', 3, 1, 90);
    await attempt(api(), 'other', 1, 2, 55);
    await attempt(api(), 'learner', 1, 2, 90, { course: 'bronchoscopy' });
    const db = api().deps.db.db;
    await db
      .insert(certificates)
      .values({ id: 'cert-1', userId: 'other', courseId: COURSE, holderName: 'O', courseTitle: 'Laser course', cases: [], completedAt: new Date() });
    await db.insert(plans).values([
      { id: 'p-laser', title: 'Laser plan', price: 10, duration: 1, description: 'x', courses: [COURSE, 'bronchoscopy'], visibility: false },
      { id: 'p-other', title: 'Other plan', price: 10, duration: 1, description: 'x', courses: ['bronchoscopy'] },
    ]);
    const res = await impactOf(COURSE);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      cases: { m1c1: { attempts: 3, learners: 2 }, m1c2: { attempts: 1, learners: 1 }, m3c1: { attempts: 1, learners: 1 } },
      modules: { m1: { attempts: 4, learners: 2 }, m3: { attempts: 1, learners: 1 } },
      certificates: 1,
      plans: ['Laser plan'],
    });
  });

  it("names the plans in the language asked for, English where a plan has none, in that language's order", async () => {
    await api()
      .deps.db.db.insert(plans)
      .values([
        { id: 'p-b', title: 'Basic plan', price: 10, duration: 1, description: 'x', courses: [COURSE], translations: { fr: { title: 'Offre zéro' } } },
        { id: 'p-a', title: 'All access', price: 10, duration: 1, description: 'x', courses: [COURSE] },
      ]);
    const inFrench = await reply(as('admin').courses[':id'].impact.$get({ param: { id: COURSE }, query: { lang: 'fr' } }));
    expect(inFrench.json.plans).toEqual(['All access', 'Offre zéro']);
    expect((await impactOf(COURSE)).json.plans).toEqual(['All access', 'Basic plan']);
    await expectRawRefused(api(), 'GET', `/courses/${COURSE}/impact?lang=xx`, { as: ROLES.admin }, 400);
  });

  it('answers nothing played, nothing issued and no plan for a course nobody has taken', async () => {
    expect((await impactOf(COURSE)).json).toEqual({ cases: {}, modules: {}, certificates: 0, plans: [] });
  });

  it('answers 404 for a course that does not exist', async () => {
    await expectRefused(api(), (a) => a.as(ROLES.admin).courses[':id'].impact.$get({ param: { id: 'no-such-course' }, query: {} }), 404);
  });

  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['director', 403],
  ] as const)('refuses %s (%i)', async (who, status) => {
    await attempt(api(), 'learner', 1, 1, 40);
    await expectRefused(api(), (a) => a.as(ROLES[who]).courses[':id'].impact.$get({ param: { id: COURSE }, query: {} }), status);
  });
});
