import { describe, expect, it } from 'vitest';
import { auditChanges } from '../../src/domain/audit-diff.ts';
import { ar } from '../../src/i18n/ar.ts';
import { en } from '../../src/i18n/en.ts';
import type { Dict } from '../../src/i18n/index.ts';
import { historyLine, type HistoryStrings } from '../../src/islands/ui/history-lines.ts';

const history = (dict: Dict) => Object.fromEntries(Object.entries(dict).filter(([k]) => k.startsWith('history.'))) as HistoryStrings;
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
const lines = (before: unknown, after: unknown, locale = 'en', dict: Dict = en, arrow = '→') =>
  auditChanges(before, after).map((c) =>
    plain(historyLine(c, { locale, strings: history(dict), names: { 'fetoscopy-simulator': 'Fetoscopic laser' }, arrow })),
  );

const kase = (title: string) => ({ title, bubbles: [] });

describe('history lines', () => {
  it('say a plan’s price, length and visibility in the reader’s terms, old → new', () => {
    expect(lines({ price: 499, duration: 12, visibility: true }, { price: 399, duration: 6, visibility: false })).toEqual([
      'Price: $499.00 → $399.00',
      'Duration: 12 months → 6 months',
      'On sale: yes → no',
    ]);
  });

  it('name the courses a plan gained or lost by their titles, an unknown one by its id', () => {
    expect(lines({ courses: ['gone'] }, { courses: ['fetoscopy-simulator'] })).toEqual(['Courses: added Fetoscopic laser; Courses: removed gone']);
  });

  it('summarise modules and cases instead of showing them as data', () => {
    const before = { levels: [{ title: 'Basics', active: true, cases: [kase('One'), kase('Two')] }] };
    const after = {
      levels: [
        { title: 'Basics', active: false, cases: [kase('One'), kase('2nd'), kase('Three')] },
        { title: 'TAPS', active: true, cases: [kase('Stage 2')] },
      ],
    };
    expect(lines(before, after)).toEqual([
      'Module Basics: now hidden from learners; cases added: Three; cases changed: 2nd (was Two)',
      'Module added: TAPS: cases added: Stage 2',
    ]);
    expect(lines(after, before)).toEqual(['Module Basics: now shown to learners; cases removed: Three; cases changed: Two (was 2nd)', 'Module removed: TAPS']);
  });

  it('name the languages whose texts changed, a new picture and a first value', () => {
    expect(lines({ thumbnail: 'a.webp', translations: {} }, { thumbnail: 'b.webp', translations: { fr: { title: 'Laser' } } })).toEqual([
      'Picture changed',
      'Translations changed: French',
    ]);
    expect(lines(null, { title: 'Laser', durationMinutes: 90 })).toEqual(['Title: none → Laser', 'Estimated time: none → 1.5 hours']);
  });

  it('read in Arabic with the arrow pointing the way the line reads and the stored texts isolated', () => {
    const [line] = auditChanges({ title: 'Laser' }, { title: 'Laser II' }).map((c) =>
      historyLine(c, { locale: 'ar', strings: history(ar), names: {}, arrow: '←' }),
    );
    expect(line).toBe('العنوان: \u2068Laser\u2069 ← \u2068Laser II\u2069');
  });
});
