import { describe, expect, it } from 'vitest';
import { certificateKindOf } from '../../src/domain/assessment.ts';
import { certificateOutlook } from '../../src/domain/certificate-outlook.ts';
import { certificateCases, courseStanding, type AttemptFact, type CourseShape } from '../../src/domain/progress.ts';

const course = (assessmentRequired = false): CourseShape => ({
  assessmentRequired,
  levels: [
    {
      title: 'Navigation',
      active: true,
      cases: [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
      ],
    },
    { title: 'Hidden', active: false, cases: [{ id: 'h', title: 'H' }] },
    { title: 'Solomon', active: true, cases: [{ id: 'c', title: 'C' }] },
  ],
});
const pass = (caseId: string, assessed = false, flagged = false): AttemptFact => ({ caseId, score: 90, at: new Date(Date.UTC(2026, 0, 1)), flagged, assessed });

describe('the way to a certificate', () => {
  it('counts the active cases not passed yet, and is gone once the standing that issues the certificate is complete', () => {
    expect(certificateOutlook(courseStanding(course(), []))).toEqual({ casesLeft: 3, kind: 'completion' });
    expect(certificateOutlook(courseStanding(course(), [pass('a'), pass('h'), pass('b', false, true)]))).toEqual({ casesLeft: 2, kind: 'completion' });
    const done = courseStanding(course(), [pass('a'), pass('b'), pass('c')]);
    expect(done.complete).toBe(true);
    expect(certificateOutlook(done)).toBeNull();
  });

  it('leads to an assessed certificate in a course requiring assessment, where practice passes nothing', () => {
    const standing = courseStanding(course(true), [pass('a'), pass('b', true)]);
    expect(certificateOutlook(standing)).toEqual({ casesLeft: 2, kind: 'assessed' });
    // The kind the certificate will be issued with once the last two are passed in sittings, by the issuing rule itself.
    const issued = courseStanding(course(true), [pass('a', true), pass('b', true), pass('c', true)]);
    expect(certificateKindOf(certificateCases(issued, course(true)))).toBe('assessed');
  });

  it('says nothing for a course without cases', () => {
    expect(certificateOutlook(courseStanding({ levels: [] }, []))).toBeNull();
  });
});
