// A route known in advance: a program replaying the shortest route through the navigation targets is flagged
// nearly always, whatever its pace, while people (the validity players, in validity-navigation.test.ts; the API tests' and the
// journeys' hand, in plausibility.test.ts) are not.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PASS_MARK } from '../../../src/domain/progress.ts';
import { computeMetrics, createRng, hashString, PLANNED, replayChecked, scoreAttempt, type Move } from '../../../src/domain/simulator/index.ts';
import { plannedRoute } from '../../../src/domain/simulator/planned.ts';
import { FETOSCOPY_SIM } from '../../../src/domain/simulator/seeded.ts';
import { routeReplay } from '../../../scripts/lib/validity/route-replay.ts';
import { scenarioOf, validityCases } from '../../../scripts/lib/validity/run.ts';

const CASES = validityCases('navigation', FETOSCOPY_SIM);
/** 20 variants of each of the three seeded navigation cases: 60 placentas. */
const VARIANTS = 20;
const SLOW = { timeout: 120_000 };

describe('planned: a replay of the shortest route', () => {
  it(
    `is flagged on at least 80 % of ${CASES.length * VARIANTS} placentas, setting off 0.25-0.6 s after each target appears, though it scores a pass in 90 % of them`,
    SLOW,
    () => {
      expect(CASES).toHaveLength(3);
      const missed: string[] = [];
      const scores: number[] = [];
      for (const c of CASES) {
        for (let variant = 0; variant < VARIANTS; variant += 1) {
          const scenario = scenarioOf(c, variant);
          const { state, flags } = replayChecked(scenario, routeReplay(scenario, createRng(hashString(`route|${variant}`)), { startMs: [250, 600] }));
          expect(state.nextTarget).toBe(scenario.targets.length);
          // Only the plan gives it away: its pace, reactions and rhythm are a hand's.
          if (flags.join() !== 'planned') missed.push(`${c.label} #${variant}: [${flags.join(', ')}]`);
          scores.push(scoreAttempt(computeMetrics(state)).score);
        }
      }
      // Where the route made it correct one move (backing off the plate, a drift), it passes for a person: the flag
      // asks every move to be scripted, so as never to accuse a careful hand. Assessed sittings, not timing, are
      // what a certificate rests on.
      expect(missed.length, missed.join('; ')).toBeLessThanOrEqual(0.2 * CASES.length * VARIANTS);
      // What it would take unflagged: a pass nearly every time.
      expect(scores.filter((s) => s >= DEFAULT_PASS_MARK).length).toBeGreaterThanOrEqual(0.9 * scores.length);
    },
  );

  it('is flagged setting off the instant each target appears, on every case', SLOW, () => {
    for (const c of CASES) {
      for (let variant = 0; variant < 5; variant += 1) {
        const scenario = scenarioOf(c, variant);
        expect(replayChecked(scenario, routeReplay(scenario, createRng(variant + 1), { startMs: [0, 0] })).flags).toContain('planned');
      }
    }
  });
});

describe('planned: the pattern, move by move', () => {
  const move = (over: Partial<Move> = {}): Move => ({ startMs: 400, corrections: 2, chordMm: 40, trackMm: 48, ...over });
  const scripted = move({ corrections: 0, trackMm: 40 / PLANNED.straightness });

  it('flags straight moves with nothing corrected in every one of at least three moves', () => {
    expect(plannedRoute([scripted, scripted, scripted])).toBe(true);
    expect(plannedRoute([scripted, scripted, scripted, scripted, scripted])).toBe(true);
    // One move corrected is a person's: four straight ones of five are no plan (a careful hand on a stick).
    expect(plannedRoute([scripted, scripted, scripted, scripted, move()])).toBe(false);
    expect(plannedRoute([scripted, scripted, move()])).toBe(false);
    // Two moves are too few to call a pattern; a short hop is straight whoever makes it, so it is not counted.
    expect(plannedRoute([scripted, scripted])).toBe(false);
    expect(plannedRoute([scripted, scripted, move({ corrections: 0, chordMm: PLANNED.minChordMm - 1, trackMm: PLANNED.minChordMm - 1 })])).toBe(false);
  });

  it("counts a move corrected once, or bent, as a person's", () => {
    const bent = move({ corrections: 0, trackMm: 40 / PLANNED.straightness + 1 });
    expect(plannedRoute([scripted, scripted, bent, bent])).toBe(false);
    expect(plannedRoute([scripted, scripted, move({ corrections: 1, trackMm: 40 }), move({ corrections: 1, trackMm: 40 })])).toBe(false);
  });

  it('flags setting off sooner than sight allows, three times and half the moves at least', () => {
    const early = move({ startMs: PLANNED.underMs - 1 });
    expect(plannedRoute([early, early, early, move(), move(), move()])).toBe(true);
    expect(plannedRoute([early, early, move(), move()])).toBe(false);
    expect(plannedRoute([early, early, early, move(), move(), move(), move()])).toBe(false);
    expect(plannedRoute([move({ startMs: PLANNED.underMs }), move({ startMs: PLANNED.underMs }), move({ startMs: PLANNED.underMs })])).toBe(false);
  });
});
