import { describe, expect, it } from 'vitest';
import { publishSummary } from '../../src/domain/publishing.ts';

const course = (cases: number[], over: object = {}) => ({
  title: 'C',
  subtitle: 'S',
  levels: cases.map((n, m) => ({ id: `m${m}`, active: true, cases: Array.from({ length: n }, (_, i) => ({ id: `m${m}c${i}`, title: `Case ${i}` })) })),
  ...over,
});

describe('what publishing a draft changes for learners', () => {
  it('counts the cases and modules learners will see added or removed', () => {
    expect(publishSummary(course([2]), course([2, 2]))).toMatchObject({ firstPublication: false, casesAdded: 2, modulesAdded: 1, casesRemoved: 0 });
    expect(publishSummary(course([3, 1]), course([3]))).toMatchObject({ casesRemoved: 1, modulesRemoved: 1 });
  });

  it('leaves out modules hidden from learners', () => {
    const hidden = { ...course([2]), levels: [...course([2]).levels, { id: 'hidden', active: false, cases: [{ id: 'x', title: 'x' }] }] };
    expect(publishSummary(course([2]), hidden)).toMatchObject({ casesAdded: 0, modulesAdded: 0, otherChanges: true });
  });

  it('says when the rules change, when only texts do, and when it is the first publication', () => {
    expect(publishSummary(course([1]), course([1], { proficiencyOrder: true })).rulesChanged).toBe(true);
    expect(publishSummary(course([1]), course([1], { title: 'Renamed' }))).toMatchObject({ rulesChanged: false, otherChanges: true });
    expect(publishSummary(course([1]), { ...course([1]) })).toMatchObject({ otherChanges: false, casesAdded: 0 });
    expect(publishSummary(null, course([1]))).toMatchObject({ firstPublication: true, casesAdded: 1, modulesAdded: 1 });
  });

  it('tells a case replaced by another from a change of texts, by their ids', () => {
    const replaced = course([2]);
    replaced.levels[0]!.cases[1] = { id: 'new', title: 'Case 1' };
    expect(publishSummary(course([2]), replaced)).toMatchObject({ casesAdded: 1, casesRemoved: 1, reordered: false, otherChanges: false });
  });

  it('says when modules or cases learners keep stand in another order, a case moved to another module included', () => {
    const swapped = course([2, 1]);
    swapped.levels.reverse();
    expect(publishSummary(course([2, 1]), swapped)).toMatchObject({ reordered: true, casesAdded: 0, modulesAdded: 0, otherChanges: false });
    const across = course([2, 1]);
    across.levels[1]!.cases.unshift(across.levels[0]!.cases.pop()!);
    expect(publishSummary(course([2, 1]), across)).toMatchObject({ reordered: true, casesAdded: 0, casesRemoved: 0 });
    const hiddenMoved = { ...course([1]), levels: [...course([1]).levels, { id: 'h1', active: false, cases: [] }, { id: 'h2', active: false, cases: [] }] };
    const hiddenSwapped = { ...hiddenMoved, levels: [hiddenMoved.levels[0]!, hiddenMoved.levels[2]!, hiddenMoved.levels[1]!] };
    expect(publishSummary(hiddenMoved, hiddenSwapped)).toMatchObject({ reordered: false, otherChanges: true });
  });
});
