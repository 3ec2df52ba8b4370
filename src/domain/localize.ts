import { LOCALES, type Locale } from '../i18n/locales.ts';

/**
 * Content (courses, modules, cases, plans) in seven languages: English lives in the entity's own fields and is
 * required; the six other languages sit beside it in `translations`, and whatever one of them lacks is read in English.
 */
export type TranslatedLocale = Exclude<Locale, 'en'>;
/** The languages besides English, in the order of the site's one list (src/i18n/locales.ts). */
export const TRANSLATED_LOCALES = LOCALES.map((l) => l.code).filter(
  (code): code is TranslatedLocale => code !== 'en',
) as readonly TranslatedLocale[] as readonly [TranslatedLocale, ...TranslatedLocale[]];
export type ContentLocale = 'en' | TranslatedLocale;
export const CONTENT_LOCALES: readonly ContentLocale[] = ['en', ...TRANSLATED_LOCALES];

export type Translations<T> = Partial<Record<TranslatedLocale, T>>;
export interface CourseText {
  title?: string;
  subtitle?: string;
  outcomes?: string[];
}
export interface PlanText {
  title?: string;
  description?: string;
}
/** A module's or a case's title in another language. */
export interface TitleText {
  title: string;
}

export function isContentLocale(value: unknown): value is ContentLocale {
  return typeof value === 'string' && (CONTENT_LOCALES as readonly string[]).includes(value);
}

/**
 * The content locale for an Accept-Language header: the first listed (by q) that we have, matched on the whole
 * tag, then on its language (`zh`, `zh-Hans`, `zh-TW` all read `zh-CN`, our only Chinese); English otherwise.
 */
export function negotiateLocale(header: string | null | undefined): ContentLocale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const { tag } of ranked) {
    const exact = CONTENT_LOCALES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const near = CONTENT_LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language);
    if (near) return near;
  }
  return 'en';
}

/** A text in another language, or the English one when that is missing or empty. */
export function orEnglish(english: string, translated: string | undefined): string {
  return translated && translated.trim() !== '' ? translated : english;
}

/** One text of an entity in `locale` (`key` of its translation), or its English one when that is missing or empty. */
export function pick<T extends { [P in K]?: string | undefined }, K extends keyof T & string>(
  english: string,
  translations: Translations<T> | undefined,
  locale: ContentLocale,
  key: K,
): string {
  return locale === 'en' ? english : orEnglish(english, translations?.[locale]?.[key] as string | undefined);
}

/** The titles among an entity's translations, to keep with a copy of its English title (a certificate's course). */
export function titlesOf(translations: Translations<{ title?: string | undefined }>): Translations<TitleText> {
  const out: Translations<TitleText> = {};
  for (const locale of TRANSLATED_LOCALES) {
    const title = translations[locale]?.title;
    if (title && title.trim() !== '') out[locale] = { title };
  }
  return out;
}

/** A list (the outcomes) in another language, line by line, each missing line in English; English when it has none. */
export function listOrEnglish(english: string[], translated: string[] | undefined): string[] {
  if (!translated || translated.every((t) => t.trim() === '')) return english;
  return translated.map((t, i) => orEnglish(english[i] ?? '', t)).filter((t) => t !== '');
}

interface LocalizableCase {
  title: string;
  translations?: Translations<TitleText> | undefined;
}
interface LocalizableModule<C extends LocalizableCase> {
  title: string;
  translations?: Translations<TitleText> | undefined;
  cases: C[];
}
interface LocalizableCourse<L> {
  title: string;
  subtitle: string;
  outcomes: string[];
  translations: Translations<CourseText>;
  levels: L[];
}

/** The course as a reader of `locale` sees it: every text in that language, or English where it has none. */
export function localizeCourse<C extends LocalizableCase, L extends LocalizableModule<C>, T extends LocalizableCourse<L>>(course: T, locale: ContentLocale): T {
  if (locale === 'en') return course;
  const own = course.translations[locale];
  return {
    ...course,
    title: orEnglish(course.title, own?.title),
    subtitle: orEnglish(course.subtitle, own?.subtitle),
    outcomes: listOrEnglish(course.outcomes, own?.outcomes),
    levels: course.levels.map((module) => ({
      ...module,
      title: orEnglish(module.title, module.translations?.[locale]?.title),
      cases: module.cases.map((c) => ({ ...c, title: orEnglish(c.title, c.translations?.[locale]?.title) })),
    })),
  };
}

interface LocalizablePlan {
  title: string;
  description: string;
  translations: Translations<PlanText>;
}

export function localizePlan<T extends LocalizablePlan>(plan: T, locale: ContentLocale): T {
  if (locale === 'en') return plan;
  const own = plan.translations[locale];
  return { ...plan, title: orEnglish(plan.title, own?.title), description: orEnglish(plan.description, own?.description) };
}

/**
 * What a subscription is called in `locale`: the title of its plan (`product_id`) in that language, English where that
 * has none; the name stored with the subscription ("… - Admin - Provided") only once the plan is gone.
 */
export function subscriptionTitle(
  subscription: { plan_name: string; product_id: string },
  plans: ReadonlyArray<{ id: string; title: string; translations: Translations<PlanText> }>,
  locale: ContentLocale,
): string {
  const plan = plans.find((p) => p.id === subscription.product_id);
  return plan ? pick(plan.title, plan.translations, locale, 'title') : subscription.plan_name;
}

const blank = (s: string | undefined) => !s || s.trim() === '';

/** The languages in which some text of the course is missing (read in English), for the editor to point at. */
export function missingCourseLocales<C extends LocalizableCase, L extends LocalizableModule<C>>(course: LocalizableCourse<L>): TranslatedLocale[] {
  return TRANSLATED_LOCALES.filter((locale) => {
    const own = course.translations[locale];
    if (blank(own?.title) || blank(own?.subtitle)) return true;
    if (course.outcomes.length > 0 && (own?.outcomes?.length ?? 0) !== course.outcomes.length) return true;
    if (own?.outcomes?.some((o) => blank(o))) return true;
    return course.levels.some((l) => blank(l.translations?.[locale]?.title) || l.cases.some((c) => blank(c.translations?.[locale]?.title)));
  });
}

export function missingPlanLocales(plan: LocalizablePlan): TranslatedLocale[] {
  return TRANSLATED_LOCALES.filter((locale) => blank(plan.translations[locale]?.title) || blank(plan.translations[locale]?.description));
}
