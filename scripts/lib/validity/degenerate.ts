// Strategies that game a score instead of operating: each must stay below the pass mark in every variant.
import type { Player } from './types.ts';

/** Opens the fetoscopy and finishes a few seconds later without doing anything. */
const finishAtOnce: Player = {
  name: 'finish-at-once',
  group: 'degenerate',
  tasks: ['navigation', 'selective', 'solomon'],
  play: (_scenario, rng) => [
    { t: 0, type: 'open', scope: 'straight' },
    { t: Math.round(rng.range(2000, 6000)), type: 'finish' },
  ],
};

export const degeneratePlayers: readonly Player[] = [finishAtOnce];
