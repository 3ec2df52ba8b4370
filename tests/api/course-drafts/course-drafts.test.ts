// Course drafts: edits wait beside the published course, seen by administrators only, until Publish; Discard returns
// to the published version; a new course is a draft until its first publication; certificates outlive added cases.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Module } from '../../../src/api/courses.ts';
import { createApp } from '../../../src/server/app.ts';
import { attempts, certificates, courses } from '../../../src/server/db/schema.ts';
import { COURSE, GROUPS, MODULES, passAll, ROLES, setUp } from '../learning-support.ts';
import {
  auditTrail,
  catalogueChanges,
  expectRawRefused,
  expectRefused,
  ownCatalogue,
  useApi,
  validCourse,
  validPlan,
  typedClient,
  oneCourse,
} from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const OUTSIDERS = ['anonymous', 'learner', 'director'] as const;

const withDraftModule: Module[] = [...MODULES, { id: 'm4', title: 'Draft module', active: true, cases: [{ id: 'm4c1', title: 'Draft case', bubbles: [] }] }];
const draftBody = { title: 'Draft title', subtitle: 'Two modules', levels: withDraftModule };

const { changesOf } = catalogueChanges(api);

const saveDraft = (id: string, json: object) => reply(as('admin').courses[':id'].draft.$put({ param: { id }, json: json as never }));

beforeEach(() => setUp(api()));

