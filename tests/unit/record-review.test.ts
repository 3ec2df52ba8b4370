import { describe, expect, it } from 'vitest';
import { REVIEW, reviewRecord, type ReviewAttempt } from '../../src/domain/record-review.ts';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const MIN = 60_000;

/** Attempts `minutes` apart by default, each on its own layout, lasting a person's varied times. */
function attempts(scores: number[], over: (i: number) => Partial<ReviewAttempt> = () => ({})): ReviewAttempt[] {
  return scores.map((score, i) => ({
    at: new Date(T0 + i * 7 * MIN + (i % 3) * 95_000),
    score,
    variant: 100 + i,
    caseId: 'm1c1',
    surgeryTimeMs: 180_000 + i * 13_700,
    ...over(i),
  }));
}

describe('a record reviewed as a whole', () => {
  it('finds nothing in a person climbing steadily, at their own pace', () => {
    expect(reviewRecord(attempts([22, 35, 41, 48, 57, 63, 70, 74, 81, 86, 90]))).toEqual([]);
  });

  it('flags a jump from novice scores to a near-perfect one, with the scores that make it', () => {
    expect(reviewRecord(attempts([20, 31, 28, 97]))).toEqual([{ kind: 'jump', from: 26, to: 97 }]);
    // Not a jump: one poor attempt among good ones, or a novice reaching a good score.
    expect(reviewRecord(attempts([80, 10, 85, 97]))).toEqual([]);
    expect(reviewRecord(attempts([20, 31, 28, 80]))).toEqual([]);
    // Too few attempts before it to call anyone a novice.
    expect(reviewRecord(attempts([20, 97]))).toEqual([]);
  });

  it('flags identical timings across layouts, not the same layout timed twice', () => {
    const same = attempts([60, 62, 64, 66], (i) => ({ surgeryTimeMs: 201_300 + (i % 2) * 60 }));
    expect(reviewRecord(same)).toEqual([{ kind: 'sameTiming', count: 4, seconds: 201.3 }]);
    const oneLayout = attempts([60, 62, 64, 66], () => ({ surgeryTimeMs: 201_300, variant: 7 }));
    expect(reviewRecord(oneLayout)).toEqual([]);
    const apart = attempts([60, 62, 64], (i) => ({ surgeryTimeMs: 201_300 + i * (REVIEW.sameTiming.toleranceMs + 1) }));
    expect(reviewRecord(apart)).toEqual([]);
    expect(reviewRecord(attempts([60, 62, 64], () => ({ surgeryTimeMs: null })))).toEqual([]);
  });

  it('flags attempts sent at machine regularity, and not a person keeping roughly to a rhythm', () => {
    const machine = attempts([60, 64, 61, 66, 65, 70], (i) => ({ at: new Date(T0 + i * 241_000 + (i % 2) * 900) }));
    expect(reviewRecord(machine)).toEqual([{ kind: 'regular', count: 6, seconds: 241 }]);
    const person = attempts([60, 64, 61, 66, 65, 70], (i) => ({ at: new Date(T0 + i * 241_000 + (i % 2) * 20_000) }));
    expect(reviewRecord(person)).toEqual([]);
    // Four attempts are too few to call a rhythm a machine's; a day between attempts is no rhythm at all.
    expect(reviewRecord(machine.slice(0, 4))).toEqual([]);
    const daily = attempts([60, 64, 61, 66, 65], (i) => ({ at: new Date(T0 + i * 86_400_000) }));
    expect(reviewRecord(daily)).toEqual([]);
  });

  it('reads attempts in any order and may find several things at once', () => {
    const both = attempts([20, 31, 28, 97, 96], (i) => ({ at: new Date(T0 + i * 300_000), surgeryTimeMs: 150_000 }));
    expect(reviewRecord([...both].reverse()).map((f) => f.kind)).toEqual(['jump', 'sameTiming', 'regular']);
  });
});
