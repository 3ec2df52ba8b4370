import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.ts';
import { DICTIONARIES, sections } from '../../src/i18n/index.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

const keys = Object.keys(en).sort();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sources(path);
    return /\.(ts|tsx|astro|md|mdx|json|yaml)$/.test(name) ? [path] : [];
  });
}

describe('translations', () => {
  it.each(LOCALES.map((l) => l.code))('%s has exactly the English keys, none empty', (code) => {
    const dict = DICTIONARIES[code];
    expect(Object.keys(dict).sort()).toEqual(keys);
    for (const key of keys) expect(dict[key as keyof typeof dict].trim(), key).not.toBe('');
  });

  it('hands an island whole sections: every key under a prefix and its dot, in the page language', () => {
    const strings = sections('es', 'login.standIn', 'common');
    expect(Object.keys(strings).sort()).toEqual(keys.filter((key) => key.startsWith('login.standIn.') || key.startsWith('common.')));
    expect(strings['common.email']).toBe(DICTIONARIES.es['common.email']);
    expect(Object.keys(sections('en', 'course')).filter((key) => key.startsWith('courses.'))).toEqual([]);
  });

  // A key counts as used where its literal is read: pages hand islands whole sections by prefix, so no list of keys stands in for a use.
  it('uses every key somewhere in the site', () => {
    const text = sources(join(import.meta.dirname, '../../src'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = keys.filter((key) => !text.includes(`'${key}'`) && !text.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });
});
