import { describe, expect, it } from 'vitest';
import { auditTrail, CALLERS, expectRawRefused, expectRefused, useApi, validCourse, validPlan, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const everyone = Object.keys(CALLERS) as Array<keyof typeof CALLERS>;

describe('content in the visitor’s language', () => {
  it.each(everyone)('GET /courses?lang=ar answers Arabic titles and descriptions for %s', async (who) => {
    const res = await reply(as(CALLERS[who]).courses.$get({ query: { lang: 'ar' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-language')).toBe('ar');
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(res.json[0]).toMatchObject({ title: 'محاكي تنظير الجنين', subtitle: 'تخثير مفاغرات المشيمة بالليزر بتقنية سولومون.' });
  });

  it.each([
    ['zh-TW,zh;q=0.9', 'zh-CN', '支气管镜'],
    ['de-DE,de;q=0.9', 'en', 'Bronchoscopy'],
    ['de;q=0.9, fr-CA;q=0.8, ar;q=0.7', 'fr', 'Bronchoscopie'],
    ['pt-BR', 'pt', 'Broncoscopia'],
    ['*', 'en', 'Bronchoscopy'],
    ['ru;q=0, es', 'es', 'Broncoscopia'],
  ])('reads Accept-Language %s as %s', async (header, locale, title) => {
    const res = await api().call('GET', '/courses/bronchoscopy', { headers: { 'accept-language': header } });
    expect(res.headers.get('content-language')).toBe(locale);
    expect(res.json.title).toBe(title);
  });

  it('lets ?lang= win over Accept-Language', async () => {
    const res = await api().call('GET', '/courses/bronchoscopy?lang=ru', { headers: { 'accept-language': 'ar' } });
    expect(res.json.title).toBe('Бронхоскопия');
  });

  it('answers modules, cases and outcomes in the language, with the stored versions beside them', async () => {
    const res = await reply(as(null).courses[':id'].$get({ param: { id: 'fetoscopy-simulator' }, query: { lang: 'ru' } }));
    expect(res.json.levels[0]!.title).toBe('Базовая навигация');
    expect(res.json.levels[2]!.cases[0]!.title).toBe('Линия Solomon, задняя плацента');
    expect(res.json.outcomes[0]).toMatch(/^Направлять/);
    expect(res.json.translations.es!.title).toBe('Simulador de fetoscopia');
    expect(res.json.levels[0]!.translations!.ar!.title).toBe('التنقل الأساسي');
  });

  it.each(['/courses', '/courses/bronchoscopy', '/pricing'])('refuses a locale that does not exist on %s with 400', async (path) => {
    for (const lang of ['de', 'EN', 'zh', 'ar-EG', '']) await expectRawRefused(api(), 'GET', `${path}?lang=${lang}`, {}, 400);
  });

  it('falls back to English text by text', async () => {
    const body = validCourse({
      outcomes: ['Hold the fetoscope', 'Find the equator'],
      translations: { ar: { title: 'أساسيات الليزر', subtitle: '' }, es: { outcomes: ['Sostener el fetoscopio', ''] } },
      levels: [{ title: 'Module 1', active: true, translations: { fr: { title: 'Module un' } }, cases: [{ title: 'Case 1', bubbles: [] }] }],
    });
    expect((await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: body }))).status).toBe(200);
    const ar = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: { lang: 'ar' } }))).json;
    expect([ar.title, ar.subtitle, ar.outcomes, ar.levels[0]!.title]).toEqual([
      'أساسيات الليزر',
      'First steps with the fetoscope',
      ['Hold the fetoscope', 'Find the equator'],
      'Module 1',
    ]);
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: { lang: 'es' } }))).json.outcomes).toEqual([
      'Sostener el fetoscopio',
      'Find the equator',
    ]);
    expect((await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: { lang: 'fr' } }))).json.levels[0]!.title).toBe('Module un');
    expect((await reply(as(null).courses.$get({ query: { lang: 'ar' } }))).json[1]!.title).toBe('أساسيات الليزر');
  });

  it('keeps the stored translations when a save leaves them out, and records every change', async () => {
    const before = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: 'Renamed' }) }));
    const after = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    expect(after.translations).toEqual(before.translations);
    expect(after.outcomes).toEqual(before.outcomes);
    const [entry] = await auditTrail(api(), '?entity=course&id=bronchoscopy');
    expect(entry.after.title).toBe('Renamed');
  });

  it.each([
    ['a locale that does not exist', { translations: { de: { title: 'Laser' } } }],
    ['English among the translations', { translations: { en: { title: 'Laser' } } }],
    ['a 201-character translated title', { translations: { ar: { title: 'ع'.repeat(201) } } }],
    ['an unknown translated field', { translations: { ar: { name: 'x' } } }],
    ['a module title in a locale that does not exist', { levels: [{ title: 'M', active: true, translations: { xx: { title: 'x' } }, cases: [] }] }],
    ['a case translation without a title', { levels: [{ title: 'M', active: true, cases: [{ title: 'C', bubbles: [], translations: { ar: {} } }] }] }],
    ['no English title, only a translation', { title: '', translations: { ar: { title: 'ليزر' } } }],
    ['a blank outcome', { outcomes: ['  '] }],
    ['21 outcomes', { outcomes: Array.from({ length: 21 }, (_, i) => `Outcome ${i}`) }],
    ['a zero length', { durationMinutes: 0 }],
    ['a fractional length', { durationMinutes: 1.5 }],
  ])('PUT /courses/{id} refuses %s with 400 and changes nothing', async (_label, over) => {
    await expectRefused(api(), (a) => a.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse(over) }), 400);
  });

  it('saves a plan’s translations, serves them per locale, and keeps them when a save leaves them out', async () => {
    const body = validPlan({ translations: { ar: { title: 'سولومون المكثّف', description: 'ستة أشهر من تقنية سولومون.' } } });
    const res = await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: body }));
    expect(res.json.translations).toEqual(body.translations);
    const ar = (await reply(as(null).pricing.$get({ query: { lang: 'ar' } }))).json[0]!;
    expect([ar.title, ar.description]).toEqual(['سولومون المكثّف', 'ستة أشهر من تقنية سولومون.']);
    expect((await api().call('GET', '/pricing', { headers: { 'accept-language': 'fr' } })).json[0].title).toBe('Solomon intensive');
    await reply(as('admin').pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan({ price: 150 }) }));
    expect((await reply(as(null).pricing.$get({ query: { lang: 'ar' } }))).json[0]).toMatchObject({ title: 'سولومون المكثّف', price: 150 });
  });

  it.each([
    ['a locale that does not exist', { translations: { de: { title: 'Plan' } } }],
    ['English among the translations', { translations: { en: { title: 'Plan' } } }],
    ['a 2001-character description', { translations: { ar: { description: 'ع'.repeat(2001) } } }],
  ])('PUT /pricing/{id} refuses %s with 400', async (_label, over) => {
    await expectRawRefused(api(), 'PUT', '/pricing/plan-fetoscopy', { as: 'admin', body: { ...validPlan(), ...over } }, 400);
  });

  it.each([
    ['learner', 403],
    ['anonymous', 401],
  ] as const)('refuses translations from %s with %i', async (who, status) => {
    const body = validCourse({ translations: { ar: { title: 'ليزر' } } });
    await expectRefused(api(), (a) => a.as(CALLERS[who]).courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: body }), status);
    await expectRefused(api(), (a) => a.as(CALLERS[who]).pricing[':id'].$put({ param: { id: 'plan-fetoscopy' }, json: validPlan() }), status);
  });
});