describe('a draft of a published course', () => {
  it('is saved without letting go of any cached list or page', async () => {
    expect(await changesOf(() => saveDraft(COURSE, draftBody))).toEqual([]);
  });

  it.each(OUTSIDERS)('is never shown to %s: course, list, progress, launch and the directors’ CSV show the published version', async (who) => {
    await passAll(api(), 'learner');
    expect((await saveDraft(COURSE, draftBody)).status).toBe(200);
    const caller = ROLES[who];
    const course = await reply(as(caller).courses[':id'].$get({ param: { id: COURSE }, query: {} }));
    expect(course.json.title).toBe('Laser course');
    expect(JSON.stringify(course.json)).not.toContain('Draft');
    expect(JSON.stringify((await reply(as(caller).courses.$get({ query: {} }))).json)).not.toContain('Draft');
    expect((await api().deps.catalogue.course(COURSE))?.json).not.toContain('Draft');
    if (who === 'anonymous') return;
    const progress = await reply(as(caller).progress.$get({ query: { course: COURSE, userId: 'learner' } }));
    expect(progress.json).toMatchObject({ total: 3, complete: true });
    // The draft's module is not there to be launched.
    await expectRefused(api(), (a) => a.as(caller).launch.$post({ json: { course: COURSE, level: 4, case: 1 } }), 400);
    if (who === 'director') {
      const csv = await reply(as(caller).groups[':id']['export.csv'].$get({ param: { id: GROUPS.fellowship }, query: {} }));
      expect(csv.status).toBe(200);
      expect(csv.json).toContain('A1');
      expect(csv.json).not.toContain('Draft');
    }
    await expectRefused(api(), (a) => a.as(caller).courses[':id'].draft.$get({ param: { id: COURSE } }), 403);
    await expectRefused(api(), (a) => a.as(caller)['course-drafts'].$get(), 403);
  });

  it('is what the administrator edits, with what Publish changes for learners', async () => {
    await saveDraft(COURSE, draftBody);
    const read = await reply(as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }));
    expect(read.json).toMatchObject({ status: 'published', pending: true, course: { id: COURSE, title: 'Draft title', levels: withDraftModule } });
    expect(read.json.summary).toEqual({
      firstPublication: false,
      casesAdded: 1,
      casesRemoved: 0,
      modulesAdded: 1,
      modulesRemoved: 0,
      reordered: false,
      rulesChanged: false,
      otherChanges: false,
    });
    const lines = (await reply(as('admin')['course-drafts'].$get())).json;
    expect(lines).toContainEqual({ id: COURSE, title: 'Draft title', status: 'published', pending: true });
  });

  it('takes back the course GET answers: read, change one field, save it back, read the change', async () => {
    const { course } = (await reply(as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }))).json;
    const saved = await reply(as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: { ...course, subtitle: 'Changed' } }));
    expect(saved).toMatchObject({ status: 200, json: { course: { ...course, subtitle: 'Changed' }, pending: true } });
    expect((await reply(as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }))).json.course).toEqual({ ...course, subtitle: 'Changed' });
    const res = await expectRefused(api(), (a) => a.as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: { ...course, id: 'another' } }), 400);
    expect(res.json.issues).toEqual([{ path: 'id', message: expect.stringContaining('read-only') }]);
  });

  it('goes live with Publish, for the course and every list at once, and is audited', async () => {
    await saveDraft(COURSE, draftBody);
    const before = (await reply(as(null).courses[':id'].$get({ param: { id: COURSE }, query: {} }))).json;
    const publish = () => reply(as('admin').courses[':id'].publish.$post({ param: { id: COURSE } }));
    let published: Awaited<ReturnType<typeof publish>> | undefined;
    expect(await changesOf(async () => (published = await publish()))).toEqual([COURSE]);
    expect(published).toMatchObject({ status: 200, json: { pending: false, summary: null } });
    const after = (await reply(as(null).courses[':id'].$get({ param: { id: COURSE }, query: {} }))).json;
    expect(after).toMatchObject({ title: 'Draft title', levels: withDraftModule });
    const [entry] = await auditTrail(api(), `?entity=course&id=${COURSE}`);
    expect(entry).toMatchObject({ actor: 'admin', action: 'publish', before, after });
    // Nothing left to publish.
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].publish.$post({ param: { id: COURSE } }), 409);
  });

  it('is what the server that published answers its very next request with, without waiting for any notice', async () => {
    await saveDraft(COURSE, draftBody);
    // A server whose catalogue never listens: it hears no announcement of the database, so what it answers after its
    // own Publish is what it forgot by itself (on PostgreSQL the announcement comes a moment after the write returns).
    const app = createApp({ ...api().deps, ...(await ownCatalogue(api().deps, api().deps.db, false)) });
    const get = async (path: string, token?: string) =>
      (await app.request(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })).json() as Promise<any>;
    const titles = async () => [(await get(`/courses/${COURSE}`)).title, (await get('/courses')).find((c: { id: string }) => c.id === COURSE)?.title];
    expect(await titles()).not.toContain('Draft title');
    const published = await app.request(`/api/courses/${COURSE}/publish`, { method: 'POST', headers: { authorization: `Bearer ${api().tokens.admin}` } });
    expect(published.status).toBe(200);
    expect(await titles()).toEqual(['Draft title', 'Draft title']);
  });

  it('is dropped by Discard, which returns the editor to the published version', async () => {
    const published = (await reply(as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }))).json.course;
    await saveDraft(COURSE, draftBody);
    const discarded = await reply(as('admin').courses[':id'].draft.$delete({ param: { id: COURSE } }));
    expect(discarded.json).toEqual({ course: published, status: 'published', pending: false, summary: null, checks: expect.any(Object) });
    expect((await auditTrail(api(), `?entity=course&id=${COURSE}`))[0]).toMatchObject({ action: 'discard', after: null });
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].publish.$post({ param: { id: COURSE } }), 409);
  });
});

describe('a new course made as a draft', () => {
  it('is seen by administrators only until its first publication: nobody else reads it, no plan sells it, no cache lets go', async () => {
    let id = '';
    const json = { ...validCourse(), status: 'draft' as const };
    expect(await changesOf(async () => (id = (await reply(as('admin').courses.$post({ json }))).json as string))).toEqual([]);
    for (const who of OUTSIDERS) await expectRefused(api(), (a) => a.as(ROLES[who]).courses[':id'].$get({ param: { id }, query: {} }), 404);
    expect((await reply(as(null).courses.$get({ query: {} }))).json.map((c: { id: string }) => c.id)).not.toContain(id);
    await expectRefused(api(), (a) => a.as('admin').launch.$post({ json: { course: id, level: 1, case: 1 } }), 404);
    await expectRefused(
      api(),
      (a) => a.as('admin').pricing.$post({ json: { title: 'P', price: 1, duration: 1, description: '', courses: [id], visibility: true } }),
      400,
    );
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].draft.$delete({ param: { id } }), 409);
    const draft = (await reply(as('admin').courses[':id'].draft.$get({ param: { id } }))).json;
    expect(draft).toMatchObject({ status: 'draft', pending: true, summary: { firstPublication: true, casesAdded: 1, modulesAdded: 1 } });
    expect(await changesOf(() => reply(as('admin').courses[':id'].publish.$post({ param: { id } })))).toEqual([null]);
    expect((await reply(as(null).courses[':id'].$get({ param: { id }, query: {} }))).status).toBe(200);
    expect((await auditTrail(api(), `?entity=course&id=${id}`))[0]).toMatchObject({ action: 'publish', before: null });
  });
});

