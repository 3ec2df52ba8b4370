import { describe, expect, it } from 'vitest';
import {
  localizeCourse,
  localizePlan,
  pick,
  missingCourseLocales,
  missingPlanLocales,
  negotiateLocale,
  subscriptionTitle,
  TRANSLATED_LOCALES,
} from '../../src/domain/localize.ts';
import { imageSources } from '../../src/domain/images.ts';
import { formatDateTime, formatDay, formatLength, formatMonths, formatPrice } from '../../src/domain/format.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

const course = {
  title: 'Laser basics',
  subtitle: 'First steps',
  outcomes: ['Hold the scope', 'Find the equator'],
  translations: { ar: { title: 'أساسيات الليزر', outcomes: ['الإمساك بالمنظار', ''] } },
  levels: [
    { title: 'Module', active: true, translations: { ar: { title: 'وحدة' } }, cases: [{ title: 'Case', bubbles: [], translations: { fr: { title: 'Cas' } } }] },
  ],
};

describe('content in seven languages', () => {
  it('translates into every site language but English', () => {
    expect(TRANSLATED_LOCALES).toEqual(LOCALES.map((l) => l.code).filter((c) => c !== 'en'));
  });

  it('reads each text in the language, and in English where it is missing or empty', () => {
    const ar = localizeCourse(course, 'ar');
    expect([ar.title, ar.subtitle, ar.outcomes, ar.levels[0]!.title, ar.levels[0]!.cases[0]!.title]).toEqual([
      'أساسيات الليزر',
      'First steps',
      ['الإمساك بالمنظار', 'Find the equator'],
      'وحدة',
      'Case',
    ]);
    expect(localizeCourse(course, 'fr').levels[0]!.cases[0]!.title).toBe('Cas');
    expect(localizeCourse(course, 'en')).toBe(course);
    const plan = { title: 'Complete', description: 'A year', translations: { es: { title: 'Completo', description: ' ' } } };
    expect(localizePlan(plan, 'es')).toMatchObject({ title: 'Completo', description: 'A year' });
    expect([
      pick(plan.title, plan.translations, 'es', 'title'),
      pick(plan.title, plan.translations, 'ru', 'title'),
      pick(plan.title, plan.translations, 'en', 'title'),
    ]).toEqual(['Completo', 'Complete', 'Complete']);
  });

  it("names a subscription by its plan's title in the reader's language, and by its stored name once the plan is gone", () => {
    const plans = [{ id: 'plan-full', title: 'Complete', translations: { es: { title: 'Completo' }, ar: { title: ' ' } } }];
    const granted = { plan_name: 'Fetal Surgery Academy - Admin - Provided', product_id: 'plan-full' };
    expect(subscriptionTitle(granted, plans, 'es')).toBe('Completo');
    expect(subscriptionTitle(granted, plans, 'ar')).toBe('Complete');
    expect(subscriptionTitle(granted, plans, 'en')).toBe('Complete');
    expect(subscriptionTitle({ ...granted, product_id: 'plan-deleted' }, plans, 'es')).toBe('Fetal Surgery Academy - Admin - Provided');
  });

  it('names the languages that still lack a text', () => {
    expect(missingCourseLocales(course)).toEqual(TRANSLATED_LOCALES);
    const full = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { title: 't', subtitle: 's', outcomes: ['a', 'b'] }]));
    const titles = Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { title: 't' }]));
    const done = {
      ...course,
      translations: full,
      levels: [{ ...course.levels[0]!, translations: titles, cases: [{ title: 'Case', bubbles: [], translations: titles }] }],
    };
    expect(missingCourseLocales(done)).toEqual([]);
    expect(missingCourseLocales({ ...done, translations: { ...full, ru: { title: 't', subtitle: 's', outcomes: ['a'] } } })).toEqual(['ru']);
    expect(missingPlanLocales({ title: 'P', description: 'D', translations: { ar: { title: 'خ', description: 'و' } } })).toEqual([
      'es',
      'fr',
      'pt',
      'zh-CN',
      'ru',
    ]);
  });

  it.each([
    [null, 'en'],
    ['', 'en'],
    ['ar-EG,ar;q=0.9,en;q=0.8', 'ar'],
    ['zh-Hant-TW', 'zh-CN'],
    ['en-GB;q=0.5, ru;q=0.9', 'ru'],
    ['de, ja', 'en'],
    ['fr;q=abc, es', 'es'],
  ])('negotiates Accept-Language %s as %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe('prices, lengths and pictures', () => {
  it('formats prices per locale, the currency isolated in right-to-left text only', () => {
    expect(formatPrice('en', 499)).toBe('$499.00');
    expect(formatPrice('fr', 499)).toBe('499,00\u00a0$US');
    expect(formatPrice('ar', 499)).toBe('\u200f499.00\u00a0\u2066US$\u2069');
  });

  it('says a length in hours, or minutes under an hour', () => {
    expect(formatLength('en', 240)).toBe('4 hours');
    expect(formatLength('en', 90)).toBe('1.5 hours');
    expect(formatLength('es', 45)).toBe('45 minutos');
  });

  it('says months and days the same way in the pages, the islands and the PDFs', () => {
    expect(formatMonths('en', 6)).toBe('6 months');
    expect(formatMonths('es', 1)).toBe('1 mes');
    // Just before midnight UTC: the server, knowing no reader's time zone, writes the UTC day.
    expect(formatDay('en', '2026-11-23T23:30:00Z', 'UTC')).toBe('November 23, 2026');
    expect(formatDay('fr', new Date(Date.UTC(2027, 0, 5)), 'UTC')).toBe('5 janvier 2027');
    expect(formatDateTime('en', new Date(2026, 10, 23, 9, 5))).toBe('Nov 23, 2026, 9:05 AM');
  });

  it('offers AVIF for a picture the server stored, nothing more for one stored elsewhere', () => {
    expect(imageSources('/api/images/0123456789abcdef01234567.webp')).toEqual([{ type: 'image/avif', srcset: '/api/images/0123456789abcdef01234567.avif' }]);
    expect(imageSources('https://img.example/a.webp')).toEqual([]);
    expect(imageSources(null)).toEqual([]);
  });
});
