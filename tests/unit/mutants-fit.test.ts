import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESS_RULES } from '../../scripts/lib/mutants/access.ts';
import { DOMAIN } from '../../scripts/lib/mutants/domain.ts';
import { KNOWN } from '../../scripts/lib/mutants/known.ts';
import { misfits } from '../../scripts/lib/mutants/mutant.ts';
import { REACH } from '../../scripts/lib/mutants/reach.ts';
import { SIMULATOR } from '../../scripts/lib/mutants/simulator.ts';

// `npm run test:mutants` is not part of `npm test` (it takes minutes); this keeps its breaks in step with the code, so
// a refactor that moves a line a mutant breaks says so at once instead of at the next mutation run.
describe('the mutation check', () => {
  it('finds each mutant’s source text once in its file, and each of its tests', () => {
    expect(misfits([...KNOWN, ...REACH, ...DOMAIN, ...SIMULATOR, ...ACCESS_RULES], join(import.meta.dirname, '..', '..'))).toEqual([]);
  });
});
