import type { ContentLocale, TitleText, Translations } from '../../domain/localize.ts';

/** A text as the editor shows it in `lang`: the English itself, or its translation, empty while none is written. */
export function textIn(lang: ContentLocale, english: string, translated: string | undefined): string {
  return lang === 'en' ? english : (translated ?? '');
}

/** A module's or a case's title in `lang`. */
export function titleIn(lang: ContentLocale, item: { title: string; translations?: Translations<TitleText> | undefined }): string {
  return textIn(lang, item.title, lang === 'en' ? undefined : item.translations?.[lang]?.title);
}
