import { describe, expect, it } from 'vitest';
import { auditTrail, CALLERS, expectRawRefused, expectRefused, SEEDED_COURSES, useApi, validCourse, withSecondInstance, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const everyone = Object.keys(CALLERS) as Array<keyof typeof CALLERS>;
const nonAdmins = [
  ['anonymous', 401],
  ['learner', 403],
  ['other', 403],
] as const;

/** What a course created without them has: no outcomes, length or translations, in open order. */
const NEW_FIELDS = { proficiencyOrder: false, assessmentRequired: false, outcomes: [], durationMinutes: null, translations: {} };

const moduleOf = (cases: number, over: Record<string, unknown> = {}) => ({
  title: 'Module',
  active: true,
  cases: Array.from({ length: cases }, (_, i) => ({ title: `Case ${i + 1}`, bubbles: [] })),
  ...over,
});

describe('GET /courses', () => {
  it.each(everyone)('lists the catalogue (id, title, subtitle, picture, length, where it is played) for %s', async (who) => {
    const res = await reply(as(CALLERS[who]).courses.$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json.map((c: { id: string }) => c.id)).toEqual(SEEDED_COURSES);
    expect(res.json[0]).toEqual({
      id: 'fetoscopy-simulator',
      title: 'Fetoscopy simulator',
      subtitle: 'Laser coagulation of placental anastomoses with the Solomon technique.',
      thumbnail: expect.stringMatching(/^\/api\/images\/[a-f0-9]{24}\.webp$/),
      durationMinutes: 240,
      playedIn: 'browser',
    });
    // The browser plays the fetoscopy course's laser tasks and tracheal occlusion on the airway; the other three are desktop procedures.
    expect(res.json.map((c: { playedIn: string }) => c.playedIn)).toEqual(['browser', 'desktop', 'browser', 'desktop', 'desktop']);
  });
});

describe('GET /courses/{id}', () => {
  it.each(everyone)('answers a course with its modules and cases for %s', async (who) => {
    const res = await reply(as(CALLERS[who]).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: 'bronchoscopy', title: 'Bronchoscopy', durationMinutes: 90, thumbnail: expect.stringMatching(/^\/api\/images\//) });
    expect(res.json.outcomes).toHaveLength(3);
    expect(res.json.levels.map((l: { cases: unknown[] }) => l.cases.length)).toEqual([2, 3]);
    expect(res.json.levels[0]!.cases[0]).toMatchObject({
      title: 'Larynx and vocal cords',
      bubbles: [],
      translations: { ar: { title: 'الحنجرة والحبال الصوتية' } },
    });
  });

  it.each(['nope', 'BRONCHOSCOPY', 'bronchoscopy%20'])('answers 404 for the unknown id %s', async (id) => {
    await expectRefused(api(), (a) => a.as(null).courses[':id'].$get({ param: { id }, query: {} }), 404);
  });

  it.each(['a%00b', 'x'.repeat(129)])('refuses the malformed id %s with 400, not 500', async (id) => {
    await expectRefused(api(), (a) => a.as(null).courses[':id'].$get({ param: { id }, query: {} }), 400);
  });
});

describe('POST /courses', () => {
  it.each(nonAdmins)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).courses.$post({ json: validCourse() }), status);
  });

  it('creates a course with the defaults when there is no body, answers its id and records it', async () => {
    const res = await api().call('POST', '/courses', { as: 'admin' });
    expect(res.status).toBe(201);
    expect(typeof res.json).toBe('string');
    const course = {
      id: res.json,
      title: 'New Course',
      subtitle: 'new course',
      thumbnail: null,
      levels: [],
      proficiencyOrder: false,
      assessmentRequired: false,
      outcomes: [],
      durationMinutes: null,
      translations: {},
    };
    expect((await reply(as(null).courses[':id'].$get({ param: { id: res.json }, query: {} }))).json).toEqual(course);
    const [entry] = await auditTrail(api(), '?entity=course');
    expect(entry).toMatchObject({ actor: 'admin', entity: 'course', entityId: res.json, action: 'create', before: null, after: course });
  });

  it('fills the defaults for an empty object and keeps what the body gives, trimmed', async () => {
    const empty = await reply(as('admin').courses.$post({ json: {} }));
    expect((await reply(as(null).courses[':id'].$get({ param: { id: empty.json }, query: {} }))).json).toMatchObject({
      title: 'New Course',
      subtitle: 'new course',
      levels: [],
    });
    const given = await reply(as('admin').courses.$post({ json: { ...validCourse(), title: '  Laser basics  ', thumbnail: 'https://img.example/laser.png' } }));
    expect(given.status).toBe(201);
    expect((await reply(as(null).courses[':id'].$get({ param: { id: given.json }, query: {} }))).json).toEqual({
      id: given.json,
      ...NEW_FIELDS,
      ...validCourse(),
      thumbnail: 'https://img.example/laser.png',
    });
  });

  it('shows the new course in a list that was already served (cache invalidated)', async () => {
    expect((await reply(as(null).courses.$get({ query: {} }))).json).toHaveLength(5);
    const { json: id } = await reply(as('admin').courses.$post({ json: validCourse() }));
    const list = (await reply(as(null).courses.$get({ query: {} }))).json;
    expect(list).toHaveLength(6);
    expect(list.at(-1)).toEqual({
      id,
      title: 'Laser basics',
      subtitle: 'First steps with the fetoscope',
      thumbnail: null,
      durationMinutes: null,
      playedIn: 'browser',
    });
  });
});

