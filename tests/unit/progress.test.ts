import { describe, expect, it } from 'vitest';
import {
  certificateCases,
  courseStanding,
  DEFAULT_PASS_MARK,
  lockOf,
  passMarkOf,
  percentOf,
  type AttemptFact,
  type CourseShape,
} from '../../src/domain/progress.ts';
import { localizeCourse } from '../../src/domain/localize.ts';

const course = (proficiencyOrder = false): CourseShape => ({
  proficiencyOrder,
  levels: [
    {
      title: 'Navigation',
      active: true,
      cases: [
        { id: 'm1c1', title: 'N1' },
        { id: 'm1c2', title: 'N2', passMark: 50 },
      ],
    },
    { title: 'Hidden', active: false, cases: [{ id: 'm2c1', title: 'H1' }] },
    { title: 'Selective', active: true, cases: [{ id: 'm3c1', title: 'S1' }] },
    {
      title: 'Solomon',
      active: true,
      cases: [
        { id: 'm4c1', title: 'L1' },
        { id: 'm4c2', title: 'L2' },
      ],
    },
  ],
});

const at = (day: number) => new Date(Date.UTC(2026, 0, day));
/** An attempt at the case that stood at module `level`, place `caseIndex` in `course()` as written above. */
const attempt = (level: number, caseIndex: number, score: number, day = 1, flagged = false): AttemptFact => ({
  caseId: `m${level}c${caseIndex}`,
  score,
  at: at(day),
  flagged,
});

describe('pass marks', () => {
  it('come from the admin, else the experts median (rounded), else 70', () => {
    expect(passMarkOf(55, 81)).toEqual({ passMark: 55, passMarkSource: 'set' });
    expect(passMarkOf(undefined, 80.6)).toEqual({ passMark: 81, passMarkSource: 'benchmark' });
    expect(passMarkOf(undefined, undefined)).toEqual({ passMark: DEFAULT_PASS_MARK, passMarkSource: 'default' });
    expect(DEFAULT_PASS_MARK).toBe(70);
  });

  it('uses the benchmark of the case it belongs to', () => {
    const s = courseStanding(course(), [attempt(1, 1, 75)], [{ caseId: 'm1c1', score: 80 }]);
    expect(s.modules[0]!.cases[0]).toMatchObject({ passMark: 80, passMarkSource: 'benchmark', state: 'attempted', best: 75 });
  });
});

