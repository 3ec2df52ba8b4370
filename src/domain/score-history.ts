// A learner's scores per case over time, beside what they are measured against: the case's pass mark and the experts'
// benchmark. What My learning's chart draws; flagged attempts are left out, as they are of every record.
import { countsForPass } from './assessment.ts';
import { passMarkOf, type AttemptFact, type BenchmarkFact, type CourseShape, type PassMarkSource } from './progress.ts';

/** How many of a case's latest attempts the history keeps: enough to read a trend, few enough for a phone's width. */
export const SCORE_HISTORY_LIMIT = 30;

export interface ScorePoint {
  at: Date;
  score: number;
  /** Played in an assessment window. */
  assessed: boolean;
  /** Reached the pass mark in an attempt that counts for passing (in a course requiring assessment, an assessed one). */
  passes: boolean;
}

export interface CaseScoreHistory {
  level: number;
  /** The module's number as the course page shows it: its place among active modules. */
  module: number;
  case: number;
  title: string;
  passMark: number;
  passMarkSource: PassMarkSource;
  /** The experts' median score, null while no expert has played the case. */
  benchmark: number | null;
  /** Attempts played in all, of which `points` holds the latest, oldest first. */
  attempts: number;
  points: ScorePoint[];
}

/** Each active case the learner has played, in course order, with its latest scores oldest first. */
export function scoreHistory(
  course: CourseShape,
  attempts: readonly AttemptFact[],
  benchmarks: readonly BenchmarkFact[] = [],
  limit = SCORE_HISTORY_LIMIT,
): CaseScoreHistory[] {
  const marks = new Map(benchmarks.map((b) => [b.caseId, b.score]));
  const assessmentRequired = course.assessmentRequired === true;
  const out: CaseScoreHistory[] = [];
  let module = 0;
  course.levels.forEach((m, i) => {
    if (!m.active) return;
    module += 1;
    m.cases.forEach((c, j) => {
      const mine = attempts.filter((a) => a.caseId === c.id && !a.flagged).sort((a, b) => a.at.getTime() - b.at.getTime());
      if (mine.length === 0) return;
      const benchmark = marks.get(c.id);
      const mark = passMarkOf(c.passMark, benchmark);
      out.push({
        level: i + 1,
        module,
        case: j + 1,
        title: c.title,
        ...mark,
        benchmark: benchmark === undefined ? null : Math.round(benchmark),
        attempts: mine.length,
        points: mine.slice(-limit).map((a) => ({
          at: a.at,
          score: a.score,
          assessed: a.assessed === true,
          passes: countsForPass({ flagged: false, assessed: a.assessed === true }, assessmentRequired) && a.score >= mark.passMark,
        })),
      });
    });
  });
  return out;
}

/**
 * What a point says beside its score: the pass mark reached in an attempt that counts; reached in one that does not
 * (practice where the course is passed in assessed sittings only); or below it.
 */
export function pointResult(point: Pick<ScorePoint, 'score' | 'passes'>, passMark: number): 'passed' | 'practice' | 'below' {
  if (point.passes) return 'passed';
  return point.score >= passMark ? 'practice' : 'below';
}
