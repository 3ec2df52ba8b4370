import { defineMiddleware } from 'astro:middleware';
import { useT } from './i18n/index.ts';
import { splitLocale } from './i18n/locales.ts';

/**
 * The page's language (from its address: English unprefixed, the others under /{code}) and its translator, set once
 * per request (at build time for prerendered pages), so pages and components read them from Astro.locals.
 */
export const onRequest = defineMiddleware((context, next) => {
  const { locale } = splitLocale(context.url.pathname);
  context.locals.locale = locale;
  context.locals.t = useT(locale);
  return next();
});
