import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '../../src/domain/legal.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

/** Every locale has every entry of every content collection, with the same shape as English: no page falls back or 404s in one language. */
const content = join(import.meta.dirname, '../../src/content');
const codes = LOCALES.map((l) => l.code);
const others = codes.filter((c) => c !== 'en');

/** A markdown entry's front matter (flat `key: "value"` lines) and body. */
function entry(path: string): { front: Record<string, string>; body: string } {
  const [, head = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path, 'utf8')) ?? [];
  const front = Object.fromEntries([...head.matchAll(/^(\w+):\s*"?(.*?)"?\s*$/gm)].map((m) => [m[1]!, m[2]!]));
  return { front, body: body.trim() };
}

/** The structure of a JSON value: object keys, array lengths, ids and picture paths, with every text replaced by its kind. */
function shape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => shape(v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, k)]));
  if (typeof value === 'string')
    return key === 'id' || key === 'image' || key === 'poster' || /^\.{0,2}\//.test(value) ? value : value.trim() === '' ? 'EMPTY' : 'text';
  return typeof value;
}

describe('content collections', () => {
  it('has one folder or file per locale in each collection, and no other', () => {
    expect(readdirSync(join(content, 'home')).sort()).toEqual(codes.map((c) => `${c}.json`).sort());
    for (const collection of ['pages', 'news', 'legal']) expect(readdirSync(join(content, collection)).sort(), collection).toEqual([...codes].sort());
  });

  it.each(others)('home in %s has the English structure, with every text filled in', (code) => {
    const read = (c: string) => JSON.parse(readFileSync(join(content, 'home', `${c}.json`), 'utf8')) as unknown;
    expect(shape(read(code))).toEqual(shape(read('en')));
    expect(JSON.stringify(shape(read('en')))).not.toContain('EMPTY');
  });

  it.each(['pages', 'news', 'legal'])('%s: every locale has the English entries, titled, described and written', (collection) => {
    const english = readdirSync(join(content, collection, 'en')).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const code of codes) {
      expect(readdirSync(join(content, collection, code)).sort(), `${collection}/${code}`).toEqual(english);
      for (const file of english) {
        const { front, body } = entry(join(content, collection, code, file));
        const where = `${collection}/${code}/${file}`;
        expect(front.title, where).toBeTruthy();
        expect(front.description, where).toBeTruthy();
        expect(body.length, where).toBeGreaterThan(0);
        // A news item happened on one day, whatever the language.
        if (collection === 'news') expect(front.date, where).toBe(entry(join(content, collection, 'en', file)).front.date);
        // A legal text changes for every language at once, so each says the same day.
        if (collection === 'legal') expect(front.updated, where).toBe(entry(join(content, collection, 'en', file)).front.updated);
      }
    }
  });

  it('has a legal text for every page the footer links to', () => {
    expect(readdirSync(join(content, 'legal', 'en')).sort()).toEqual(LEGAL_PAGES.map((page) => `${page}.md`).sort());
  });

  it('reads the entries it checks', () => {
    expect(existsSync(join(content, 'news/ar/congress-2023.md'))).toBe(true);
    expect(entry(join(content, 'news/en/congress-2023.md')).front).toMatchObject({ title: 'The simulator at Congress 2023', date: '2023-10-12' });
  });
});
