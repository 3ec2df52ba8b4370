import { getCollection, getEntry } from 'astro:content';
import type { LegalPage } from '../../domain/legal.ts';
import type { Key } from '../../i18n/en.ts';
import type { Locale } from '../../i18n/locales.ts';

/** The home page's words and pictures in one locale. */
export async function homeContent(locale: Locale) {
  const entry = await getEntry('home', locale);
  if (!entry) throw new Error(`src/content/home/${locale}.json is missing`);
  return entry.data;
}

/** A Markdown page (information, support) in one locale. */
export async function pageContent(locale: Locale, name: 'information' | 'support') {
  const entry = await getEntry('pages', `${locale}/${name}`);
  if (!entry) throw new Error(`src/content/pages/${locale}/${name}.md is missing`);
  return entry;
}

/** The news of one locale, newest first. */
export async function newsOf(locale: Locale) {
  const entries = await getCollection('news', (e) => e.id.startsWith(`${locale}/`));
  return entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
}

/** The slug of a news entry (its file name), the same in every locale. */
export const newsSlug = (id: string) => id.slice(id.indexOf('/') + 1);

/** A legal page (privacy, terms, refunds, cookies) in one locale. */
export async function legalContent(locale: Locale, page: LegalPage) {
  const entry = await getEntry('legal', `${locale}/${page}`);
  if (!entry) throw new Error(`src/content/legal/${locale}/${page}.md is missing`);
  return entry;
}

/** Each legal page's short name, as the footer and the forms link to it. */
export const LEGAL_LINKS = {
  privacy: 'legal.privacy',
  terms: 'legal.terms',
  refunds: 'legal.refunds',
  cookies: 'legal.cookies',
} as const satisfies Record<LegalPage, Key>;
