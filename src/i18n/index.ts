import i18next from 'i18next';
import { ar } from './ar.ts';
import { en, type Dict, type Key } from './en.ts';
import { es } from './es.ts';
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

/** The translation function for one locale (server side and at build time). */
export function useT(locale: Locale): T {
  const fixed = engine.getFixedT(locale);
  return (key, vars) => fixed(key, vars);
}

/** The strings one island needs, picked so the page ships only those. */
export function pick<K extends Key>(locale: Locale, keys: readonly K[]): Record<K, string> {
  const t = useT(locale);
  return Object.fromEntries(keys.map((k) => [k, t(k)])) as Record<K, string>;
}

export type { Key, Dict };
