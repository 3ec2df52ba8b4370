import i18next from 'i18next';
import { ar } from './ar.ts';
import { en, type Dict, type Key } from './en.ts';
import { es } from './es.ts';
import { fill, inLanguage } from './fill.ts';
import { fr } from './fr.ts';
import type { Locale } from './locales.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import { zhCN } from './zh-CN.ts';

/** Every language's dictionary, by locale code. */
export const DICTIONARIES: Record<Locale, Dict> = { en, es, fr, ar, pt, 'zh-CN': zhCN, ru };

const engine = i18next.createInstance();
void engine.init({
  resources: Object.fromEntries(Object.entries(DICTIONARIES).map(([code, dict]) => [code, { translation: dict }])),
  lng: 'en',
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export type T = (key: Key, vars?: Record<string, string | number>) => string;

/** The translation function for one locale (server side and at build time); counts take the locale's plural forms. */
export function useT(locale: Locale): T {
  const fixed = engine.getFixedT(locale);
  return (key, vars) => (vars ? fill(inLanguage(locale, fixed(key, vars)), vars) : fixed(key));
}

/** Every dotted start of a key ('course', 'course.sim', 'sim.debrief', ...): the dictionary's sections. */
type Starts<K extends string> = K extends `${infer Head}.${infer Rest}` ? Head | `${Head}.${Starts<Rest>}` : never;
export type Prefix = Starts<Key>;

/** The strings of every key under the prefixes P, key by key: Sections<'course'> has 'course.save', 'course.sim.task', ... */
export type Sections<P extends Prefix> = Record<Extract<Key, `${P}.${string}`>, string>;

/**
 * Whole dictionary sections for one island. Pages hand strings over by prefix and islands read them by their literal
 * keys, so no list of keys is kept beside the code that shows them, and the unused-key check sees where each is read.
 */
export function sections<P extends Prefix>(locale: Locale, ...prefixes: P[]): Sections<P> {
  const t = useT(locale);
  const keys = (Object.keys(en) as Key[]).filter((key) => prefixes.some((prefix) => key.startsWith(`${prefix}.`)));
  return Object.fromEntries(keys.map((key) => [key, inLanguage(locale, t(key))])) as Sections<P>;
}

export type { Key, Dict };
