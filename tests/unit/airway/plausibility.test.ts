import { describe, expect, it } from 'vitest';
import type { FetoEvent } from '../../../src/domain/airway/attempt.ts';
import { buildAirway } from '../../../src/domain/airway/model.ts';
import { fetoFlags } from '../../../src/domain/airway/plausibility.ts';
import { INHUMAN } from '../../../src/domain/simulator/inhuman.ts';
import { PLAUSIBILITY } from '../../../src/domain/simulator/plausibility.ts';
import { createRng } from '../../../src/domain/simulator/rng.ts';
import { FETO_PLAYERS } from '../../../scripts/lib/validity/feto.ts';

// The laser cases' plausibility rules on FETO logs: the scripted learners of the validity bench, who play at a
// person's irregular pace, are (almost) never flagged; a program's timer and a flood of input are.
const N = 200;
const learners = FETO_PLAYERS.filter((p) => p.group !== 'degenerate');
const expertLog = (task: 'insertion' | 'removal', i: number) =>
  learners.find((p) => p.name === 'expert')!.play(buildAirway(`flags-${task}`, 27 + (i % 6), i), task, createRng(i * 7919 + 1));

describe.each(['insertion', 'removal'] as const)('FETO plausibility flags on the %s', (task) => {
  it('flag at most 0.5 % of the scripted expert, intermediate and novice attempts', () => {
    let flagged = 0;
    for (const player of learners)
      for (let i = 0; i < N; i += 1) {
        const events = player.play(buildAirway(`flags-${task}`, 27 + (i % 6), i), task, createRng(i * 7919 + 1));
        if (fetoFlags(events).length > 0) flagged += 1;
      }
    expect(flagged / (learners.length * N)).toBeLessThanOrEqual(0.005);
  });

  it("flag as 'regular' an expert's keys sent on a program's 100 ms timer, once the log is long enough to judge a rhythm", () => {
    const logs = Array.from({ length: 20 }, (_, i) => expertLog(task, i).map((e, k): FetoEvent => ({ ...e, t: k * 100 })));
    const judged = logs.filter((log) => log.length > PLAUSIBILITY.regular.minIntervals);
    expect(judged.length).toBeGreaterThanOrEqual(10);
    for (const log of judged) expect(fetoFlags(log)).toEqual(['regular']);
  });
});

describe("FETO plausibility flags: 'rate'", () => {
  it('flag more events in ten seconds than a hand makes, and not one fewer', () => {
    const burst = (count: number): FetoEvent[] => [
      ...Array.from({ length: count }, (_, k) => ({ t: k * 35 + (k % 3) * 7, type: 'input' as const, turnX: 0, turnY: 0, insert: k % 2 })),
      { t: count * 35 + 100, type: 'finish' as const },
    ];
    // 35-42 ms apart: under the regular rule's shortest interval, so only the rate speaks.
    const over = burst(INHUMAN.maxEvents + 1).filter((e) => e.t <= INHUMAN.windowMs);
    expect(fetoFlags(over)).toContain('rate');
    expect(fetoFlags(burst(200))).toEqual([]);
  });
});
