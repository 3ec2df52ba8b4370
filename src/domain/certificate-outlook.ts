import { certificateKindOf, type CertificateKind } from './assessment.ts';

/** What a learner still needs for a course's certificate: the cases left and the kind of certificate they lead to. */
export interface CertificateOutlook {
  casesLeft: number;
  kind: CertificateKind;
}

/** The parts of a standing (courseStanding's, or the API's CourseProgress) the outlook is read from. */
interface StandingLike {
  assessmentRequired: boolean;
  passed: number;
  total: number;
  complete: boolean;
  modules: ReadonlyArray<{ cases: ReadonlyArray<{ state: string; assessed: boolean }> }>;
}

/**
 * How far a learner stands from a course's certificate, by the rule that issues it: a certificate is issued once the
 * standing is complete (every active case passed), so the cases left are the active cases not passed yet. It will be
 * assessed when every case it lists was passed in an assessed sitting (certificateKindOf): in a course requiring
 * assessment only such passes count, elsewhere a case still to pass is counted as practice. Null once complete, and
 * for a course without cases.
 */
export function certificateOutlook(standing: StandingLike): CertificateOutlook | null {
  if (standing.complete || standing.total === 0) return null;
  const cases = standing.modules.flatMap((m) => m.cases);
  const kind = certificateKindOf(cases.map((c) => ({ assessed: standing.assessmentRequired || (c.state === 'passed' && c.assessed) })));
  return { casesLeft: standing.total - standing.passed, kind };
}