describe('a certificate', () => {
  it('stays when cases are added later, and still lists the cases it covered', async () => {
    await passAll(api(), 'learner');
    const done = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(done.complete).toBe(true);
    const issued = done.certificate;
    expect(issued).not.toBeNull();
    await saveDraft(COURSE, draftBody);
    expect((await reply(as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }))).json.summary!.casesAdded).toBe(1);
    await reply(as('admin').courses[':id'].publish.$post({ param: { id: COURSE } }));
    const now = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    expect(now).toMatchObject({ complete: false, passed: 3, total: 4, certificate: issued });
    expect((await reply(as(null).certificates[':id'].$get({ param: { id: issued!.id } }))).json.status).toBe('valid');
    const [stored] = await api().deps.db.db.select().from(certificates).where(eq(certificates.id, issued!.id));
    expect(stored!.cases.map((c) => c.title)).toEqual(['A1', 'A2', 'B1']);
  });
});

describe('deleting a course with history', () => {
  it('archives it instead: hidden from everyone and every plan, its attempts and certificates kept', async () => {
    await passAll(api(), 'learner');
    const { certificate } = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json);
    await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: { ...validPlan(), courses: [COURSE] } }));
    expect((await reply(as('admin').courses[':id'].$delete({ param: { id: COURSE }, query: {} }))).status).toBe(204);
    await expectRefused(api(), (a) => a.as(null).courses[':id'].$get({ param: { id: COURSE }, query: {} }), 404);
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].draft.$get({ param: { id: COURSE } }), 404);
    expect((await reply(as(null).pricing.$get({ query: {} }))).json.find((p: { id: string }) => p.id === 'plan-fetoscopy')!.courses).toEqual([]);
    const [row] = await api().deps.db.db.select().from(courses).where(eq(courses.id, COURSE));
    expect(row?.status).toBe('archived');
    expect((await api().deps.db.db.select().from(attempts).where(eq(attempts.courseId, COURSE))).length).toBe(3);
    expect((await reply(as(null).certificates[':id'].$get({ param: { id: certificate!.id } }))).json.status).toBe('valid');
    expect((await auditTrail(api(), `?entity=course&id=${COURSE}`))[0]).toMatchObject({ action: 'archive', after: null });
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$delete({ param: { id: COURSE }, query: {} }), 404);
  });

  it('refuses a PUT of the archived course, or of its draft, with 409, and changes nothing', async () => {
    await passAll(api(), 'learner');
    const read = (await reply(as('admin').courses[':id'].$get({ param: { id: COURSE }, query: {} }))).json;
    expect((await reply(as('admin').courses[':id'].$delete({ param: { id: COURSE }, query: {} }))).status).toBe(204);
    const body = { ...read, title: 'Changed after archiving' };
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$put({ param: { id: COURSE }, json: body }), 409, 'conflict');
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].draft.$put({ param: { id: COURSE }, json: body }), 409, 'conflict');
    const [row] = await api().deps.db.db.select().from(courses).where(eq(courses.id, COURSE));
    expect(row).toMatchObject({ status: 'archived', title: read.title });
  });

  it('erases a course nobody has played', async () => {
    expect((await reply(as('admin').courses[':id'].$delete({ param: { id: COURSE }, query: {} }))).status).toBe(204);
    expect(await api().deps.db.db.select().from(courses).where(eq(courses.id, COURSE))).toEqual([]);
  });

  it('deletes a course asked for as a draft only while it is one: published since by another administrator, it stays', async () => {
    const id = (await reply(as('admin').courses.$post({ json: { status: 'draft' } }))).json as string;
    expect((await reply(as('admin').courses[':id'].publish.$post({ param: { id } }))).status).toBe(200);
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$delete({ param: { id }, query: { status: 'draft' } }), 409, 'course_published');
    expect((await reply(as(null).courses[':id'].$get({ param: { id }, query: {} }))).status).toBe(200);
    const draft = (await reply(as('admin').courses.$post({ json: { status: 'draft' } }))).json as string;
    expect((await reply(as('admin').courses[':id'].$delete({ param: { id: draft }, query: { status: 'draft' } }))).status).toBe(204);
    expect(await api().deps.db.db.select().from(courses).where(eq(courses.id, draft))).toEqual([]);
    await expectRawRefused(api(), 'DELETE', `/courses/${COURSE}?status=published`, { as: 'admin' }, 400);
  });
});

