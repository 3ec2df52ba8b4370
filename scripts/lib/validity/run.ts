// Plays players on the seeded cases and scores them the way the server does: replay of the log, metrics, score.
import { isDeepStrictEqual } from 'node:util';
import {
  buildScenario,
  computeMetrics,
  createRng,
  defaultCaseParams,
  hashString,
  replayChecked,
  scoreAttempt,
  type PlausibilityFlag,
  type CaseParams,
  type Scenario,
  type SimEvent,
  type SimMetrics,
  type SimState,
  type Score,
  type Task,
} from '../../../src/domain/simulator/index.ts';
import type { Player } from './types.ts';

export interface Outcome {
  metrics: SimMetrics;
  score: Score;
  events: number;
  /** The most events a second in any ten seconds of the log (sustainedRate): a person's pace stays under HUMAN_PACE. */
  sustainedRate: number;
  /** What the server's plausibility checks flag in the log (null when the state was taken as played, not replayed). */
  flags: PlausibilityFlag[] | null;
  /** Whether the replay reached the metrics the player's own simulation reached (null when not both were there). */
  sameAsPlayed: boolean | null;
  /** Whether every control value is a key's (-1, 0, 1). */
  keysOnly: boolean;
}

/**
 * The state each hand's own simulation reached, by the log it returned: the same reducer applied to the same
 * events, so the replay of that log reaches it too (replay.test.ts holds the model to that, and the validity test
 * checks it on a sample of attempts).
 */
export const reached = new WeakMap<readonly SimEvent[], SimState>();

/**
 * One attempt, scored from the replay of the player's log, as the server scores it. `replayed` false takes the
 * state the player's own simulation reached instead, where there is one: the bench and the test replay a sample
 * and take the rest as played, to halve their time.
 */
export function playAttempt(player: Player, scenario: Scenario, seed: number, replayed = true): Outcome {
  const events = player.play(scenario, createRng(seed));
  const live = reached.get(events);
  const checked = replayed || !live ? replayChecked(scenario, events) : null;
  const metrics = computeMetrics(checked ? checked.state : live!);
  const sameAsPlayed = checked && live ? isDeepStrictEqual(metrics, computeMetrics(live)) : null;
  const keysOnly = events.every((e) => e.type !== 'input' || [e.turnX, e.turnY, e.insert, e.roll].every((v) => v === -1 || v === 0 || v === 1));
  return {
    metrics,
    score: scoreAttempt(metrics),
    events: events.length,
    sustainedRate: sustainedRate(events),
    flags: checked ? checked.flags : null,
    sameAsPlayed,
    keysOnly,
  };
}

/**
 * A person's pace, which every player keeps: a look at the screen and a key change a few times a second, in any
 * ten seconds (a person reacts to what they see in 0.2-0.5 s; inhuman.ts flags only five times this rate).
 */
export const HUMAN_PACE = { windowMs: 10_000, eventsPerS: 5.5 } as const;

/** The most events any `HUMAN_PACE.windowMs` of the log holds, per second of that window. */
export function sustainedRate(events: readonly { t: number }[]): number {
  let most = 0;
  for (let start = 0, end = 0; end < events.length; end += 1) {
    while (events[end]!.t - events[start]!.t > HUMAN_PACE.windowMs) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most / (HUMAN_PACE.windowMs / 1000);
}

/** A case the bench plays: where it comes from, and its parameters. */
export interface ValidityCase {
  label: string;
  params: CaseParams;
}

/**
 * The seeded courses' cases of one task, each parameter set once: the courses without stored parameters take the
 * module defaults (module 1 navigation, 2 selective, 3 Solomon) for their two or three cases.
 */
export function validityCases(task: Task, seeded: readonly (readonly CaseParams[])[]): ValidityCase[] {
  const cases: ValidityCase[] = [];
  const seen = new Set<string>();
  const add = (label: string, params: CaseParams) => {
    const key = JSON.stringify(params);
    if (params.task !== task || seen.has(key)) return;
    seen.add(key);
    cases.push({ label, params });
  };
  seeded.forEach((module, m) => module.forEach((params, c) => add(`fetoscopy ${m + 1}.${c + 1}`, params)));
  for (const moduleNo of [1, 2, 3]) for (const c of [1, 2, 3]) add(`defaults ${moduleNo}.${c}`, defaultCaseParams(moduleNo, c));
  return cases;
}

/** The placenta of a case's n-th variant, as a launch would draw it. */
export const scenarioOf = (c: ValidityCase, variant: number): Scenario => buildScenario(c.params, hashString(`validity|${c.label}|${variant}`));

/** The area under the ROC curve: the chance that a score of `higher` beats one of `lower`, ties counting half. */
export function auc(higher: readonly number[], lower: readonly number[]): number {
  let wins = 0;
  for (const h of higher) for (const l of lower) wins += h > l ? 1 : h === l ? 0.5 : 0;
  return higher.length * lower.length > 0 ? wins / (higher.length * lower.length) : Number.NaN;
}

/** One attempt of the bench: which case, variant and player, and how it scored. */
export interface Played {
  case: ValidityCase;
  variant: number;
  player: Player;
  /** Whether the score came from the replay of the log (else from the state the player's simulation reached). */
  replayed: boolean;
  outcome: Outcome;
}

/**
 * Every player that knows a case's task plays each of its first `variants` variants; one scenario per variant,
 * shared by the players. Every `replayEvery`-th variant is scored from the replay of the log, the others from the
 * state the player reached. `onCase` hears of each case as it is done (the bench prints progress).
 */
export function playAll(
  cases: readonly ValidityCase[],
  players: readonly Player[],
  variants: number,
  replayEvery = 1,
  onCase?: (c: ValidityCase) => void,
): Played[] {
  const played: Played[] = [];
  for (const c of cases) {
    const who = players.filter((p) => p.tasks.includes(c.params.task));
    for (let variant = 0; variant < variants; variant += 1) {
      const scenario = scenarioOf(c, variant);
      const replayed = variant % replayEvery === 0;
      for (const player of who) {
        played.push({ case: c, variant, player, replayed, outcome: playAttempt(player, scenario, hashString(`${player.name}|${variant}`), replayed) });
      }
    }
    onCase?.(c);
  }
  return played;
}
