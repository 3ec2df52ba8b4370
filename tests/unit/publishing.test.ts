import { describe, expect, it } from 'vitest';
import { TRANSLATED_LOCALES } from '../../src/domain/localize.ts';
import { allClear, missingTexts, publishChecks, publishSummary } from '../../src/domain/publishing.ts';

const course = (cases: number[], over: object = {}) => ({
  title: 'C',
  subtitle: 'S',
  levels: cases.map((n, m) => ({ id: `m${m}`, active: true, cases: Array.from({ length: n }, (_, i) => ({ id: `m${m}c${i}`, title: `Case ${i}` })) })),
  ...over,
});

describe('what publishing a draft changes for learners', () => {
  it('counts the cases and modules learners will see added or removed', () => {
    expect(publishSummary(course([2]), course([2, 2]))).toMatchObject({ firstPublication: false, casesAdded: 2, modulesAdded: 1, casesRemoved: 0 });
    expect(publishSummary(course([3, 1]), course([3]))).toMatchObject({ casesRemoved: 1, modulesRemoved: 1 });
  });

  it('leaves out modules hidden from learners', () => {
    const hidden = { ...course([2]), levels: [...course([2]).levels, { id: 'hidden', active: false, cases: [{ id: 'x', title: 'x' }] }] };
    expect(publishSummary(course([2]), hidden)).toMatchObject({ casesAdded: 0, modulesAdded: 0, otherChanges: true });
  });

  it('says when the rules change, when only texts do, and when it is the first publication', () => {
    expect(publishSummary(course([1]), course([1], { proficiencyOrder: true })).rulesChanged).toBe(true);
    expect(publishSummary(course([1]), course([1], { title: 'Renamed' }))).toMatchObject({ rulesChanged: false, otherChanges: true });
    expect(publishSummary(course([1]), { ...course([1]) })).toMatchObject({ otherChanges: false, casesAdded: 0 });
    expect(publishSummary(null, course([1]))).toMatchObject({ firstPublication: true, casesAdded: 1, modulesAdded: 1 });
  });

  it('tells a case replaced by another from a change of texts, by their ids', () => {
    const replaced = course([2]);
    replaced.levels[0]!.cases[1] = { id: 'new', title: 'Case 1' };
    expect(publishSummary(course([2]), replaced)).toMatchObject({ casesAdded: 1, casesRemoved: 1, reordered: false, otherChanges: false });
  });

  it('says when modules or cases learners keep stand in another order, a case moved to another module included', () => {
    const swapped = course([2, 1]);
    swapped.levels.reverse();
    expect(publishSummary(course([2, 1]), swapped)).toMatchObject({ reordered: true, casesAdded: 0, modulesAdded: 0, otherChanges: false });
    const across = course([2, 1]);
    across.levels[1]!.cases.unshift(across.levels[0]!.cases.pop()!);
    expect(publishSummary(course([2, 1]), across)).toMatchObject({ reordered: true, casesAdded: 0, casesRemoved: 0 });
    const hiddenMoved = { ...course([1]), levels: [...course([1]).levels, { id: 'h1', active: false, cases: [] }, { id: 'h2', active: false, cases: [] }] };
    const hiddenSwapped = { ...hiddenMoved, levels: [hiddenMoved.levels[0]!, hiddenMoved.levels[2]!, hiddenMoved.levels[1]!] };
    expect(publishSummary(hiddenMoved, hiddenSwapped)).toMatchObject({ reordered: false, otherChanges: true });
  });
});

describe('what Publish points at first: texts a language lacks and placeholders left', () => {
  const all = (title: string) => Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { title: `${title} (${l})` }]));
  /** A course written in every language, which tests below take texts away from. */
  const full = () => ({
    title: 'Laser lab',
    subtitle: 'Coagulation',
    outcomes: ['Steer', 'Coagulate'],
    translations: Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, { title: `T ${l}`, subtitle: `S ${l}`, outcomes: [`a ${l}`, `b ${l}`] }])),
    levels: [
      { title: 'Bench', active: true, translations: all('Bench'), cases: [{ title: 'Straight', translations: all('Straight') }] },
      { title: 'Hidden', active: false, cases: [{ title: 'New Case' }] },
    ],
  });

  it('finds nothing in a course written in every language, its hidden modules left out', () => {
    expect(publishChecks(full())).toEqual({ missing: [], placeholders: [] });
    expect(allClear(publishChecks(full()))).toBe(true);
  });

  it("names each text a language lacks, the outcomes when a line is missing, and English's as never missing", () => {
    const course = full();
    course.translations.ar = { title: ' ', subtitle: 'S ar', outcomes: ['a ar', ''] };
    course.levels[0]!.cases = [{ title: 'Straight', translations: { ...all('Straight'), ar: { title: '' } } }];
    expect(missingTexts(course, 'ar')).toEqual([{ text: 'title' }, { text: 'outcomes' }, { text: 'case', module: 1, case: 1 }]);
    expect(missingTexts(course, 'es')).toEqual([]);
    expect(missingTexts(course, 'en')).toEqual([]);
  });

  it('asks for no subtitle or outcomes English leaves empty', () => {
    const course = { ...full(), subtitle: '', outcomes: [], translations: { es: { title: 'T' } } };
    expect(missingTexts(course, 'es')).toEqual([]);
  });

  it('groups the languages that lack the same texts, in the order of the site', () => {
    const fresh = { title: 'New Course', subtitle: 'new course', levels: [{ title: 'New Module', active: true, cases: [{ title: 'New Case' }] }] };
    const checks = publishChecks({ ...fresh, translations: { fr: { title: 'Nouveau', subtitle: 'nouveau' } } });
    const texts = [{ text: 'title' }, { text: 'subtitle' }, { text: 'module', module: 1 }, { text: 'case', module: 1, case: 1 }];
    expect(checks.missing).toEqual([
      { locales: TRANSLATED_LOCALES.filter((l) => l !== 'fr'), texts },
      { locales: ['fr'], texts: texts.slice(2) },
    ]);
    expect(checks.placeholders).toEqual([
      { text: 'title', value: 'New Course' },
      { text: 'subtitle', value: 'new course' },
      { text: 'module', module: 1, value: 'New Module' },
      { text: 'case', module: 1, case: 1, value: 'New Case' },
    ]);
    expect(allClear(checks)).toBe(false);
  });

  it('takes a placeholder with spaces around it for one, and a text that merely contains it for a text of its own', () => {
    const course = { ...full(), subtitle: ' new course ', title: 'New Course on lasers' };
    expect(publishChecks(course).placeholders).toEqual([{ text: 'subtitle', value: 'new course' }]);
  });
});
