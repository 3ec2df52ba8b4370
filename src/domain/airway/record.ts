// A FETO attempt as the server keeps it: which task and gestational age a course's case sets, the log checked for
// what no browser page records, and the replay's score with its gates. Pure, so the server's figures are the page's.
import type { Task } from '../simulator/params.ts';
import { replayFeto, type FetoEvent, type FetoOutcome, type FetoTask } from './attempt.ts';
import { buildAirway, type FetoDifficulty } from './model.ts';
import { scoreFeto, type FetoGateId } from './score.ts';

/** The course procedure the browser plays on the airway model. */
export const FETO_PROCEDURE = 'tracheal-occlusion' as const;

/** An attempt's task: a laser task, or the procedure played on the airway. */
export type AttemptTask = Task | typeof FETO_PROCEDURE;

/** A gate as an attempt stores it: which rule failed, and the ceiling it set on the score. */
export interface FetoGate {
  id: FetoGateId;
  ceiling: number;
}

/**
 * A case's task, gestational age and difficulty: the removal module (the third) takes the balloon out, every other
 * places it; a module's cases grow harder in order (the seeded course: insertion at three difficulties, removal at two).
 */
export function fetoCaseOf(moduleNo: number, caseIndex: number): { task: FetoTask; gaWeeks: number; difficulty: FetoDifficulty } {
  const difficulty = Math.min(3, Math.max(1, Math.round(caseIndex))) as FetoDifficulty;
  // Occlusion at 27–29 weeks, removal at 34 (TOTAL trials): the model's oldest airway (32 weeks) stands in for it.
  return moduleNo === 3 ? { task: 'removal', gaWeeks: 32, difficulty } : { task: 'insertion', gaWeeks: 28, difficulty };
}

/** Why a log is refused: events out of time order, or events after the finish (no page records either). */
export type FetoLogRefusal = 'unordered' | 'afterFinish';

/** The log's refusal, or null when a page could have recorded it. */
export function fetoLogRefusal(events: readonly FetoEvent[]): FetoLogRefusal | null {
  for (let i = 1; i < events.length; i++) if (events[i]!.t < events[i - 1]!.t) return 'unordered';
  const finish = events.findIndex((e) => e.type === 'finish');
  return finish >= 0 && finish < events.length - 1 ? 'afterFinish' : null;
}

/** Every FETO gate fails the attempt outright: the stored score of a gated attempt is this ceiling. */
export const FETO_GATE_CEILING = 0;

/**
 * The server's figures for a FETO attempt. Whether it passes is not among them: the case's pass mark is its course's
 * (`passMarkOf` in progress.ts), read against the stored score as for every case.
 */
export interface FetoRecord {
  outcome: FetoOutcome;
  /** The score of record: the time-and-path score, or the gates' ceiling when any gate failed. */
  score: number;
  /** The time-and-path score before the gates. */
  earned: number;
  gates: FetoGate[];
}

/** Replays a FETO log on the airway of the launch (case id, module, case and variant) and scores it. */
export function fetoRecordOf(caseId: string, moduleNo: number, caseIndex: number, variant: number, events: readonly FetoEvent[]): FetoRecord {
  const { task, gaWeeks, difficulty } = fetoCaseOf(moduleNo, caseIndex);
  const airway = buildAirway(caseId, gaWeeks, variant, difficulty);
  const outcome = replayFeto(airway, task, events);
  const scored = scoreFeto(airway, outcome);
  return {
    outcome,
    score: scored.failed.length > 0 ? FETO_GATE_CEILING : scored.score,
    earned: scored.score,
    gates: scored.failed.map((id) => ({ id, ceiling: FETO_GATE_CEILING })),
  };
}
