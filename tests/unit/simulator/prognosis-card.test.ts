import { describe, expect, it } from 'vitest';
import type { Prognosis } from '../../../src/domain/simulator/index.ts';
import { prognosisText } from '../../../src/simulator/prognosis-card.ts';
import { translator } from '../../../src/simulator/strings.ts';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { sections } from '../../../src/i18n/index.ts';

const missedSmall: Prognosis = {
  reviewed: false,
  surveyed: 0,
  foundAtReview: 0,
  openLarge: 0,
  openSmall: 2,
  openSuperficial: 0,
  risks: { recurrence: 'low', taps: 'high', rupture: 'moderate' },
};
const facts = { contacts: 1, offPlateJ: 12.4, minutes: 14.2 };

describe('the outcome card', () => {
  it('names each risk with its level and the counts behind it, and says there was no review', () => {
    const { review, lines } = prognosisText(missedSmall, facts, translator(sections('en', 'sim')), 'en');
    expect(review).toMatch(/No final review/);
    expect(lines.map((l) => [l.id, l.level])).toEqual([
      ['recurrence', 'low'],
      ['taps', 'high'],
      ['rupture', 'moderate'],
    ]);
    expect(lines[1]!.head).toBe('TAPS: high risk');
    expect(lines[1]!.text).toMatch(/left open: 2\. /);
    expect(lines[2]!.text).toContain('Contacts with the plate: 1; fired off the plate: 12 J; time open: 14 min');
  });

  it('says what the review surveyed and found', () => {
    const { review } = prognosisText({ ...missedSmall, reviewed: true, surveyed: 0.8, foundAtReview: 1 }, facts, translator(sections('en', 'sim')), 'en');
    expect(review).toBe('Final review: you surveyed 80% of the equator and sealed 1 more anastomoses during it.');
  });

  it('reads in every language with every placeholder filled', () => {
    for (const { code: locale } of LOCALES) {
      const t = translator(sections(locale, 'sim'));
      for (const level of ['low', 'moderate', 'high'] as const) {
        const { review, lines } = prognosisText(
          { ...missedSmall, reviewed: level !== 'low', risks: { recurrence: level, taps: level === 'moderate' ? 'low' : level, rupture: level } },
          facts,
          t,
          locale,
        );
        for (const text of [review, ...lines.flatMap((l) => [l.head, l.text])]) {
          expect(text, `${locale} ${level}`).not.toMatch(/\{\{|\}\}|sim\./);
          expect(text.length).toBeGreaterThan(3);
        }
      }
    }
  });
});
