import { defineMiddleware } from 'astro:middleware';
import { useT } from './i18n/index.ts';
import { DEFAULT_LOCALE, localeOf, splitLocale } from './i18n/locales.ts';

/**
 * The page's language and its translator, set once per request (at build time for prerendered pages), so pages and
 * components read them from Astro.locals. A page under [...lang] is in the language its parameter names (English when
 * that is none of ours: the page answers 404); any other (the 404 page) in the one its address starts with.
 */
export const onRequest = defineMiddleware((context, next) => {
  const { lang } = context.params;
  const locale = lang === undefined ? splitLocale(context.url.pathname).locale : (localeOf(lang) ?? DEFAULT_LOCALE);
  context.locals.locale = locale;
  context.locals.t = useT(locale);
  return next();
});
