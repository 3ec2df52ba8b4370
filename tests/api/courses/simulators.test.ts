// Which simulator plays each case: the browser simulator has the fetoscopic laser tasks only, so every other
// procedure is offered in the desktop simulator alone, on the course, in the catalogue, at launch and in progress.
import { describe, expect, it } from 'vitest';
import { paramsOfCase } from '../../../src/domain/simulator/index.ts';
import { signLaunchToken } from '../../../src/server/launch/launch-token.ts';
import { SECRET } from '../attempt-support.ts';
import { expectRawRefused, expectRefused, useApi, validCourse, typedClient, oneCourse } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

const oneModule = (cases: unknown[]) => validCourse({ levels: [{ title: 'Module 1', active: true, cases }] });

describe('a case only the desktop simulator plays', () => {
  it('is seeded for the four courses the browser simulator cannot play (Bronchoscopy → Larynx is a bronchoscopy)', async () => {
    const course = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    expect(course.levels[0]!.cases[0]).toMatchObject({ title: 'Larynx and vocal cords', task: 'bronchoscopy' });
    expect(course.levels[0]!.cases[0]).not.toHaveProperty('sim');
    for (const [id, task] of [
      ['fetal-tracheal-occlusion', 'tracheal-occlusion'],
      ['catheter-placement', 'catheter-placement'],
      ['pleuroamniotic', 'pleuroamniotic-shunt'],
    ] as const) {
      const levels = (await reply(as(null).courses[':id'].$get({ param: { id }, query: {} }))).json.levels;
      expect(new Set(levels.flatMap((l: { cases: Array<{ task?: string }> }) => l.cases.map((c) => c.task)))).toEqual(new Set([task]));
    }
  });

  it('is saved with its procedure and no laser parameters, and the catalogue then says where the course is played', async () => {
    const cases = [
      { title: 'Shunt', bubbles: [], task: 'pleuroamniotic-shunt' },
      { title: 'Laser', bubbles: [] },
    ];
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: oneModule(cases) }))).status).toBe(200);
    const listed = (await reply(as(null).courses.$get({ query: {} }))).json.find((c: { id: string }) => c.id === 'bronchoscopy')!;
    expect(listed.playedIn).toBe('mixed');
  });

  it('refuses a case with both a desktop procedure and laser parameters, and an unknown procedure', async () => {
    const sim = paramsOfCase(undefined, 1, 1);
    await expectRefused(
      api(),
      (a) => a.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: oneModule([{ title: 'Both', bubbles: [], task: 'bronchoscopy', sim }]) }),
      400,
    );
    await expectRefused(
      api(),
      (a) => a.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: oneModule([{ title: 'Unknown', bubbles: [], task: 'cardiac' }]) }),
      400,
    );
  });

  it("says so in the learner's progress, case by case", async () => {
    const res = await reply(as('admin').progress.$get({ query: { course: 'bronchoscopy' } }));
    const simulators = oneCourse(res.json).modules.flatMap((m: { cases: Array<{ simulator: string }> }) => m.cases.map((c) => c.simulator));
    expect(simulators).toEqual(['desktop', 'desktop', 'desktop', 'desktop', 'desktop']);
    const laser = await reply(as('admin').progress.$get({ query: { course: 'fetoscopy-simulator' } }));
    expect(new Set(oneCourse(laser.json).modules.flatMap((m: { cases: Array<{ simulator: string }> }) => m.cases.map((c) => c.simulator)))).toEqual(
      new Set(['browser']),
    );
  });

  it('is not the Fetal tracheal occlusion course any more: the browser plays it on the airway, the catalogue and progress say so', async () => {
    const listed = (await reply(as(null).courses.$get({ query: {} }))).json.find((c: { id: string }) => c.id === 'fetal-tracheal-occlusion')!;
    expect(listed.playedIn).toBe('browser');
    const res = await reply(as('admin').progress.$get({ query: { course: 'fetal-tracheal-occlusion' } }));
    expect(new Set(oneCourse(res.json).modules.flatMap((m: { cases: Array<{ simulator: string }> }) => m.cases.map((c) => c.simulator)))).toEqual(
      new Set(['browser']),
    );
  });

  it('takes no attempt from the browser simulator for its launch', async () => {
    const where = { course: 'bronchoscopy', level: 1, case: 1, caseId: 'm1c1' };
    const token = await signLaunchToken(
      SECRET,
      { uid: 'admin', ...where, variant: 1, sim: paramsOfCase(undefined, 1, 1), task: 'bronchoscopy' },
      new Date(Date.now() - 60_000),
    );
    const events = [{ t: 0, type: 'open', scope: 'straight' }];
    const res = await expectRawRefused(api(), 'POST', '/attempts', { as: 'admin', body: { token, events } }, 400);
    expect(res.json.issues).toEqual([{ path: 'token', message: expect.stringContaining('desktop simulator') }]);
  });
});
