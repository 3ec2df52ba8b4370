import { describe, expect, it } from 'vitest';
import { en, type Key } from '../../src/i18n/en.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

/**
 * The names a string interpolates, in the one style i18next and `fill` read: `{{name}}`. A single-brace `{name}`
 * is read too, to be refused: nothing would fill it. A translation that renames, drops or adds a placeholder would
 * show it raw or lose a value in that language only.
 */
function placeholders(text: string) {
  const names = (re: RegExp) => [...new Set([...text.matchAll(re)].map((m) => m[1]!))].sort();
  // A count's forms, {{n|one:# case|other:# cases}}, fill the placeholder n.
  const double = names(/\{\{(\w+)(?:\|[^{}]*)?\}\}/g);
  const single = names(/(?<!\{)\{(\w+)\}(?!\})/g);
  // Whatever braces are left over are a placeholder typed wrong: "{{date}", "{ title }", "{{ count }}".
  const stray =
    text
      .replace(/\{\{\w+(?:\|[^{}]*)?\}\}/g, '')
      .replace(/\{\w+\}/g, '')
      .match(/[{}]/g)?.length ?? 0;
  return { double, single, stray };
}

const keys = Object.keys(en) as Key[];

describe('placeholders', () => {
  it('are well formed in English', () => {
    expect(keys.filter((key) => placeholders(en[key]).stray > 0)).toEqual([]);
  });

  it('are all written {{name}}, the style every string is filled in', () => {
    expect(keys.filter((key) => placeholders(en[key]).single.length > 0)).toEqual([]);
  });

  it.each(LOCALES.map((l) => l.code).filter((c) => c !== 'en'))('are the English ones in %s, key by key', (code) => {
    const dict = DICTIONARIES[code];
    const differing = keys
      .filter((key) => JSON.stringify(placeholders(dict[key])) !== JSON.stringify(placeholders(en[key])))
      .map((key) => ({ key, en: placeholders(en[key]), [code]: placeholders(dict[key]) }));
    expect(differing).toEqual([]);
  });

  it('are compared for every key that has any', () => {
    const withPlaceholders = keys.filter((key) => placeholders(en[key]).double.length + placeholders(en[key]).single.length > 0);
    expect(withPlaceholders).toContain('checkout.success');
    expect(withPlaceholders).toContain('pricing.subscribers.count');
  });
});