describe('PUT /courses/{id}', () => {
  it.each(nonAdmins)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() }), status);
  });

  it('saves the full course, answers it, and every later GET shows the change', async () => {
    const beforeDetail = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    await reply(as(null).courses.$get({ query: {} }));
    const res = await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() }));
    const course = { ...beforeDetail, ...validCourse() };
    expect(res).toMatchObject({ status: 200, json: course });
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json).toEqual(course);
    expect((await reply(as(null).courses.$get({ query: {} }))).json[1]).toEqual({
      id: 'bronchoscopy',
      title: 'Laser basics',
      subtitle: 'First steps with the fetoscope',
      thumbnail: beforeDetail.thumbnail,
      durationMinutes: 90,
      playedIn: 'browser',
    });
    const [entry] = await auditTrail(api(), '?entity=course&id=bronchoscopy');
    expect(entry).toMatchObject({ actor: 'admin', action: 'update', before: beforeDetail, after: course });
  });

  it('records saves made at the same moment one after the other: each entry starts from the one before it', async () => {
    const titles = ['First', 'Second', 'Third', 'Fourth', 'Fifth'];
    const answers = await Promise.all(
      titles.map((title) => reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title }) }))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const entries = (await auditTrail(api(), '?entity=course&id=bronchoscopy')).filter((e) => e.action === 'update');
    expect(entries).toHaveLength(5);
    // The saves took turns: each one's "before" is another's "after", from the seeded course to the stored one.
    const chain = [entries.find((e) => e.before.title === 'Bronchoscopy')];
    while (chain.length < entries.length) chain.push(entries.find((e) => e.before.title === chain.at(-1).after.title));
    for (let i = 1; i < chain.length; i++) expect(chain[i].before).toEqual(chain[i - 1].after);
    expect(chain.map((e) => e.after.title).sort()).toEqual([...titles].sort());
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json.title).toBe(chain.at(-1).after.title);
  });

  it('keeps the thumbnail when the body leaves it out and clears it with null', async () => {
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ thumbnail: 'https://img.example/b.png' }) }));
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: 'Renamed' }) }));
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json).toMatchObject({
      title: 'Renamed',
      thumbnail: 'https://img.example/b.png',
    });
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ thumbnail: null }) }));
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json.thumbnail).toBeNull();
  });

  it('trims titles and accepts the largest course: 200-character titles, 100 modules of 200 cases', async () => {
    const long = 't'.repeat(200);
    const body = { title: `  ${long}  `, subtitle: ' s ', levels: Array.from({ length: 100 }, () => moduleOf(200, { title: `\t${long} ` })) };
    const res = await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: body }));
    expect(res.status).toBe(200);
    const saved = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    expect(saved.title).toBe(long);
    expect(saved.subtitle).toBe('s');
    expect(saved.levels).toHaveLength(100);
    expect(saved.levels[99]!.title).toBe(long);
    expect(saved.levels[99]!.cases).toHaveLength(200);
  });

  it('takes back what GET answers: read, change one field, send it back, read the change', async () => {
    const read = (await reply(as('admin').courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: { lang: 'en' } }))).json;
    expect(read.id).toBe('bronchoscopy');
    const res = await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: { ...read, subtitle: 'Changed' } }));
    expect(res).toMatchObject({ status: 200, json: { ...read, subtitle: 'Changed' } });
    expect((await reply(as('admin').courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: { lang: 'en' } }))).json).toEqual({
      ...read,
      subtitle: 'Changed',
    });
  });

  it("refuses a body with another course's id with 400 naming it, and changes nothing", async () => {
    const read = (await reply(as('admin').courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    const res = await expectRefused(
      api(),
      (a) => a.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: { ...read, id: 'pleuroamniotic', title: 'X' } }),
      400,
    );
    expect(res.json.issues).toEqual([{ path: 'id', message: expect.stringContaining('read-only') }]);
  });

  it('answers 404 for an unknown id', async () => {
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$put({ param: { id: 'nope' }, json: validCourse() }), 404);
  });

  it.each([
    ['invalid JSON', { raw: '{"title": "x", ' }, 'invalid_json'],
    ['an empty body', { raw: '' }, 'invalid_json'],
    ['no body', {}],
    ['a JSON string', { body: 'Laser basics' }],
    ['an empty title', { body: validCourse({ title: '' }) }],
    ['a blank title', { body: validCourse({ title: '   ' }) }],
    ['a 201-character title', { body: validCourse({ title: 't'.repeat(201) }) }],
    ['a number title', { body: validCourse({ title: 42 }) }],
    ['a null title', { body: validCourse({ title: null }) }],
    ['no subtitle', { body: { title: 'x', levels: [] } }],
    ['levels as an object', { body: validCourse({ levels: {} }) }],
    ['101 modules', { body: validCourse({ levels: Array.from({ length: 101 }, () => moduleOf(1)) }) }],
    ['201 cases in a module', { body: validCourse({ levels: [moduleOf(201)] }) }],
    ['a module without active', { body: validCourse({ levels: [{ title: 'M', cases: [] }] }) }],
    ['a string active', { body: validCourse({ levels: [moduleOf(1, { active: 'true' })] }) }],
    ['a blank module title', { body: validCourse({ levels: [moduleOf(1, { title: ' ' })] }) }],
    ['a 201-character module title', { body: validCourse({ levels: [moduleOf(1, { title: 'm'.repeat(201) })] }) }],
    ['a blank case title', { body: validCourse({ levels: [{ title: 'M', active: true, cases: [{ title: '', bubbles: [] }] }] }) }],
    ['a 201-character case title', { body: validCourse({ levels: [{ title: 'M', active: true, cases: [{ title: 'c'.repeat(201), bubbles: [] }] }] }) }],
    ['an unknown field', { body: validCourse({ price: 10 }) }],
    ['an unknown module field', { body: validCourse({ levels: [moduleOf(1, { locked: true })] }) }],
    ['an unknown case field', { body: validCourse({ levels: [{ title: 'M', active: true, cases: [{ title: 'C', bubbles: [], score: 1 }] }] }) }],
    ['a NUL character in the title', { body: validCourse({ title: 'Laser\u0000' }) }],
    ['a lone surrogate in a module title', { raw: '{"title":"x","subtitle":"s","levels":[{"title":"\\ud800","active":true,"cases":[]}]}' }],
  ])('refuses %s with 400', async (_label, opts, code?: string) => {
    await expectRawRefused(api(), 'PUT', '/courses/bronchoscopy', { as: 'admin', ...opts }, 400, code);
  });

  it.each([
    ['a blank title', { title: ' ' }],
    ['101 modules', { levels: Array.from({ length: 101 }, () => moduleOf(0)) }],
    ['an unknown field', { id: 'chosen-id' }],
  ])('refuses a new course with %s', async (_label, body) => {
    await expectRawRefused(api(), 'POST', '/courses', { as: 'admin', body }, 400);
  });
});

