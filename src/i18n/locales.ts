/**
 * The seven languages of the site, the one list Astro's config, the dictionaries, the contract, the server and the PDFs
 * read: code (the URL prefix, and the Intl tag its dates and numbers are formatted with, src/domain/format.ts), native
 * label, direction, and the locale PayPal's JS SDK is asked for (so its buttons and window speak the page's language).
 */
export const LOCALES = [
  { code: 'en', label: 'English', dir: 'ltr', paypal: 'en_US' },
  { code: 'es', label: 'Español', dir: 'ltr', paypal: 'es_ES' },
  { code: 'fr', label: 'Français', dir: 'ltr', paypal: 'fr_FR' },
  { code: 'ar', label: 'العربية', dir: 'rtl', paypal: 'ar_EG' },
  { code: 'pt', label: 'Português', dir: 'ltr', paypal: 'pt_BR' },
  { code: 'zh-CN', label: '中文', dir: 'ltr', paypal: 'zh_CN' },
  { code: 'ru', label: 'Русский', dir: 'ltr', paypal: 'ru_RU' },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

/** The locale PayPal's JS SDK is asked for (its `locale` parameter), by our locale. */
export const PAYPAL_LOCALE = Object.fromEntries(LOCALES.map((l) => [l.code, l.paypal])) as Record<Locale, string>;

/** Our locale for a PayPal locale (the stand-in SDK reads the one the page asked for); English for anything else. */
export function fromPaypalLocale(paypal: string | undefined): Locale {
  return (Object.keys(PAYPAL_LOCALE) as Locale[]).find((code) => PAYPAL_LOCALE[code] === paypal) ?? 'en';
}
export const DEFAULT_LOCALE: Locale = 'en';
export const LANGUAGE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l.code === value);
}

export function dirOf(locale: Locale): 'ltr' | 'rtl' {
  return LOCALES.find((l) => l.code === locale)?.dir ?? 'ltr';
}

/** The URL of `path` (which starts with /) in `locale`: English unprefixed, the others under /{code}. */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Splits a pathname into its locale and the path without the prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (first && isLocale(first) && first !== DEFAULT_LOCALE) {
    const path = `/${rest.join('/')}`;
    return { locale: first, path: path === '/' ? '/' : path.replace(/\/$/, '') };
  }
  const path = pathname.replace(/\/$/, '') || '/';
  return { locale: DEFAULT_LOCALE, path };
}

/** getStaticPaths for pages under src/pages/[...lang]/: English at the root, the others prefixed. */
export function localeStaticPaths() {
  return LOCALES.map((l) => ({ params: { lang: l.code === DEFAULT_LOCALE ? undefined : l.code } }));
}

/** The locale of a page from its [...lang] parameter; null for anything that is not one of ours. */
export function localeOf(param: string | undefined): Locale | null {
  if (param === undefined) return DEFAULT_LOCALE;
  return isLocale(param) && param !== DEFAULT_LOCALE ? param : null;
}
