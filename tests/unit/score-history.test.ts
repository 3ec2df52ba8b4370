import { describe, expect, it } from 'vitest';
import type { AttemptFact, CourseShape } from '../../src/domain/progress.ts';
import { pointResult, scoreHistory } from '../../src/domain/score-history.ts';

const course = (assessmentRequired = false): CourseShape => ({
  assessmentRequired,
  levels: [
    { title: 'Hidden', active: false, cases: [{ id: 'h', title: 'H' }] },
    {
      title: 'Navigation',
      active: true,
      cases: [
        { id: 'a', title: 'A', passMark: 60 },
        { id: 'b', title: 'B' },
        { id: 'c', title: 'C' },
      ],
    },
  ],
});
const day = (d: number) => new Date(Date.UTC(2026, 10, d));
const attempt = (caseId: string, score: number, d: number, extra: Partial<AttemptFact> = {}): AttemptFact => ({
  caseId,
  score,
  at: day(d),
  flagged: false,
  ...extra,
});

describe("a learner's scores over time", () => {
  it('lists the played active cases in course order, each oldest first, with its pass mark and the experts benchmark', () => {
    const history = scoreHistory(
      course(),
      [attempt('b', 80, 3), attempt('a', 70, 2), attempt('a', 40, 1), attempt('h', 99, 1)],
      [{ caseId: 'b', score: 87.6 }],
    );
    expect(history.map((c) => [c.module, c.case, c.title])).toEqual([
      [1, 1, 'A'],
      [1, 2, 'B'],
    ]);
    const [a, b] = history;
    expect(a!.points.map((p) => [p.score, p.at, p.passes])).toEqual([
      [40, day(1), false],
      [70, day(2), true],
    ]);
    expect(a).toMatchObject({ level: 2, passMark: 60, passMarkSource: 'set', benchmark: null, attempts: 2 });
    // Without a mark of its own, the case's pass mark is the benchmark, rounded as the rule rounds it.
    expect(b).toMatchObject({ passMark: 88, passMarkSource: 'benchmark', benchmark: 88 });
    expect(b!.points[0]!.passes).toBe(false);
  });

  it('leaves out flagged attempts, and a case whose only attempts were flagged', () => {
    const history = scoreHistory(course(), [attempt('a', 95, 1, { flagged: true }), attempt('b', 75, 2, { flagged: true }), attempt('b', 72, 3)]);
    expect(history.map((c) => [c.title, c.attempts, c.points.map((p) => p.score)])).toEqual([['B', 1, [72]]]);
  });

  it('passes nothing but assessed attempts in a course requiring assessment', () => {
    const [a] = scoreHistory(course(true), [attempt('a', 90, 1), attempt('a', 90, 2, { assessed: true })]);
    expect(a!.points.map((p) => [p.assessed, p.passes])).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it('keeps the latest attempts of a long history and counts them all', () => {
    const many = Array.from({ length: 12 }, (_, i) => attempt('c', i * 5, i + 1));
    const [c] = scoreHistory(course(), many, [], 5);
    expect(c!.attempts).toBe(12);
    expect(c!.points.map((p) => p.score)).toEqual([35, 40, 45, 50, 55]);
  });
});

describe('pointResult', () => {
  it('tells the pass mark reached in an attempt that counts from one reached in practice and from a score below it', () => {
    expect(pointResult({ score: 80, passes: true }, 70)).toBe('passed');
    // A course passed in assessed sittings: a practice attempt at 80 reached the mark without counting.
    expect(pointResult({ score: 80, passes: false }, 70)).toBe('practice');
    expect(pointResult({ score: 70, passes: false }, 70)).toBe('practice');
    expect(pointResult({ score: 69, passes: false }, 70)).toBe('below');
  });
});
