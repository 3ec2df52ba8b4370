import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from './fixtures.ts';
import { en } from '../../src/i18n/en.ts';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { distDir } from '../../src/server/config.ts';

const OTHER_LOCALES = LOCALES.map((l) => l.code).filter((c) => c !== 'en');

/** Every page the build wrote, as the English path it serves ('/', '/news/congress-2023', ...), read from the built site. */
function builtPages(): string[] {
  const client = join(distDir(), 'client');
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '_astro' && !(dir === client && OTHER_LOCALES.includes(entry.name as (typeof OTHER_LOCALES)[number]))) walk(path);
      } else if (entry.name === 'index.html') {
        const route = relative(client, dir).split(sep).join('/');
        pages.push(`/${route}`);
      }
    }
  };
  walk(client);
  return pages.sort();
}

/** Every key prefix of the dictionary ('nav', 'pricing', 'sim', ...), so a key of any area, known or misspelt, is caught. */
const PREFIXES = [...new Set(Object.keys(en).map((k) => k.split('.')[0]!))];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
/** A dictionary key left in the page instead of its text, e.g. "contact.submit" or "pricing.subscribers.count". */
const RAW_KEY = new RegExp(`(?<![\\w@/.:-])(?:${PREFIXES.map(escape).join('|')})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*(?![\\w/-])`, 'g');

/** What a person reads or hears: the text, and the attributes that carry words (labels, placeholders, titles, alt text, meta descriptions). */
function readable(html: string): string {
  const withoutCode = html.replace(/<(script|style)\b[\s\S]*?<\/\1>/g, ' ');
  const attributes = [...withoutCode.matchAll(/\s(?:aria-label|placeholder|title|alt|content)="([^"]*)"/g)].map((m) => m[1]);
  return `${withoutCode.replace(/<[^>]+>/g, ' ')} ${attributes.join(' ')}`;
}

test('no page of any locale shows a raw dictionary key: every built page, the catalogue, the plans and every course page', async ({ request }) => {
  const built = builtPages();
  expect(built).toEqual(expect.arrayContaining(['/', '/login', '/simulator', '/news', '/support']));
  const courses = (await (await request.get('/api/courses')).json()) as Array<{ id: string }>;
  expect(courses.length).toBeGreaterThan(0);
  // The pages rendered on demand: the catalogue, the plans and every course.
  const pages = [...built, '/courses', '/pricing', ...courses.map((c) => `/courses/${c.id}`)];
  const found: string[] = [];
  let checked = 0;
  for (const { code } of LOCALES) {
    for (const path of pages) {
      const url = localePath(code, path);
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      for (const [raw] of readable(await res.text()).matchAll(RAW_KEY)) found.push(`${url}: ${raw}`);
      checked++;
    }
  }
  expect(found).toEqual([]);
  expect(checked).toBe(LOCALES.length * pages.length);
});

test('the raw-key scan recognises a key of every prefix and leaves ordinary text alone', () => {
  for (const key of Object.keys(en)) expect(`Text ${key} text`.match(RAW_KEY)?.[0], key).toBe(key);
  expect('Write to admin@example.com or see https://www.paypal.com/checkout, version 1.2.3.'.match(RAW_KEY)).toBeNull();
});
