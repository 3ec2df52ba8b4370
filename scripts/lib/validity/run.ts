// Plays a player on a scenario and scores it the way the server does: replay of the log, metrics, score.
import { computeMetrics, createRng, replay, scoreAttempt, type Scenario, type SimMetrics, type Score } from '../../../src/domain/simulator/index.ts';
import type { Player } from './types.ts';

export interface Outcome {
  metrics: SimMetrics;
  score: Score;
  events: number;
}

/** One attempt: the player's log replayed from scratch, so nothing but the events reaches the score. */
export function playAttempt(player: Player, scenario: Scenario, seed: number): Outcome {
  const events = player.play(scenario, createRng(seed));
  const metrics = computeMetrics(replay(scenario, events));
  return { metrics, score: scoreAttempt(metrics), events: events.length };
}
