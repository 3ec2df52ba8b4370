// Modules and cases keep their ids wherever they move: learners' attempts, pass marks and certificates follow the
// case they played, a case deleted keeps its attempts' history, and a launch made before a move lands on its case.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Module } from '../../../src/api/courses.ts';
import { paramsOfCase } from '../../../src/domain/simulator/index.ts';
import type { AttemptListItem } from '../../../src/api/attempts.ts';
import type { CourseProgress } from '../../../src/api/progress.ts';
import { play, setPlan, tokenFor, VARIANT } from '../attempt-support.ts';
import { attempt, COURSE, MODULES, setUp } from '../learning-support.ts';
import { expectRawRefused, typedClient, useApi, oneCourse } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

const [moduleA, hidden, moduleB] = MODULES as [Module, Module, Module];
/** A case with the simulator parameters its place gave it as its own, as the editor moves it, so it plays the same. */
const pinned = (level: number, index: number) => ({ ...MODULES[level - 1]!.cases[index - 1]!, sim: paramsOfCase(undefined, level, index) });
/** Module B first, then module A with its two cases swapped: every case at another place. */
const reordered: Module[] = [{ ...moduleB, cases: [pinned(3, 1)] }, { ...moduleA, cases: [pinned(1, 2), pinned(1, 1)] }, hidden];

const publish = async (levels: Module[]) => {
  const draft = await reply(as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: { title: 'Laser course', subtitle: 'Two modules', levels } }));
  expect(draft.status).toBe(200);
  expect((await reply(as('admin').courses[':id'].publish.$post({ param: { id: COURSE } }))).status).toBe(200);
};
const progress = async () => oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json) as CourseProgress;
const caseLines = async () => (await progress()).modules.flatMap((m) => m.cases.map((c) => [m.title, c.title, c.state, c.best, c.passMark]));

beforeEach(() => setUp(api(), false));

describe('ids of modules and cases', () => {
  it('are given to modules and cases sent without one, and kept when sent back', async () => {
    const body = { title: 'Ids', subtitle: 's', levels: [{ title: 'M', active: true, cases: [{ title: 'C', bubbles: [] }] }] };
    const saved = (await reply(as('admin').courses[':id'].$put({ param: { id: COURSE }, json: body }))).json;
    const [module] = saved.levels;
    expect(module).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{8}$/),
      title: 'M',
      active: true,
      cases: [{ id: expect.any(String), title: 'C', bubbles: [] }],
    });
    expect(module!.id).not.toBe(module!.cases[0]!.id);
    const again = (await reply(as('admin').courses[':id'].$put({ param: { id: COURSE }, json: { ...body, levels: saved.levels } }))).json;
    expect(again.levels).toEqual(saved.levels);
  });

  it('refuses an id used twice or malformed, in a course and in a draft, and changes nothing', async () => {
    const twice = [{ ...moduleA, cases: [moduleA.cases[0]!, { ...moduleA.cases[1]!, id: 'm1c1' }] }];
    const body = (levels: unknown) => ({ title: 'T', subtitle: 's', levels });
    for (const path of [`/courses/${COURSE}`, `/courses/${COURSE}/draft`]) {
      const res = await expectRawRefused(api(), 'PUT', path, { as: 'admin', body: body(twice) }, 400);
      expect(res.json.issues).toEqual([{ path: 'levels', message: 'the id m1c1 is used more than once' }]);
      await expectRawRefused(api(), 'PUT', path, { as: 'admin', body: body([{ ...moduleA, id: 'no spaces' }]) }, 400);
      await expectRawRefused(api(), 'PUT', path, { as: 'admin', body: body([{ ...moduleA, id: 'x'.repeat(41) }]) }, 400);
      await expectRawRefused(api(), 'PUT', path, { as: 'admin', body: body([{ ...moduleA, cases: [{ ...moduleA.cases[0]!, id: '' }] }]) }, 400);
    }
  });
});

