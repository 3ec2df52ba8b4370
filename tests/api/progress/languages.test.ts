import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../../src/server/db/schema.ts';
import type { TestApi } from '../harness.ts';
import { COURSE, GROUPS, MODULES, passAll, pdfText, setUp, TOKENS } from '../learning-support.ts';
import { useApi, typedClient, oneCourse, everyCourse } from '../support.ts';

/** The learning-record course with Spanish and Arabic titles; case B1 and module B have no Spanish title (read in English). */
async function translated(api: TestApi) {
  await setUp(api);
  const [a, hidden, b] = MODULES;
  const levels = [
    {
      ...a!,
      translations: { es: { title: 'Módulo A' }, ar: { title: 'الوحدة أ' } },
      cases: [
        { ...a!.cases[0]!, translations: { es: { title: 'Caso A1' }, ar: { title: 'الحالة أ١' } } },
        { ...a!.cases[1]!, translations: { es: { title: 'Caso A2' } } },
      ],
    },
    hidden!,
    b!,
  ];
  const translations = { es: { title: 'Curso de láser', subtitle: 'Dos módulos' }, ar: { title: 'دورة الليزر', subtitle: 'وحدتان' } };
  await api.deps.db.db.update(courses).set({ levels, translations }).where(eq(courses.id, COURSE));
  api.deps.catalogue.changed();
}

/** The letters of a text as PDF.js reads shaped Arabic back: presentation forms made plain again, spacing and the glyph runs' control codes left out. */
const letters = (text: string) => text.normalize('NFKC').replace(/[\p{Cc}\s]/gu, '');

describe('learning records in the reader language', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);

  it('answer /progress?course= with Spanish course, module and case titles, English only where a translation is missing', async () => {
    await translated(api());
    const res = await reply(as('learner').progress.$get({ query: { course: COURSE, lang: 'es' } }));
    expect(res.headers.get('content-language')).toBe('es');
    expect(oneCourse(res.json).modules.map((m: any) => [m.title, m.lock?.title ?? null, m.cases.map((c: any) => c.title)])).toEqual([
      ['Módulo A', null, ['Caso A1', 'Caso A2']],
      ['Module B', 'Módulo A', ['B1']],
    ]);
    // Without ?lang=, the Accept-Language header decides; English by default.
    const byHeader = await reply(as('learner').progress.$get({ query: { course: COURSE } }, { headers: { 'accept-language': 'ar;q=0.9, en;q=0.5' } }));
    expect(oneCourse(byHeader.json).modules[0]!.title).toBe('الوحدة أ');
    expect(oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json).modules[0]!.title).toBe('Module A');
  });

  it('answer the list of courses in Spanish, the certificate titled in Spanish too, while the certificate keeps the English title and its translations', async () => {
    await translated(api());
    await passAll(api(), 'learner');
    const lines = everyCourse((await reply(as('learner').progress.$get({ query: { lang: 'es' } }))).json);
    const line = lines.find((l) => l.courseId === COURSE)!;
    expect(line).toMatchObject({ title: 'Curso de láser', complete: true, certificate: { courseTitle: 'Curso de láser' } });
    const id = line.certificate!.id;
    const english = (await reply(as('learner').certificates.$get({ query: {} }))).json;
    expect(english).toEqual([expect.objectContaining({ id, courseTitle: 'Laser course' })]);
    expect((await reply(as('learner').certificates.$get({ query: { lang: 'ar' } }))).json[0]!.courseTitle).toBe('دورة الليزر');
  });

  it('verify a certificate in the language of the page asking, and print its PDF with the Arabic course and case titles', async () => {
    await translated(api());
    await passAll(api(), 'learner');
    const id = oneCourse((await reply(as('learner').progress.$get({ query: { course: COURSE } }))).json).certificate!.id;
    const ar = await reply(as(null).certificates[':id'].$get({ param: { id } }, { headers: { 'accept-language': 'ar' } }));
    expect(ar.json).toMatchObject({ courseTitle: 'دورة الليزر', holderName: 'Lea Learner' });
    expect((await reply(as(null).certificates[':id'].$get({ param: { id } }, { headers: { 'accept-language': 'es' } }))).json.courseTitle).toBe(
      'Curso de láser',
    );
    const res = await as('learner').certificates[':id'].pdf.$get({ param: { id }, query: { lang: 'ar' } });
    expect(res.status).toBe(200);
    const text = letters(await pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toContain(letters('دورة الليزر'));
    expect(text).toContain(letters('الحالة أ١'));
    expect(text).not.toContain(letters('Laser course'));
    // A2 has no Arabic title: it is printed in English.
    expect(text).toContain('A2');
  });

  it('list attempts by course and case title in the language asked for, never by the course id', async () => {
    await translated(api());
    await passAll(api(), 'learner');
    const listed = (await reply(as('learner').attempts.$get({ query: { lang: 'es' } }))).json;
    expect(listed.map((a: any) => [a.courseTitle, a.level, a.case, a.caseTitle])).toEqual([
      ['Curso de láser', 3, 1, 'B1'],
      ['Curso de láser', 1, 2, 'Caso A2'],
      ['Curso de láser', 1, 1, 'Caso A1'],
    ]);
    const director = (await reply(as(TOKENS.director).attempts.$get({ query: { userId: 'learner' } }, { headers: { 'accept-language': 'ar' } }))).json;
    expect(director[2]).toMatchObject({ courseTitle: 'دورة الليزر', caseTitle: 'الحالة أ١' });
  });

  it("write the director's view and CSV with the titles in the language asked for", async () => {
    await translated(api());
    await passAll(api(), 'learner');
    const spanish = { headers: { 'accept-language': 'es' } };
    const view = await reply(as(TOKENS.director).groups[':id'].progress.$get({ param: { id: GROUPS.fellowship } }, spanish));
    expect(view.json.courses).toEqual([{ id: COURSE, title: 'Curso de láser' }]);
    expect(view.json.members.find((m: any) => m.userId === 'learner')!.courses[0]).toMatchObject({ title: 'Curso de láser' });
    const csv = (await reply(as(TOKENS.director).groups[':id']['export.csv'].$get({ param: { id: GROUPS.fellowship }, query: {} }, spanish))).json as string;
    expect(csv).toContain('"Curso de láser","1","Módulo A","1","Caso A1"');
    expect(csv).toContain('"Curso de láser","2","Module B","1","B1"');
  });
});
