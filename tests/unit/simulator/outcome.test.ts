import { describe, expect, it } from 'vitest';
import type { CourseProgress } from '../../../src/api/progress.ts';
import { outcomeOf } from '../../../src/simulator/outcome.ts';

const at = '2026-05-01T10:00:00.000Z';
const certificate = {
  id: 'C-1',
  courseId: 'c',
  courseTitle: 'Course',
  completedAt: at,
  issuedAt: at,
  revoked: false,
  kind: 'completion' as const,
  sittings: [],
};

/** A two-case course: case 1.1 with pass mark 70, case 1.2 with 50; `next` and completion as given. */
function progress(over: Partial<CourseProgress> = {}): CourseProgress {
  const kase = (n: number, passMark: number) => ({
    level: 1,
    case: n,
    title: `Case ${n}`,
    passMark,
    passMarkSource: 'set' as const,
    simulator: 'browser' as const,
    state: 'attempted' as const,
    best: null,
    attempts: 1,
    passedAt: null,
    assessedBest: null,
    assessed: false,
    lock: null,
  });
  return {
    courseId: 'c',
    userId: 'u',
    proficiencyOrder: false,
    assessmentRequired: false,
    passed: 0,
    total: 2,
    percent: 0,
    complete: false,
    completedAt: null,
    next: { level: 1, case: 2 },
    modules: [{ level: 1, shown: 1, title: 'M', passed: 0, total: 2, percent: 0, lock: null, cases: [kase(1, 70), kase(2, 50)] }],
    certificate: null,
    ...over,
  };
}

const attempt = (score: number, flagged = false, assessed = false) => ({ level: 1, case: 1, score, flagged, assessed, createdAt: at });

describe('the outcome of a stored attempt', () => {
  it('passes at or above the case’s pass mark and says by how much', () => {
    expect(outcomeOf(attempt(82), progress())).toMatchObject({ passMark: 70, passed: true, margin: 12 });
    expect(outcomeOf(attempt(70), progress())).toMatchObject({ passed: true, margin: 0 });
  });
  it('fails below it, with the margin negative', () => {
    expect(outcomeOf(attempt(40), progress())).toMatchObject({ passMark: 70, passed: false, margin: -30 });
  });
  it('never passes a flagged attempt, whatever its score', () => {
    expect(outcomeOf(attempt(95, true), progress())).toMatchObject({ passed: false, flagged: true });
  });
  it('in a course requiring assessment, passes only an assessed attempt and says a practice one is practice', () => {
    const required = progress({ assessmentRequired: true });
    expect(outcomeOf(attempt(95), required)).toMatchObject({ passed: false, practiceOnly: true, margin: 25 });
    expect(outcomeOf(attempt(95, false, true), required)).toMatchObject({ passed: true, practiceOnly: false });
    expect(outcomeOf(attempt(95, true, true), required)).toMatchObject({ passed: false, practiceOnly: false, flagged: true });
    expect(outcomeOf(attempt(95), progress())).toMatchObject({ passed: true, practiceOnly: false });
  });
  it('offers the open case after this one, passed or not', () => {
    expect(outcomeOf(attempt(40), progress({ next: { level: 1, case: 1 } }))!.next).toEqual({ level: 1, case: 2 });
  });
  it('after the last case offers the course’s first still to pass, but never this one again', () => {
    const last = { ...attempt(40), case: 2 };
    expect(outcomeOf(last, progress({ next: { level: 1, case: 1 } }))!.next).toEqual({ level: 1, case: 1 });
    expect(outcomeOf(last, progress({ next: { level: 1, case: 2 } }))!.next).toBeNull();
    expect(outcomeOf(last, progress({ next: null }))!.next).toBeNull();
  });
  it('skips a locked case', () => {
    const p = progress({ next: null });
    p.modules[0]!.cases[1]!.lock = { module: 1, title: 'M', remaining: 1 };
    expect(outcomeOf(attempt(40), p)!.next).toBeNull();
  });
  it('names the certificate only when this attempt completed the course', () => {
    expect(outcomeOf(attempt(90), progress({ complete: true, completedAt: at, certificate }))!.certificate).toEqual(certificate);
    const earlier = '2026-04-01T10:00:00.000Z';
    expect(outcomeOf(attempt(90), progress({ complete: true, completedAt: earlier, certificate }))!.certificate).toBeNull();
    expect(outcomeOf(attempt(90), progress())!.certificate).toBeNull();
  });
  it('has nothing to say about a case the course no longer has', () => {
    expect(outcomeOf({ ...attempt(90), case: 9 }, progress())).toBeNull();
  });
});