describe('moving modules and cases', () => {
  it("keeps every learner's attempts, pass and best score on their case, and the experts' pass mark with it", async () => {
    await attempt(api(), 'learner', 1, 1, 65);
    await attempt(api(), 'learner', 1, 2, 40);
    await attempt(api(), 'other', 3, 1, 90);
    await attempt(api(), 'expert', 1, 2, 50);
    const before = await caseLines();
    expect(before).toEqual([
      ['Module A', 'A1', 'passed', 65, 60],
      ['Module A', 'A2', 'attempted', 40, 50],
      ['Module B', 'B1', 'notStarted', null, 70],
    ]);
    await publish(reordered);
    expect(await caseLines()).toEqual([
      ['Module B', 'B1', 'notStarted', null, 70],
      ['Module A', 'A2', 'attempted', 40, 50],
      ['Module A', 'A1', 'passed', 65, 60],
    ]);
    const other = oneCourse((await reply(as('admin').progress.$get({ query: { course: COURSE, userId: 'other' } }))).json);
    expect(other.modules[0]!.cases[0]).toMatchObject({ title: 'B1', state: 'passed', best: 90 });
    // Lists name each attempt's case where it stands now.
    const listed = (await reply(as('learner').attempts.$get({ query: { courseId: COURSE } }))).json as AttemptListItem[];
    expect(listed.map((a) => [a.caseTitle, a.level, a.case]).sort()).toEqual([
      ['A1', 2, 2],
      ['A2', 2, 1],
    ]);
    const summary = (await reply(as('learner').attempts.summary.$get({ query: { courseId: COURSE } }))).json as Array<{
      caseId: string;
      level: number;
      case: number;
      bestScore: number;
    }>;
    expect(summary.map((s) => [s.caseId, s.level, s.case, s.bestScore])).toEqual([
      ['m1c2', 2, 1, 40],
      ['m1c1', 2, 2, 65],
    ]);
  });

  it('keeps what a moved case played at its old place whoever sends the new order, in a draft and in a course saved at once', async () => {
    // The order as a client other than the editor sends it: moved, without the parameters of the old places.
    const swapped: Module[] = [{ ...moduleA, cases: [moduleA.cases[1]!, moduleA.cases[0]!] }, hidden, moduleB];
    const expected = [paramsOfCase(undefined, 1, 2), paramsOfCase(undefined, 1, 1)];
    expect(expected[0]).not.toEqual(paramsOfCase(undefined, 1, 1));
    const body = { title: 'Laser course', subtitle: 'Two modules', levels: swapped };
    const draft = await reply(as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: body }));
    expect(draft.json.course.levels[0]!.cases.map((c: { sim?: unknown }) => c.sim)).toEqual(expected);
    // Sent again as it came back, nothing moves further: the parameters stay those the cases played.
    const again = await reply(as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: { ...body, levels: draft.json.course.levels } }));
    expect(again.json.course.levels[0]!.cases.map((c: { sim?: unknown }) => c.sim)).toEqual(expected);
    const saved = await reply(as('admin').courses[':id'].$put({ param: { id: COURSE }, json: body }));
    expect(saved.json.levels[0]!.cases.map((c: { sim?: unknown }) => c.sim)).toEqual(expected);
    // A case that sets its own parameters keeps them.
    const own = { ...moduleA.cases[1]!, sim: expected[1]! };
    const kept = await reply(
      as('admin').courses[':id'].$put({ param: { id: COURSE }, json: { ...body, levels: [{ ...moduleA, cases: [own, moduleA.cases[0]!] }, hidden, moduleB] } }),
    );
    expect(kept.json.levels[0]!.cases[0]!.sim).toEqual(expected[1]);
  });

  it('stores an attempt launched before a move on the case launched, not on the one now at its place', async () => {
    await setPlan(api(), 'learner', true);
    const fetoscopy = (await reply(as(null).courses[':id'].$get({ param: { id: 'fetoscopy-simulator' }, query: {} }))).json;
    const token = await tokenFor('learner', { variant: VARIANT });
    const [first, second, ...rest] = fetoscopy.levels;
    const moved = [second!, first!, ...rest];
    const { id: _id, ...course } = fetoscopy;
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'fetoscopy-simulator' }, json: { ...course, levels: moved } }))).status).toBe(200);
    const res = await reply(as('learner').attempts.$post({ json: { token, events: play(token, 'all').events } }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ caseId: 'm2c1', level: 2, case: 1 });
    const mine = oneCourse((await reply(as('learner').progress.$get({ query: { course: 'fetoscopy-simulator' } }))).json);
    expect(mine.modules[0]!.cases[0]).toMatchObject({ title: second!.cases[0]!.title, attempts: 1 });
    expect(mine.modules[1]!.cases[0]).toMatchObject({ title: first!.cases[0]!.title, attempts: 0 });
  });
});

describe('deleting a case with attempts', () => {
  it('keeps its attempts as history, counts them for no case, and gives none to a case put at its place', async () => {
    await attempt(api(), 'learner', 1, 1, 65);
    await publish([{ ...moduleA, cases: [{ id: 'fresh', title: 'Replacement', bubbles: [] }, moduleA.cases[1]!] }, hidden, moduleB]);
    expect(await caseLines()).toEqual([
      ['Module A', 'Replacement', 'notStarted', null, 70],
      ['Module A', 'A2', 'notStarted', null, 70],
      ['Module B', 'B1', 'notStarted', null, 70],
    ]);
    const listed = (await reply(as('learner').attempts.$get({ query: { courseId: COURSE } }))).json;
    expect(listed).toEqual([expect.objectContaining({ caseId: 'm1c1', caseTitle: null, level: 1, case: 1, score: 65 })]);
    // The course has history, so deleting it archives it and keeps the attempt.
    expect((await reply(as('admin').courses[':id'].$delete({ param: { id: COURSE }, query: {} }))).status).toBe(204);
    expect((await reply(as('learner').attempts.$get({ query: {} }))).json).toHaveLength(1);
  });
});