describe('simulator parameters of a case', () => {
  const sim = { task: 'selective', difficulty: 4, placenta: 'anterior', anastomoses: 7, smallestMm: 0.6, scopes: 'both', targets: 3 };
  const withSim = (params: unknown) =>
    validCourse({
      levels: [
        {
          title: 'Module 1',
          active: true,
          cases: [
            { title: 'Anterior placenta', bubbles: [], sim: params },
            { title: 'Defaults', bubbles: [] },
          ],
        },
      ],
    });

  it("keeps a case's sim through PUT and GET, and a case without one stays without", async () => {
    const res = await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: withSim(sim) }));
    expect(res.status).toBe(200);
    const saved = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    expect(saved.levels[0]!.cases[0]).toEqual({ id: expect.any(String), title: 'Anterior placenta', bubbles: [], sim });
    expect(saved.levels[0]!.cases[1]).toEqual({ id: expect.any(String), title: 'Defaults', bubbles: [] });
  });

  it("keeps a case's complication through PUT and GET, and drops it when sent without", async () => {
    for (const complication of ['entry-bleed', 'separation', 'moving-donor']) {
      const res = await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: withSim({ ...sim, complication }) }));
      expect(res.status).toBe(200);
      const saved = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
      expect(saved.levels[0]!.cases[0]!.sim).toEqual({ ...sim, complication });
    }
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: withSim(sim) }));
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json.levels[0]!.cases[0]!.sim).toEqual(sim);
  });

  it('accepts the bounds themselves', async () => {
    for (const edge of [
      { difficulty: 1, anastomoses: 1, smallestMm: 0.4, targets: 2 },
      { difficulty: 5, anastomoses: 12, smallestMm: 3, targets: 8 },
    ]) {
      const res = await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: withSim({ ...sim, ...edge }) }));
      expect(res.status).toBe(200);
      expect(res.json.levels[0]!.cases[0]!.sim).toEqual({ ...sim, ...edge });
    }
  });

  it('serves the seeded fetoscopy course with a task per module', async () => {
    const course = (await reply(as(null).courses[':id'].$get({ param: { id: 'fetoscopy-simulator' }, query: {} }))).json;
    const tasks = course.levels.map((l: { cases: Array<{ sim?: { task: string } }> }) => [...new Set(l.cases.map((c) => c.sim?.task))]);
    expect(tasks).toEqual([['navigation'], ['selective'], ['solomon'], ['selective', 'solomon']]);
    // The last module gives one case of each complication.
    expect(course.levels[3]!.cases.map((c: { sim?: { complication?: string } }) => c.sim?.complication)).toEqual(['entry-bleed', 'separation', 'moving-donor']);
  });

  it.each([
    ['difficulty 0', { difficulty: 0 }],
    ['difficulty 6', { difficulty: 6 }],
    ['difficulty 2.5', { difficulty: 2.5 }],
    ['0 anastomoses', { anastomoses: 0 }],
    ['13 anastomoses', { anastomoses: 13 }],
    ['a 0.3 mm smallest anastomosis', { smallestMm: 0.3 }],
    ['a 3.1 mm smallest anastomosis', { smallestMm: 3.1 }],
    ['a 0.45 mm smallest anastomosis (one decimal only)', { smallestMm: 0.45 }],
    ['1 target', { targets: 1 }],
    ['9 targets', { targets: 9 }],
    ['an unknown task', { task: 'suturing' }],
    ['an unknown placenta site', { placenta: 'lateral' }],
    ['an unknown scope offer', { scopes: 'flexible' }],
    ['an unknown complication', { complication: 'stuck-twin' }],
    ['a complication on a navigation drill', { task: 'navigation', complication: 'entry-bleed' }],
    ['a string difficulty', { difficulty: '3' }],
    ['a missing field', { targets: undefined }],
    ['an unknown field', { seed: 42 }],
  ])('refuses %s with 400 and changes nothing', async (_label, over) => {
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: withSim({ ...sim, ...over }) }), 400);
  });

  it('refuses a sim that is not an object', async () => {
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: withSim(null) }), 400);
  });
});

