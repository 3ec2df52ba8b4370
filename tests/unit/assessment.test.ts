import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_CODE_ALPHABET,
  ASSESSMENT_CODE_LENGTH,
  admitsLearner,
  assessmentCodeOf,
  certificateKindOf,
  countsForPass,
  launchesAllowed,
  launchFate,
  normalizeAssessmentCode,
  windowState,
} from '../../src/domain/assessment.ts';
import { certificateCases, courseStanding, type AttemptFact, type CourseShape } from '../../src/domain/progress.ts';

describe('assessment codes', () => {
  it('use an alphabet without characters read as others', () => {
    for (const ch of '015ILOS') expect(ASSESSMENT_CODE_ALPHABET).not.toContain(ch);
    expect(new Set(ASSESSMENT_CODE_ALPHABET).size).toBe(ASSESSMENT_CODE_ALPHABET.length);
  });

  it('are drawn from random bytes without bias: bytes beyond the last whole alphabet are skipped', () => {
    const n = ASSESSMENT_CODE_ALPHABET.length;
    const beyond = 256 - (256 % n);
    expect(assessmentCodeOf(Uint8Array.from([0, 1, 2, 3, 4, 5]))).toBe(ASSESSMENT_CODE_ALPHABET.slice(0, 6));
    expect(assessmentCodeOf(Uint8Array.from([beyond, 255, 0, 1, 2, 3, 4, 5]))).toBe(ASSESSMENT_CODE_ALPHABET.slice(0, 6));
    expect(assessmentCodeOf(Uint8Array.from([n, n + 1, n + 2, n + 3, n + 4, n + 5]))).toBe(ASSESSMENT_CODE_ALPHABET.slice(0, 6));
    expect(assessmentCodeOf(Uint8Array.from([255, 0, 1, 2, 3, 4]))).toBeNull();
  });

  it('are read as typed: any case, spaces and dashes between groups; anything else is no code', () => {
    expect(normalizeAssessmentCode(' abc-def ')).toBe('ABCDEF');
    expect(normalizeAssessmentCode('ABC DEF')).toBe('ABCDEF');
    expect(normalizeAssessmentCode('ABCDE')).toBeNull();
    expect(normalizeAssessmentCode('ABCDEFG')).toBeNull();
    expect(normalizeAssessmentCode('ABCDE0')).toBeNull();
    expect(normalizeAssessmentCode('ABCDEO')).toBeNull();
    expect(ASSESSMENT_CODE_LENGTH).toBe(6);
  });
});

describe('assessment windows', () => {
  const openedAt = new Date('2026-03-01T10:00:00Z');
  const expiresAt = new Date('2026-03-01T10:30:00Z');
  it('are open until they expire, the expiry itself excluded', () => {
    expect(windowState({ startsAt: openedAt, expiresAt, closedAt: null }, openedAt)).toBe('open');
    expect(windowState({ startsAt: openedAt, expiresAt, closedAt: null }, new Date(expiresAt.getTime() - 1))).toBe('open');
    expect(windowState({ startsAt: openedAt, expiresAt, closedAt: null }, expiresAt)).toBe('expired');
  });

  it('close for good once their opener closes them', () => {
    const closedAt = new Date('2026-03-01T10:10:00Z');
    expect(windowState({ startsAt: openedAt, expiresAt, closedAt }, new Date('2026-03-01T10:05:00Z'))).toBe('open');
    expect(windowState({ startsAt: openedAt, expiresAt, closedAt }, closedAt)).toBe('closed');
    expect(windowState({ startsAt: openedAt, expiresAt, closedAt }, new Date('2026-03-01T11:00:00Z'))).toBe('closed');
  });

  it('scheduled ahead, wait for their start; closed before it, they never open', () => {
    const startsAt = new Date('2026-03-01T10:10:00Z');
    expect(windowState({ startsAt, expiresAt, closedAt: null }, openedAt)).toBe('scheduled');
    expect(windowState({ startsAt, expiresAt, closedAt: null }, new Date(startsAt.getTime() - 1))).toBe('scheduled');
    expect(windowState({ startsAt, expiresAt, closedAt: null }, startsAt)).toBe('open');
    expect(windowState({ startsAt, expiresAt, closedAt: openedAt }, openedAt)).toBe('closed');
  });

  it('for named learners admit only them; without names, everyone the group admits', () => {
    expect(admitsLearner({ learners: [] }, 'ana')).toBe(true);
    expect(admitsLearner({ learners: ['ana', 'ben'] }, 'ben')).toBe(true);
    expect(admitsLearner({ learners: ['ana'] }, 'ben')).toBe(false);
  });
});

