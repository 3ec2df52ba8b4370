import { describe, expect, it } from 'vitest';
import { NewUser, UserSave } from '../../src/api/users.ts';
import { stripInvisible } from '../../src/domain/text.ts';
import { TERMS_VERSION } from '../../src/domain/legal.ts';

const RLO = '\u202E';

describe('invisible characters in user text', () => {
  it.each([
    ['a right-to-left override', `Ada ${RLO}nimdA`, 'Ada nimdA'],
    ['embeddings, isolates and their pop', 'A\u202Ab\u202Bc\u202Cd\u2066e\u2067f\u2068g\u2069', 'Abcdefg'],
    ['left-to-right, right-to-left and Arabic letter marks', 'a\u200Eb\u200Fc\u061Cd', 'abcd'],
    ['zero-width spaces, word joiners, invisible operators and byte-order marks', 'a\u200Bb\u2060c\u2062d\uFEFFe', 'abcde'],
    ['tag characters and Hangul fillers', 'a\u{E0041}b\u3164c\u115Fd', 'abcd'],
    ['control characters', 'a\x1B[31mb\x7Fc\x85d', 'a[31mbcd'],
    ['Khmer inherent vowels', 'a\u17B4b\u17B5c', 'abc'],
    ['a variation selector after a letter', 'Ana\uFE0F\uFE0E', 'Ana'],
    ['an ideographic variation selector after a letter', 'Ana\u{E0100}', 'Ana'],
    ['the Braille blank', 'An\u2800a', 'Ana'],
    ['line and paragraph separators', 'Ana\u2028Bel\u2029', 'AnaBel'],
    ['a zero-width space between an emoji and its selector, keeping the selector', '\u2695\u200B\uFE0F', '\u2695\uFE0F'],
  ])('removes %s', (_label, input, output) => {
    expect(stripInvisible(input)).toBe(output);
  });

  it.each([
    ['Arabic', 'محمد علي'],
    ['a Persian word with a zero-width non-joiner', 'می‌خواهم'],
    ['an emoji sequence with zero-width joiners', '👩‍⚕️ Dra. Ana'],
    ['a heart drawn as an emoji', '❤️ Ana'],
    ['an ideograph with its variation selector', '葛\u{E0100}西'],
    ['tabs and line breaks', 'line 1\n\tline 2\r\n'],
    ['a phone number', '+54 11 5555-0000'],
  ])('keeps %s', (_label, text) => {
    expect(stripInvisible(text)).toBe(text);
  });

  it('are stripped from every text field of the contract: names, phones, admin saves', () => {
    const user = NewUser.parse({
      id: 'u1',
      email: 'ada@example.com',
      acceptedTerms: TERMS_VERSION,
      name: `Ada ${RLO}nimdA\u200B`,
      contact: `\u2066+54 11 5555\u2069`,
    });
    expect(user).toMatchObject({ name: 'Ada nimdA', contact: '+54 11 5555' });
    expect(UserSave.body.parse({ name: `${RLO}moc.live`, isAdmin: false, isPremium: false, subscriptions: [] }).name).toBe('moc.live');
  });

  it('leave a field of nothing but them empty, so a required one is refused', () => {
    expect(NewUser.safeParse({ id: '\u200B', email: 'ada@example.com' }).success).toBe(false);
  });
});
