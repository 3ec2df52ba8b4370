// Does the navigation score measure skill? Scripted learners of known skill and two sweeps that ignore the targets
// play module 1's seeded cases over many variants, through the event log only, at a person's pace; their logs are
// replayed and scored as the server does, and go through its plausibility checks.
import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  computeMetrics,
  createRng,
  defaultCaseParams,
  replayChecked,
  scoreAttempt,
  seedFor,
  type PlausibilityFlag,
} from '../../../src/domain/simulator/index.ts';
import { carefulPlayers, navigationPlayers } from '../../../scripts/lib/validity/navigation.ts';
import { HUMAN_PACE, sustainedRate } from '../../../scripts/lib/validity/run.ts';

const VARIANTS = 50;
/** Some 900 attempts replayed: about 12 s of CPU in all (the sweeps two thirds of it), more on a loaded machine. */
const SLOW = { timeout: 120_000 };
const PASS_MARK = 70;
/** Module 1 of the seeded course: three navigation cases, posterior and straight, either placenta, anterior. */
const CASES = [1, 2, 3];
const LEARNERS = ['nav-expert', 'nav-intermediate', 'nav-novice'];

const player = (name: string) => [...navigationPlayers, ...carefulPlayers].find((p) => p.name === name)!;

interface Played {
  score: number;
  flags: PlausibilityFlag[];
  rate: number;
}

/** Each variant of one player on one case, the log replayed from scratch as the server does, checked and scored. */
function play(name: string, caseIndex: number): Played[] {
  const params = defaultCaseParams(1, caseIndex);
  return Array.from({ length: VARIANTS }, (_, variant) => {
    const scenario = buildScenario(params, seedFor('validity', 1, caseIndex, variant));
    const events = player(name).play(scenario, createRng(variant * 7 + 1));
    const keys = events.every((e) => e.type !== 'input' || [e.turnX, e.turnY, e.insert, e.roll].every((v) => v === -1 || v === 0 || v === 1));
    expect(keys).toBe(true);
    const { state, flags } = replayChecked(scenario, events);
    return { score: scoreAttempt(computeMetrics(state)).score, flags, rate: sustainedRate(events) };
  });
}

const share = (values: number[], test: (v: number) => boolean) => values.filter(test).length / values.length;

/** The chance that a random expert attempt scores above a random intermediate one (ties count half). */
function auc(high: number[], low: number[]): number {
  let wins = 0;
  for (const h of high) for (const l of low) wins += h > l ? 1 : h === l ? 0.5 : 0;
  return wins / (high.length * low.length);
}

/** At a person's pace, and with nothing inhuman found in at most 0.5 % of a learner's attempts (none of 50). */
function expectHuman(name: string, runs: Played[]) {
  const fastest = Math.max(...runs.map((r) => r.rate));
  expect({ name, fastest: fastest <= HUMAN_PACE.eventsPerS }).toEqual({ name, fastest: true });
  const flagged = runs.filter((r) => r.flags.length > 0).length;
  expect({ name, flagged: flagged <= 0.005 * runs.length }).toEqual({ name, flagged: true });
}

describe.each(CASES)('navigation validity, module 1 case %i', (caseIndex) => {
  it(`separates experts from intermediates and novices over ${VARIANTS} variants, each played at a person's pace`, SLOW, () => {
    const [expert, intermediate, novice] = LEARNERS.map((name) => {
      const runs = play(name, caseIndex);
      expectHuman(name, runs);
      return runs.map((r) => r.score);
    }) as [number[], number[], number[]];
    expect(share(expert, (s) => s >= PASS_MARK)).toBeGreaterThanOrEqual(0.95);
    expect(share(novice, (s) => s < PASS_MARK)).toBeGreaterThanOrEqual(0.95);
    expect(auc(expert, intermediate)).toBeGreaterThanOrEqual(0.9);
  });

  it('accuses no careful person: slow and hesitant, or misjudging and correcting, nothing inhuman found', SLOW, () => {
    for (const { name } of carefulPlayers) expectHuman(name, play(name, caseIndex));
  });

  it("keeps every sweep and finishing at once below the pass mark in every variant, at a person's pace", SLOW, () => {
    for (const name of ['nav-sweep', 'nav-sweep-stop-and-go', 'nav-finish-at-once']) {
      const runs = play(name, caseIndex);
      expect(Math.max(...runs.map((r) => r.score))).toBeLessThan(PASS_MARK);
      expect(Math.max(...runs.map((r) => r.rate))).toBeLessThanOrEqual(HUMAN_PACE.eventsPerS);
    }
  });
});
