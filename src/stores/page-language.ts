import { isContentLocale, type ContentLocale } from '../domain/localize.ts';

/**
 * The language of the page a store runs in (`<html lang>`, which the Base layout sets from the route): the language
 * the API is asked to answer titles in and Firebase writes its emails in, whatever the browser's own settings say.
 */
export function pageLanguage(): ContentLocale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isContentLocale(lang) ? lang : 'en';
}

/** Request options that ask for the page's language (Accept-Language), beside the bearer token `auth()` made, if any. */
export function inPageLanguage(options: { headers: Record<string, string> } = { headers: {} }): { headers: Record<string, string> } {
  return { headers: { ...options.headers, 'accept-language': pageLanguage() } };
}