describe('DELETE /courses/{id}', () => {
  it.each(nonAdmins)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).courses[':id'].$delete({ param: { id: 'bronchoscopy' }, query: {} }), status);
  });

  it('deletes the course: 204, gone from a list and a page already served, and recorded', async () => {
    const before = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    await reply(as(null).courses.$get({ query: {} }));
    const res = await reply(as('admin').courses[':id'].$delete({ param: { id: 'bronchoscopy' }, query: {} }));
    expect(res.status).toBe(204);
    expect(res.json).toBeNull();
    await expectRefused(api(), (a) => a.as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }), 404);
    expect((await reply(as(null).courses.$get({ query: {} }))).json.map((c: { id: string }) => c.id)).toEqual(
      SEEDED_COURSES.filter((id) => id !== 'bronchoscopy'),
    );
    const entry = (await auditTrail(api(), '?entity=course')).find((e) => e.action === 'delete');
    expect(entry).toMatchObject({ actor: 'admin', entityId: 'bronchoscopy', before, after: null });
  });

  it('takes the course out of the plans that named it, so they can still be saved', async () => {
    expect((await reply(as('admin').courses[':id'].$delete({ param: { id: 'bronchoscopy' }, query: {} }))).status).toBe(204);
    const plans = (await reply(as('admin').pricing.$get({ query: {} }))).json;
    for (const plan of plans) expect(plan.courses).not.toContain('bronchoscopy');
    const pilot = plans.find((p: { id: string }) => p.id === 'plan-pilot')!;
    expect(pilot.courses).toEqual(['fetoscopy-simulator']);
    const { id, ...body } = pilot;
    expect((await reply(as('admin').pricing[':id'].$put({ param: { id }, json: { ...body, price: 59.99 } }))).status).toBe(200);
    const planEntries = await auditTrail(api(), '?entity=plan&id=plan-pilot');
    expect(planEntries.at(-1)).toMatchObject({
      action: 'update',
      before: { courses: ['fetoscopy-simulator', 'bronchoscopy'] },
      after: { courses: ['fetoscopy-simulator'] },
    });
  });

  it('answers 404 for an unknown id and for a second delete', async () => {
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$delete({ param: { id: 'nope' }, query: {} }), 404);
    await reply(as('admin').courses[':id'].$delete({ param: { id: 'bronchoscopy' }, query: {} }));
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$delete({ param: { id: 'bronchoscopy' }, query: {} }), 404);
  });
});

describe('the catalogue cache across server instances', () => {
  it('a second instance sharing the database serves the change after a write on the first', async () => {
    await withSecondInstance(api(), async (second) => {
      const read = async () => (await (await second.request('/api/courses/bronchoscopy')).json()) as { title: string };
      expect((await read()).title).toBe('Bronchoscopy');
      await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: 'Seen everywhere' }) }));
      await expect.poll(async () => (await read()).title, { timeout: 5000 }).toBe('Seen everywhere');
    });
  });
});
