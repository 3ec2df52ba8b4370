import { describe, expect, it } from 'vitest';
import { FETO_PLAYERS, fetoPassRate } from '../../../scripts/lib/validity/feto.ts';

const N = 200;

describe.each(['insertion', 'removal'] as const)('the FETO %s validity bench', (task) => {
  const rates = Object.fromEntries(FETO_PLAYERS.map((p) => [p.name, fetoPassRate(p, task, N).rate]));

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
