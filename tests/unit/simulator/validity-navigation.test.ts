// Does the navigation score measure skill? Scripted learners of known skill and two sweeps that ignore the targets
// play module 1's seeded cases over many variants, through the event log only; their logs are replayed and scored.
import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  computeMetrics,
  createRng,
  defaultCaseParams,
  inhumanInput,
  replay,
  scoreAttempt,
  seedFor,
} from '../../../src/domain/simulator/index.ts';
import { navigationPlayers } from '../../../scripts/lib/validity/navigation.ts';

const VARIANTS = 50;
/** Some 900 attempts replayed: about 12 s of CPU in all (the sweeps two thirds of it), more on a loaded machine. */
const SLOW = { timeout: 120_000 };
const PASS_MARK = 70;
/** Module 1 of the seeded course: three navigation cases, posterior and straight, either placenta, anterior. */
const CASES = [1, 2, 3];

const player = (name: string) => navigationPlayers.find((p) => p.name === name)!;

/** Each variant's score for one player on one case, the log replayed from scratch as the server does. */
function scores(name: string, caseIndex: number): number[] {
  const params = defaultCaseParams(1, caseIndex);
  return Array.from({ length: VARIANTS }, (_, variant) => {
    const scenario = buildScenario(params, seedFor('validity', 1, caseIndex, variant));
    const events = player(name).play(scenario, createRng(variant * 7 + 1));
    const keys = events.every((e) => e.type !== 'input' || [e.turnX, e.turnY, e.insert, e.roll].every((v) => v === -1 || v === 0 || v === 1));
    expect({ keys, inhuman: inhumanInput(events) }).toEqual({ keys: true, inhuman: false });
    return scoreAttempt(computeMetrics(replay(scenario, events))).score;
  });
}

const share = (values: number[], test: (v: number) => boolean) => values.filter(test).length / values.length;

/** The chance that a random expert attempt scores above a random intermediate one (ties count half). */
function auc(high: number[], low: number[]): number {
  let wins = 0;
  for (const h of high) for (const l of low) wins += h > l ? 1 : h === l ? 0.5 : 0;
  return wins / (high.length * low.length);
}

describe.each(CASES)('navigation validity, module 1 case %i', (caseIndex) => {
  it(`separates experts from intermediates and novices over ${VARIANTS} variants`, SLOW, () => {
    const expert = scores('nav-expert', caseIndex);
    const intermediate = scores('nav-intermediate', caseIndex);
    const novice = scores('nav-novice', caseIndex);
    expect(share(expert, (s) => s >= PASS_MARK)).toBeGreaterThanOrEqual(0.95);
    expect(share(novice, (s) => s < PASS_MARK)).toBeGreaterThanOrEqual(0.95);
    expect(auc(expert, intermediate)).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps every sweep and finishing at once below the pass mark in every variant', SLOW, () => {
    for (const name of ['nav-sweep', 'nav-sweep-stop-and-go', 'nav-finish-at-once']) expect(Math.max(...scores(name, caseIndex))).toBeLessThan(PASS_MARK);
  });
});
