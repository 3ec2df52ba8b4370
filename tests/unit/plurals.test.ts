import { describe, expect, it } from 'vitest';
import { en, type Key } from '../../src/i18n/en.ts';
import { fill, pluralForms } from '../../src/i18n/fill.ts';
import { DICTIONARIES, sections, useT } from '../../src/i18n/index.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

const BLOCK = /\{\{(\w+)((?:\|[^|{}]*)+)\}\}/g;

/** The plural categories whole counts take in a language (es, fr and pt's `many` is for millions only). */
function categoriesOfCounts(locale: string): Set<string> {
  const rules = new Intl.PluralRules(locale);
  return new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
}

describe('plural forms', () => {
  it('choose the form a language gives each count, through Intl.PluralRules, on the server', () => {
    const ru = useT('ru');
    expect(ru('progress.summary', { passed: 1, total: 1 })).toBe('Пройдено 1 из 1 случая');
    expect(ru('progress.summary', { passed: 2, total: 5 })).toBe('Пройдено 2 из 5 случаев');
    expect(ru('progress.summary', { passed: 2, total: 21 })).toBe('Пройдено 2 из 21 случая');
    expect(useT('en')('progress.summary', { passed: 1, total: 1 })).toBe('1 of 1 case passed');
    expect(useT('en')('course.summary.casesAdded', { n: 2 })).toMatch(/^Adds 2 cases:/);
  });

  it('are chosen in an island by the language of the strings it was handed', () => {
    const ar = sections('ar', 'progress')['progress.summary'];
    expect(fill(ar, { passed: 0, total: 1 })).toBe('اجتزت 0 من حالة واحدة');
    expect(fill(ar, { passed: 1, total: 2 })).toBe('اجتزت 1 من حالتين');
    expect(fill(ar, { passed: 1, total: 7 })).toBe('اجتزت 1 من 7 حالات');
    expect(fill(ar, { passed: 1, total: 11 })).toBe('اجتزت 1 من 11 حالة');
    expect(fill(sections('en', 'progress')['progress.summary'], { passed: 3, total: 12 })).toBe('3 of 12 cases passed');
  });

  it('agree with the simulator’s counts: one false mark, eleven anastomoses in Arabic, one in Russian', () => {
    const misclassified = (lang: 'en' | 'ar' | 'ru', vars: Record<string, string>) =>
      fill(sections(lang, 'sim.debrief')['sim.debrief.why.misclassified'], vars);
    expect(misclassified('en', { mistyped: '2', found: '4', falseMarks: '1', tolerance: '0' })).toContain('2 of the 4 anastomoses you marked, and 1 mark on');
    expect(fill(sections('ar', 'sim.debrief')['sim.debrief.why.residual'], { open: '2', total: '11', tolerance: '0' })).toContain('2 من 11 مفاغرة');
    expect(fill(sections('ru', 'sim.debrief')['sim.debrief.why.residual'], { open: '1', total: '1', tolerance: '0' })).toContain('1 из 1 анастомоза');
  });

  it('leave a count given no value as it is', () => {
    expect(fill('{{n|one:# case|other:# cases}}', {})).toBe('{{n|one:# case|other:# cases}}');
  });

  it.each(LOCALES.map((l) => l.code))('are written in %s for every category its counts take, with other to fall back on', (code) => {
    const needed = [...categoriesOfCounts(code), 'other'];
    const missing = Object.entries(DICTIONARIES[code]).flatMap(([key, text]) =>
      [...text.matchAll(BLOCK)].flatMap(([, name, forms]) => {
        const have = pluralForms(forms!).forms;
        return needed.filter((c) => !have.has(c)).map((c) => `${key} {{${name}}}: ${c}`);
      }),
    );
    expect(missing).toEqual([]);
  });

  it('leave no "attempt(s)" in any language', () => {
    // Russian's (а) marks a gender, not a count.
    const guessed = /\p{L}\((s|es|x|и|ы|ов|ей|ев)\)/u;
    const found = LOCALES.flatMap((l) => (Object.keys(en) as Key[]).filter((key) => guessed.test(DICTIONARIES[l.code][key])).map((key) => `${l.code} ${key}`));
    expect(found).toEqual([]);
  });
});
