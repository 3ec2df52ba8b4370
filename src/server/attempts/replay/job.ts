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
import type { FetoEvent } from '../../../domain/airway/attempt.ts';
import { fetoFlags } from '../../../domain/airway/plausibility.ts';
import { fetoLogRefusal, fetoRecordOf, type FetoGate, type FetoLogRefusal } from '../../../domain/airway/record.ts';

/** The launch (as its token signed it) and the log to replay on it, as JSON. */
export interface ReplayJob {
  course: string;
  level: number;
  case: number;
  variant: number;
  sim: CaseParams;
  eventsJson: string;
  /** A fetal tracheal occlusion launch: its case (by id) is replayed on the airway model instead of a placenta. */
  feto?: { caseId: string };
}

/** The server's own figures for the attempt; `opened` false when the log never opened the fetoscopy. */
export interface LaserReplay extends Score {
  kind: 'laser';
  opened: boolean;
  metrics: SimMetrics;
  debrief: Debrief;
  /** Why no person played it this way (plausibility.ts); empty for a plausible log. */
  flags: PlausibilityFlag[];
  /** The accepted events, normalized, as gzip-compressed JSON in base64: what is stored. */
  logGzip: string;
}

/** The server's figures for a FETO attempt (src/domain/airway/record.ts), or why its log is refused. */
export interface FetoReplay {
  kind: 'feto';
  refusal: FetoLogRefusal | null;
  score: number;
  gates: FetoGate[];
  /** The figures the attempt lists read: the time and the path (the rest is in the stored log). */
  metrics: { surgeryTimeMs: number; pathLengthMm: number; contacts: number };
  flags: PlausibilityFlag[];
  logGzip: string;
}

export type ReplayOutcome = LaserReplay | FetoReplay;

/** Replays a FETO log (checked against the contract already) on the launch's airway and scores it. */
function runFetoReplay(job: ReplayJob, caseId: string): FetoReplay {
  const events = JSON.parse(job.eventsJson) as FetoEvent[];
  const record = fetoRecordOf(caseId, job.level, job.case, job.variant, events);
  const { outcome } = record;
  return {
    kind: 'feto',
    refusal: fetoLogRefusal(events),
    score: record.score,
    gates: record.gates,
    metrics: { surgeryTimeMs: outcome.endMs, pathLengthMm: outcome.pathMm, contacts: outcome.contactSteps },
    flags: fetoFlags(events),
    logGzip: gzipSync(job.eventsJson).toString('base64'),
  };
}

/** Rebuilds the launch's scenario, replays the log through the model and scores it. */
export function runReplay(job: ReplayJob): ReplayOutcome {
  if (job.feto) return runFetoReplay(job, job.feto.caseId);
  const scenario = buildScenario(job.sim, seedFor(job.course, job.level, job.case, job.variant));
  const { state, flags } = replayChecked(scenario, JSON.parse(job.eventsJson) as unknown[]);
  const metrics = computeMetrics(state);
  return {
    kind: 'laser',
    opened: state.openedAt !== null,
    ...scoreAttempt(metrics),
    metrics,
    debrief: debriefOf(state),
    flags,
    logGzip: gzipSync(JSON.stringify(state.log)).toString('base64'),
  };
}
