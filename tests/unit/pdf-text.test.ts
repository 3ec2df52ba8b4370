import { describe, expect, it } from 'vitest';
import { isolate, isolateLtr } from '../../src/domain/text.ts';
import { visualRuns } from '../../src/server/pdf/text.ts';

// One Arabic word a line, so an editor's own bidi display cannot shuffle the expectations below.
const W = {
  weCertify: 'نشهد',
  that: 'بأن',
  completed: 'أتم',
  theCourse: 'الدورة',
  theCase: 'الحالة',
  withScore: 'بنتيجة',
  of: 'من',
  first: 'الأولى',
  amount: 'المبلغ',
  verify: 'تحقق',
  hello: 'مرحبا',
};

const ARABIC = /\p{Script=Arabic}/u;
const ARABIC_WORDS = /\p{Script=Arabic}+/gu;
const reversed = (s: string) => [...s].reverse().join('');

/**
 * The words of a line as they stand on the page, from left to right. fontkit draws a run with Arabic in it right to
 * left; each Arabic word is then spelt back as typed, so an expectation lists words, not mirrored letters.
 */
function onPage(text: string, direction: 'ltr' | 'rtl'): string[] {
  const drawn = visualRuns(text, direction)
    .map((run) => (ARABIC.test(run.text) ? reversed(run.text) : run.text))
    .join('');
  return drawn
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(ARABIC_WORDS, reversed));
}

describe('a right-to-left line on the page', () => {
  it('reads from the right: Arabic words alone', () => {
    expect(onPage(`${W.weCertify} ${W.that}`, 'rtl')).toEqual([W.that, W.weCertify]);
  });

  it('keeps a Latin name whole and in its own order where it stands in the sentence', () => {
    expect(onPage(`${W.weCertify} ${W.that} ${isolate('Lea Learner')} ${W.completed} ${W.theCourse}`, 'rtl')).toEqual([
      W.theCourse,
      W.completed,
      'Lea',
      'Learner',
      W.that,
      W.weCertify,
    ]);
  });

  it('puts each number where it is read, its digits left to right', () => {
    expect(onPage(`${W.theCase} 12 ${W.withScore} 85 ${W.of} 100`, 'rtl')).toEqual(['100', W.of, '85', W.withScore, '12', W.theCase]);
  });

  it('puts the colon after a number on its left, where a right-to-left reader meets it next', () => {
    expect(onPage(`${W.theCase} 3: ${W.first}`, 'rtl')).toEqual([W.first, ':3', W.theCase]);
  });

  it('reads an amount and its currency after the label, from the right', () => {
    expect(onPage(`${W.amount} 149.50 EUR`, 'rtl')).toEqual(['EUR', '149.50', W.amount]);
  });

  it('keeps an isolated address whole at the end of the sentence, on the left', () => {
    expect(onPage(`${W.verify} ${W.of} ${isolateLtr('http://localhost/ar/certificates/abc')}`, 'rtl')).toEqual([
      'http://localhost/ar/certificates/abc',
      W.of,
      W.verify,
    ]);
  });

  it('mirrors brackets, so the one that opens stands on the right', () => {
    expect(onPage(`(${W.hello}) Lea`, 'rtl')).toEqual(['Lea', `(${W.hello})`]);
  });
});

describe('a left-to-right line on the page', () => {
  it('is drawn as it is written when it has no Arabic', () => {
    expect(visualRuns('Laser course: 3 cases (A1, A2, B1)', 'ltr')).toEqual([{ text: 'Laser course: 3 cases (A1, A2, B1)', script: 'other' }]);
  });

  it('keeps an Arabic word in its place', () => {
    expect(onPage(`The word ${W.hello} means hello`, 'ltr')).toEqual(['The', 'word', W.hello, 'means', 'hello']);
  });

  it('reads an Arabic phrase with a number in it from the right, inside the Latin sentence', () => {
    expect(onPage(`Course ${W.theCourse} 12 ${W.first} done`, 'ltr')).toEqual(['Course', W.first, '12', W.theCourse, 'done']);
  });
});

describe('the font of each run', () => {
  it('is the Arabic one for Arabic words and the other one for Latin letters and digits', () => {
    const runs = visualRuns(`${W.theCase} 12 ${isolate('Lea Learner')} ${W.theCourse}`, 'rtl');
    for (const run of runs) {
      if (ARABIC.test(run.text)) expect(run.script).toBe('arabic');
      if (/[A-Za-z0-9]/.test(run.text)) expect(run.script).toBe('other');
    }
    expect(runs.map((run) => run.text.trim()).filter(Boolean)).toEqual([W.theCourse, 'Lea Learner', '12', W.theCase]);
  });
});