describe('launches with a code', () => {
  const lapses = new Date('2026-03-01T10:15:00Z');
  const before = new Date('2026-03-01T10:14:59Z');
  it('are pending until their token lapses, then abandoned when nothing was sent', () => {
    expect(launchFate(null, lapses, before)).toBe('pending');
    expect(launchFate(null, lapses, lapses)).toBe('abandoned');
  });

  it('are sent when stored as assessed, expired when stored as practice after the window ended, flagged whatever else', () => {
    expect(launchFate({ flagged: false, assessed: true }, lapses, before)).toBe('sent');
    expect(launchFate({ flagged: false, assessed: false }, lapses, lapses)).toBe('expired');
    expect(launchFate({ flagged: true, assessed: true }, lapses, before)).toBe('flagged');
    expect(launchFate({ flagged: true, assessed: false }, lapses, before)).toBe('flagged');
  });

  it('are one per case and sitting, one more for each grant', () => {
    expect([0, 1, 3].map(launchesAllowed)).toEqual([1, 2, 4]);
  });
});

describe('the kind of a certificate', () => {
  it('is assessed only when every case was passed in an assessed sitting', () => {
    expect(certificateKindOf([{ assessed: true }, { assessed: true }])).toBe('assessed');
    expect(certificateKindOf([{ assessed: true }, { assessed: false }])).toBe('completion');
    expect(certificateKindOf([{ assessed: true }, {}])).toBe('completion');
    expect(certificateKindOf([])).toBe('completion');
  });
});

describe('which attempts pass a case', () => {
  it('never a flagged one; in a course requiring assessment, only an assessed one', () => {
    expect(countsForPass({ flagged: false, assessed: false }, false)).toBe(true);
    expect(countsForPass({ flagged: false, assessed: true }, false)).toBe(true);
    expect(countsForPass({ flagged: true, assessed: true }, false)).toBe(false);
    expect(countsForPass({ flagged: false, assessed: false }, true)).toBe(false);
    expect(countsForPass({ flagged: false, assessed: true }, true)).toBe(true);
    expect(countsForPass({ flagged: true, assessed: true }, true)).toBe(false);
  });

  const course = (assessmentRequired: boolean): CourseShape => ({
    assessmentRequired,
    levels: [
      {
        title: 'M',
        active: true,
        cases: [
          { id: 'c1', title: 'C1', passMark: 60 },
          { id: 'c2', title: 'C2', passMark: 60 },
        ],
      },
    ],
  });
  const day = (d: number) => new Date(Date.UTC(2026, 0, d));
  const fact = (caseIndex: number, score: number, d: number, assessed: boolean, flagged = false): AttemptFact => ({
    caseId: `c${caseIndex}`,
    score,
    at: day(d),
    flagged,
    assessed,
  });

  it('in a course requiring assessment, a practice pass leaves the case attempted and the course incomplete', () => {
    const facts = [fact(1, 95, 1, false), fact(1, 70, 3, true), fact(2, 90, 2, false), fact(2, 99, 4, true, true)];
    const standing = courseStanding(course(true), facts);
    const [c1, c2] = standing.modules[0]!.cases;
    expect(standing.assessmentRequired).toBe(true);
    expect(c1).toMatchObject({ state: 'passed', best: 95, assessedBest: 70, assessed: true, passedAt: day(3) });
    expect(c2).toMatchObject({ state: 'attempted', best: 90, assessedBest: null, assessed: false, passedAt: null });
    expect(standing.complete).toBe(false);
  });

  it('the certificate lists the assessed score of a course requiring assessment, and which cases were assessed', () => {
    const facts = [fact(1, 95, 1, false), fact(1, 70, 3, true), fact(2, 80, 4, true)];
    const required = courseStanding(course(true), facts);
    expect(required.complete).toBe(true);
    expect(required.completedAt).toEqual(day(4));
    expect(certificateCases(required, course(true))).toEqual([
      { module: 1, case: 1, title: 'C1', translations: {}, score: 70, passMark: 60, assessed: true },
      { module: 1, case: 2, title: 'C2', translations: {}, score: 80, passMark: 60, assessed: true },
    ]);
    const optional = courseStanding(course(false), [fact(1, 95, 1, false), fact(1, 70, 3, true), fact(2, 80, 4, false)]);
    expect(optional.complete).toBe(true);
    expect(certificateCases(optional, course(false))).toEqual([
      { module: 1, case: 1, title: 'C1', translations: {}, score: 95, passMark: 60, assessed: true },
      { module: 1, case: 2, title: 'C2', translations: {}, score: 80, passMark: 60, assessed: false },
    ]);
  });

  it('an assessed attempt below the pass mark does not make the case assessed', () => {
    const standing = courseStanding(course(false), [fact(1, 50, 1, true), fact(1, 90, 2, false)]);
    expect(standing.modules[0]!.cases[0]).toMatchObject({ state: 'passed', assessedBest: 50, assessed: false });
  });
});
