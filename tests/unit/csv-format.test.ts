import { describe, expect, it } from 'vitest';
import { csvSeparatorFor, separatorChar } from '../../src/domain/csv-format.ts';
import { LOCALES } from '../../src/i18n/locales.ts';

describe('the separator of an export for a person', () => {
  it('is the semicolon where numbers take a decimal comma, the comma elsewhere', () => {
    expect(Object.fromEntries(LOCALES.map((l) => [l.code, csvSeparatorFor(l.code)]))).toEqual({
      en: 'comma',
      es: 'semicolon',
      fr: 'semicolon',
      ar: 'comma',
      pt: 'semicolon',
      'zh-CN': 'comma',
      ru: 'semicolon',
    });
  });

  it('is written as its character', () => {
    expect([separatorChar('comma'), separatorChar('semicolon')]).toEqual([',', ';']);
  });
});