describe('what Publish points at first', () => {
  const addCourse = async () => (await reply(as('admin').courses.$post({ json: { status: 'draft' } }))).json as string;
  const checksOf = async (id: string) => (await reply(as('admin').courses[':id'].draft.$get({ param: { id } }))).json.checks;
  const others = ['es', 'fr', 'ar', 'pt', 'zh-CN', 'ru'];

  it('lists in a new course every language lacking its title and subtitle, and the placeholders "Add course" put there', async () => {
    const id = await addCourse();
    expect(await checksOf(id)).toEqual({
      missing: [{ locales: others, texts: [{ text: 'title' }, { text: 'subtitle' }] }],
      placeholders: [
        { text: 'title', value: 'New Course' },
        { text: 'subtitle', value: 'new course' },
      ],
    });
  });

  it("follows the saved draft: a module's and a case's titles, one language written, the placeholders replaced", async () => {
    const id = await addCourse();
    const levels = [{ id: 'm1', title: 'Bench', active: true, cases: [{ id: 'm1c1', title: 'New Case', bubbles: [] }] }];
    const ar = { title: 'مختبر', subtitle: 'تخثير' };
    const saved = await saveDraft(id, { title: 'Laser lab', subtitle: 'Coagulation', levels, translations: { ar } });
    expect(saved.json.checks).toEqual({
      missing: [
        {
          locales: others.filter((l) => l !== 'ar'),
          texts: [{ text: 'title' }, { text: 'subtitle' }, { text: 'module', module: 1 }, { text: 'case', module: 1, case: 1 }],
        },
        {
          locales: ['ar'],
          texts: [
            { text: 'module', module: 1 },
            { text: 'case', module: 1, case: 1 },
          ],
        },
      ],
      placeholders: [{ text: 'case', module: 1, case: 1, value: 'New Case' }],
    });
  });

  it('stops nothing: a course with texts missing is published all the same', async () => {
    const id = await addCourse();
    expect((await reply(as('admin').courses[':id'].publish.$post({ param: { id } }))).status).toBe(200);
    expect((await reply(as(null).courses[':id'].$get({ param: { id }, query: { lang: 'ar' } }))).json).toMatchObject({ title: 'New Course' });
  });

  it('finds nothing in a course written in every language', async () => {
    const all = (t: string) => Object.fromEntries(others.map((l) => [l, { title: `${t} ${l}` }]));
    const translations = Object.fromEntries(others.map((l) => [l, { title: `T ${l}`, subtitle: `S ${l}` }]));
    const levels = MODULES.map((l) => ({ ...l, translations: all(l.title), cases: l.cases.map((c) => ({ ...c, translations: all(c.title) })) }));
    expect((await saveDraft(COURSE, { title: 'Laser course', subtitle: 'Two modules', levels, translations })).json.checks).toEqual({
      missing: [],
      placeholders: [],
    });
  });

  it.each(OUTSIDERS)('is read by administrators only: %s is refused', async (who) => {
    const id = await addCourse();
    await expectRefused(api(), (a) => a.as(ROLES[who]).courses[':id'].draft.$get({ param: { id } }), who === 'anonymous' ? 401 : 403);
  });

  it('refuses a draft with a language the site lacks (400), its checks staying those saved before, and an unknown course (404)', async () => {
    const id = await addCourse();
    const res = await expectRawRefused(
      api(),
      'PUT',
      `/courses/${id}/draft`,
      { as: 'admin', body: { ...validCourse(), translations: { xx: { title: 'X' } } } },
      400,
    );
    expect(JSON.stringify(res.json.issues)).toContain('xx');
    expect(await checksOf(id)).toMatchObject({ placeholders: [{ value: 'New Course' }, { value: 'new course' }] });
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].draft.$get({ param: { id: 'no-such-course' } }), 404);
  });
});
