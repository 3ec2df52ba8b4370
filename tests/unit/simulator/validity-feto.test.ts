import { describe, expect, it } from 'vitest';
import { FETO_PLAYERS, fetoPassRate } from '../../../scripts/lib/validity/feto.ts';

const N = 200;

/** The seeded course's cases: insertion at three difficulties, removal at two. */
const CASES = [
  ['insertion', 1],
  ['insertion', 2],
  ['insertion', 3],
  ['removal', 1],
  ['removal', 2],
] as const;

describe.each(CASES)('the FETO %s validity bench at difficulty %i', (task, difficulty) => {
  const rates = Object.fromEntries(FETO_PLAYERS.map((p) => [p.name, fetoPassRate(p, task, N, difficulty).rate]));

  it('passes the expert at least 95 % of the time and the novice at most 5 %', () => {
    expect(rates.expert).toBeGreaterThanOrEqual(0.95);
    expect(rates.novice).toBeLessThanOrEqual(0.05);
    expect(rates.intermediate).toBeGreaterThan(rates.novice!);
    expect(rates.intermediate).toBeLessThan(rates.expert!);
  });

  it('never passes a cheap strategy', () => {
    for (const p of FETO_PLAYERS.filter((x) => x.group === 'degenerate')) expect([p.name, rates[p.name]]).toEqual([p.name, 0]);
  });
});
