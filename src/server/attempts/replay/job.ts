// What one replay computes, as plain data that crosses the worker boundary: the worker runs it, the pool types it.
// The log crosses as JSON text both ways: one string is copied at once, where 10,000 objects are cloned one by one
// on the main thread.
import { gzipSync } from 'node:zlib';
import {
  buildScenario,
  computeMetrics,
  debriefOf,
  replayChecked,
  scoreAttempt,
  seedFor,
  type CaseParams,
  type Debrief,
  type PlausibilityFlag,
  type Score,
  type SimMetrics,
} from '../../../domain/simulator/index.ts';

/** The launch (as its token signed it) and the log to replay on it, as JSON. */
export interface ReplayJob {
  course: string;
  level: number;
  case: number;
  variant: number;
  sim: CaseParams;
  eventsJson: string;
}

/** The server's own figures for the attempt; `opened` false when the log never opened the fetoscopy. */
export interface ReplayOutcome extends Score {
  opened: boolean;
  metrics: SimMetrics;
  debrief: Debrief;
  /** Why no person played it this way (plausibility.ts); empty for a plausible log. */
  flags: PlausibilityFlag[];
  /** The accepted events, normalized, as gzip-compressed JSON in base64: what is stored. */
  logGzip: string;
}

/** Rebuilds the launch's scenario, replays the log through the model and scores it. */
export function runReplay(job: ReplayJob): ReplayOutcome {
  const scenario = buildScenario(job.sim, seedFor(job.course, job.level, job.case, job.variant));
  const { state, flags } = replayChecked(scenario, JSON.parse(job.eventsJson) as unknown[]);
  const metrics = computeMetrics(state);
  return {
    opened: state.openedAt !== null,
    ...scoreAttempt(metrics),
    metrics,
    debrief: debriefOf(state),
    flags,
    logGzip: gzipSync(JSON.stringify(state.log)).toString('base64'),
  };
}
