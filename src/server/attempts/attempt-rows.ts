import { createHash } from 'node:crypto';
import type { AttemptResult, AttemptSummary, Benchmark } from '../../api/attempts.ts';
import type { AttemptRow } from './queries.ts';

/** How attempts are answered: the id rule, and the row as the contract shows it. */

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** One launch token, one attempt: the attempt's id is the token's hash. */
export const attemptIdOf = (token: string) => sha256(token);

/** The attempt as lists show it: at its case's place now (`now`), or where it was when played if the case is gone or not looked up. */
export function summaryOf(row: AttemptRow, now?: { level: number; case: number } | null): AttemptSummary {
  return {
    id: row.id,
    userId: row.userId,
    courseId: row.courseId,
    caseId: row.caseId,
    level: now?.level ?? row.level,
    case: now?.case ?? row.caseIndex,
    task: row.task,
    score: row.score,
    surgeryTimeMs: row.metrics.surgeryTimeMs ?? 0,
    flagged: row.flagged,
    flags: row.flags,
    assessed: row.assessmentId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function resultOf(row: AttemptRow, benchmark: Benchmark | null): AttemptResult {
  return {
    ...summaryOf(row),
    variant: row.variant,
    metrics: row.metrics,
    components: row.components,
    weights: row.weights,
    gates: row.gates,
    debrief: row.debrief,
    benchmark,
  };
}
