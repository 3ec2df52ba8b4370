// The validity bench's players: scripted stand-ins for learners of known skill, and degenerate strategies that
// game a score. A player only ever produces an event log, as the page records it; the score comes from replaying it.
import type { Scenario, SimEvent, Task } from '../../../src/domain/simulator/index.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';

/** The skill a player stands in for; 'degenerate' players game the score and must never pass. */
export type Group = 'expert' | 'intermediate' | 'novice';

export interface Player {
  /** Short and unique: the bench's tables and the test's messages name players by it. */
  name: string;
  /**
   * 'careful': people at a slow or corrective pace, read only for how often the plausibility checks accuse them;
   * 'program': plays from the model's hidden state at a hand's pace, may score a pass and must be flagged;
   * 'report': a program the flags are known not to catch everywhere (docs/simulator-judgement.md), its figures
   * printed for the record and judged by no criterion.
   */
  group: Group | 'degenerate' | 'careful' | 'program' | 'report';
  /** The tasks it knows how to play. */
  tasks: readonly Task[];
  /**
   * The whole attempt as the page would log it: times in ms from 0, controls only as keys give them (-1, 0, 1),
   * at a human rate. It may plan with the scenario (a bot knows the layout) but acts only through these events.
   */
  play(scenario: Scenario, rng: Rng): SimEvent[];
}
