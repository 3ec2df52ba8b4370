import type { ContentLocale, TitleText, Translations } from '../../domain/localize.ts';
import type { CourseTextRef } from '../../domain/publishing.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { LOCALES } from '../../i18n/locales.ts';

/** A text as the editor shows it in `lang`: the English itself, or its translation, empty while none is written. */
export function textIn(lang: ContentLocale, english: string, translated: string | undefined): string {
  return lang === 'en' ? english : (translated ?? '');
}

/** A module's or a case's title in `lang`. */
export function titleIn(lang: ContentLocale, item: { title: string; translations?: Translations<TitleText> | undefined }): string {
  return textIn(lang, item.title, lang === 'en' ? undefined : item.translations?.[lang]?.title);
}

/** The strings that name a course's texts: the editor's own field labels, so each missing text is found by its name. */
export type TextNames = Pick<Sections<'course'>, 'course.title' | 'course.subtitle' | 'course.text.outcomes' | 'course.moduleTitle' | 'course.caseTitle'>;

/** A text of the course (a publishing check's), named as the editor labels its field. */
export function textName(ref: CourseTextRef, strings: TextNames): string {
  if (ref.text === 'module') return fill(strings['course.moduleTitle'], { n: ref.module ?? 0 });
  if (ref.text === 'case') return fill(strings['course.caseTitle'], { n: ref.module ?? 0, c: ref.case ?? 0 });
  return strings[ref.text === 'outcomes' ? 'course.text.outcomes' : ref.text === 'title' ? 'course.title' : 'course.subtitle'];
}

/** Several texts named in one line of `locale` ("Course title, Subtitle and Title of module 1"). */
export const textNames = (refs: readonly CourseTextRef[], strings: TextNames, locale: string): string =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(refs.map((ref) => textName(ref, strings)));

/** Text of another direction or script kept whole in a line (Unicode's first-strong isolate): "Español" in an Arabic list. */
export const isolated = (text: string): string => `\u2068${text}\u2069`;

/** Languages named in their own words, each isolated, in one line of `locale`. */
export const languageNames = (codes: readonly ContentLocale[], locale: string): string =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(codes.map((code) => isolated(LOCALES.find((l) => l.code === code)?.label ?? code)));
