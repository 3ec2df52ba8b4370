import { describe, expect, it } from 'vitest';
import { publishSummary } from '../../src/domain/publishing.ts';

const course = (cases: number[], over: object = {}) => ({
  title: 'C',
  subtitle: 'S',
  levels: cases.map((n) => ({ active: true, cases: Array.from({ length: n }, (_, i) => ({ title: `Case ${i}` })) })),
  ...over,
});

describe('what publishing a draft changes for learners', () => {
  it('counts the cases and modules learners will see added or removed', () => {
    expect(publishSummary(course([2]), course([2, 2]))).toMatchObject({ firstPublication: false, casesAdded: 2, modulesAdded: 1, casesRemoved: 0 });
    expect(publishSummary(course([3, 1]), course([3]))).toMatchObject({ casesRemoved: 1, modulesRemoved: 1 });
  });

  it('leaves out modules hidden from learners', () => {
    const hidden = { ...course([2]), levels: [...course([2]).levels, { active: false, cases: [{ title: 'x' }] }] };
    expect(publishSummary(course([2]), hidden)).toMatchObject({ casesAdded: 0, modulesAdded: 0, otherChanges: true });
  });

  it('says when the rules change, when only texts do, and when it is the first publication', () => {
    expect(publishSummary(course([1]), course([1], { proficiencyOrder: true })).rulesChanged).toBe(true);
    expect(publishSummary(course([1]), course([1], { title: 'Renamed' }))).toMatchObject({ rulesChanged: false, otherChanges: true });
    expect(publishSummary(course([1]), { ...course([1]) })).toMatchObject({ otherChanges: false, casesAdded: 0 });
    expect(publishSummary(null, course([1]))).toMatchObject({ firstPublication: true, casesAdded: 1, modulesAdded: 1 });
  });
});
