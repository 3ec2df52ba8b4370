import { describe, expect, it } from 'vitest';
import { buildScenario, defaultCaseParams, seedFor } from '../../../src/domain/simulator/index.ts';
import { degeneratePlayers } from '../../../scripts/lib/validity/degenerate.ts';
import { playAttempt } from '../../../scripts/lib/validity/run.ts';

describe('validity: scripted players through the event log', () => {
  it('keeps every degenerate strategy at 0 when it does nothing', () => {
    for (const level of [1, 2, 3]) {
      const scenario = buildScenario(defaultCaseParams(level, 1), seedFor('fetoscopy-simulator', level, 1, 0));
      for (const player of degeneratePlayers) expect(playAttempt(player, scenario, 1).score.score).toBe(0);
    }
  });
});
