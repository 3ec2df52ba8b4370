import { describe, expect, it } from 'vitest';
import { defaultCaseParams, TASKS, type CaseParams } from '../../../src/domain/simulator/index.ts';
import { unwinnableSetup } from '../../../src/domain/simulator/winnable.ts';

const params = (over: Partial<CaseParams>): CaseParams => ({ ...defaultCaseParams(2, 1), ...over });

describe('whether a case’s setup can be won (the course editor’s warning)', () => {
  it('finds an anterior placenta with only the straight scope unwinnable, for every task', () => {
    for (const task of TASKS) {
      const problem = unwinnableSetup(params({ task, placenta: 'anterior', scopes: 'straight' }));
      expect(problem?.placenta).toBe('anterior');
      // The straight scope meets a fifth of the work at most from the sites beside an anterior plate.
      expect(problem!.reach).toBeLessThan(0.3);
    }
  });

  it('names the anterior draw of a case whose placenta may be either', () => {
    expect(unwinnableSetup(params({ placenta: 'either', scopes: 'straight' }))).toMatchObject({ placenta: 'anterior' });
  });

  it('finds the angled scope, or the choice of both, winnable on an anterior placenta, and any scope on a posterior one', () => {
    for (const task of TASKS) {
      expect(unwinnableSetup(params({ task, placenta: 'anterior', scopes: 'angled' }))).toBeNull();
      expect(unwinnableSetup(params({ task, placenta: 'either', scopes: 'both' }))).toBeNull();
      expect(unwinnableSetup(params({ task, placenta: 'posterior', scopes: 'straight' }))).toBeNull();
    }
  });

  it('finds every module default winnable, as the seeded courses use them', () => {
    for (let moduleNo = 1; moduleNo <= 3; moduleNo += 1) for (let c = 1; c <= 4; c += 1) expect(unwinnableSetup(defaultCaseParams(moduleNo, c))).toBeNull();
  });
});