describe('case states and shares', () => {
  it('starts with nothing done and the first case next', () => {
    const s = courseStanding(course(), []);
    expect(s).toMatchObject({ passed: 0, total: 5, percent: 0, complete: false, completedAt: null, next: { level: 1, case: 1 } });
    expect(s.modules.map((m) => [m.level, m.shown, m.title])).toEqual([
      [1, 1, 'Navigation'],
      [3, 2, 'Selective'],
      [4, 3, 'Solomon'],
    ]);
    expect(s.modules.flatMap((m) => m.cases.map((c) => c.state))).toEqual(Array(5).fill('notStarted'));
  });

  it('tells attempted from passed by the best score against the pass mark, at the mark exactly passing', () => {
    const s = courseStanding(course(), [attempt(1, 1, 69), attempt(1, 1, 40), attempt(1, 2, 50, 3), attempt(1, 2, 90, 2)]);
    const [n1, n2] = s.modules[0]!.cases;
    expect(n1).toMatchObject({ state: 'attempted', best: 69, attempts: 2, passedAt: null });
    expect(n2).toMatchObject({ state: 'passed', best: 90, attempts: 2, passedAt: at(2) });
    expect(s.modules[0]).toMatchObject({ passed: 1, total: 2, percent: 50 });
    expect(s).toMatchObject({ passed: 1, total: 5, percent: 20, next: { level: 1, case: 1 } });
  });

  it('never counts flagged attempts, for best scores nor for passing', () => {
    const s = courseStanding(course(), [attempt(1, 1, 100, 1, true)]);
    expect(s.modules[0]!.cases[0]).toMatchObject({ state: 'notStarted', best: null, attempts: 0 });
  });

  it('ignores inactive modules and attempts at cases that no longer exist', () => {
    const s = courseStanding(course(), [attempt(2, 1, 100), attempt(9, 9, 100), attempt(1, 3, 100)]);
    expect(s.passed).toBe(0);
  });

  it('is complete when every active case is passed, on the day the last one first passed', () => {
    const all = [attempt(1, 1, 70, 4), attempt(1, 1, 99, 9), attempt(1, 2, 60, 2), attempt(3, 1, 80, 6), attempt(4, 1, 75, 5), attempt(4, 2, 71, 3)];
    const s = courseStanding(course(), all);
    expect(s).toMatchObject({ passed: 5, percent: 100, complete: true, next: null });
    expect(s.completedAt).toEqual(at(6));
    expect(certificateCases(s, course())).toEqual([
      { module: 1, case: 1, title: 'N1', translations: {}, score: 99, passMark: 70, assessed: false },
      { module: 1, case: 2, title: 'N2', translations: {}, score: 60, passMark: 50, assessed: false },
      { module: 2, case: 1, title: 'S1', translations: {}, score: 80, passMark: 70, assessed: false },
      { module: 3, case: 1, title: 'L1', translations: {}, score: 75, passMark: 70, assessed: false },
      { module: 3, case: 2, title: 'L2', translations: {}, score: 71, passMark: 70, assessed: false },
    ]);
  });

  it("lists a certificate's cases with their stored titles and translations, whatever language the standing was read in", () => {
    const stored = {
      title: 'Course',
      subtitle: '',
      outcomes: [],
      translations: {},
      levels: [{ title: 'Navigation', active: true, cases: [{ id: 'm1c1', title: 'First look', translations: { es: { title: 'Primera mirada' } } }] }],
    };
    const s = courseStanding(localizeCourse(stored, 'es'), [attempt(1, 1, 90)]);
    expect(s.modules[0]!.cases[0]!.title).toBe('Primera mirada');
    expect(certificateCases(s, stored)).toEqual([
      { module: 1, case: 1, title: 'First look', translations: { es: { title: 'Primera mirada' } }, score: 90, passMark: 70, assessed: false },
    ]);
  });

  it('never calls a course without cases complete', () => {
    expect(courseStanding({ levels: [] }, [])).toMatchObject({ complete: false, total: 0, percent: 0, next: null });
    expect(percentOf(2, 3)).toBe(66);
  });
});

describe('proficiency order', () => {
  it('leaves every case open in free order', () => {
    const s = courseStanding(course(false), []);
    expect(s.modules.every((m) => m.lock === null && m.cases.every((c) => c.lock === null))).toBe(true);
  });

  it('opens a module only when every case of the module before it is passed, and says which and how many are left', () => {
    const s = courseStanding(course(true), [attempt(1, 2, 55)]);
    expect(s.modules[0]!.lock).toBeNull();
    expect(s.modules[1]!.lock).toEqual({ module: 1, title: 'Navigation', remaining: 1 });
    // Later modules point at the first module still to finish.
    expect(s.modules[2]!.lock).toEqual({ module: 1, title: 'Navigation', remaining: 1 });
    expect(lockOf(s, 3, 1)).toEqual({ module: 1, title: 'Navigation', remaining: 1 });
    expect(lockOf(s, 1, 1)).toBeNull();
    expect(s.next).toEqual({ level: 1, case: 1 });
  });

  it('moves on as modules are passed, skipping inactive ones', () => {
    const s = courseStanding(course(true), [attempt(1, 1, 80), attempt(1, 2, 55)]);
    expect(s.modules[1]!.lock).toBeNull();
    expect(s.modules[2]!.lock).toEqual({ module: 2, title: 'Selective', remaining: 1 });
    expect(s.next).toEqual({ level: 3, case: 1 });
  });
});
