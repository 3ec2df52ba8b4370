// What one replay computes, as plain data that crosses the worker boundary: the worker runs it, the pool types it.
import {
  buildScenario,
  computeMetrics,
  debriefOf,
  inhumanInput,
  replay,
  scoreAttempt,
  seedFor,
  type CaseParams,
  type Debrief,
  type Score,
  type SimEvent,
  type SimMetrics,
} from '../../domain/simulator/index.ts';

/** The launch (as its token signed it) and the log to replay on it. */
export interface ReplayJob {
  course: string;
  level: number;
  case: number;
  variant: number;
  sim: CaseParams;
  events: readonly unknown[];
}

/** The server's own figures for the attempt; `opened` false when the log never opened the fetoscopy. */
export interface ReplayOutcome extends Score {
  opened: boolean;
  metrics: SimMetrics;
  debrief: Debrief;
  flagged: boolean;
  /** The accepted events, normalized: what is stored. */
  log: SimEvent[];
}

/** Rebuilds the launch's scenario, replays the log through the model and scores it. */
export function runReplay(job: ReplayJob): ReplayOutcome {
  const scenario = buildScenario(job.sim, seedFor(job.course, job.level, job.case, job.variant));
  const state = replay(scenario, job.events);
  const metrics = computeMetrics(state);
  return {
    opened: state.openedAt !== null,
    ...scoreAttempt(metrics),
    metrics,
    debrief: debriefOf(state),
    flagged: inhumanInput(state.log),
    log: state.log,
  };
}
