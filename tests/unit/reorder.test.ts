import { describe, expect, it } from 'vitest';
import { moveCase, moved, moveModule, removeCase, removeModule } from '../../src/domain/reorder.ts';
import { defaultCaseParams, type CaseParams } from '../../src/domain/simulator/params.ts';
import { simulatorOfCase, taskOfCase, type DesktopTask } from '../../src/domain/simulators.ts';

const own = { ...defaultCaseParams(3, 3), difficulty: 5 };
type Case = { id: string; sim?: CaseParams; task?: DesktopTask };
const levels: Array<{ id: string; cases: Case[] }> = [
  { id: 'm1', cases: [{ id: 'a' }, { id: 'b' }] },
  {
    id: 'm2',
    cases: [
      { id: 'c', sim: own },
      { id: 'd', task: 'bronchoscopy' },
    ],
  },
  { id: 'm3', cases: [{ id: 'e' }] },
];
const ids = (list: typeof levels) => list.map((l) => `${l.id}:${l.cases.map((c) => c.id).join(',')}`);

describe('moved', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });
  it('changes nothing for a place outside the list or the same place', () => {
    expect(moved(['a', 'b'], 0, 2)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], -1, 0)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('moving and deleting modules and cases', () => {
  it('moves a module with its cases, and a case within its module', () => {
    expect(ids(moveModule(levels, 2, 0))).toEqual(['m3:e', 'm1:a,b', 'm2:c,d']);
    expect(ids(moveCase(levels, 0, 1, 0))).toEqual(['m1:b,a', 'm2:c,d', 'm3:e']);
    expect(ids(moveModule(levels, 0, 3))).toEqual(ids(levels));
  });

  it('gives a moved case that follows its defaults the parameters of its old place, so it plays the same', () => {
    const after = moveModule(levels, 2, 0);
    // Module 3's case plays Solomon; at the top it would have played navigation.
    expect(after[0]!.cases[0]).toEqual({ id: 'e', sim: defaultCaseParams(3, 1) });
    expect(taskOfCase(after[0]!.cases[0]!, 1)).toBe('solomon');
    // Cases with their own parameters or procedure are left as they are.
    expect(after[2]!.cases).toEqual(levels[1]!.cases);
    expect(simulatorOfCase(after[2]!.cases[1]!, 3)).toBe('desktop');
  });

  it('pins the cases a deletion moves up, and only those', () => {
    const withoutA = removeCase(levels, 0, 0);
    expect(withoutA[0]!.cases).toEqual([{ id: 'b', sim: defaultCaseParams(1, 2) }]);
    expect(withoutA[2]).toEqual(levels[2]);
    const withoutM1 = removeModule(levels, 0);
    expect(ids(withoutM1)).toEqual(['m2:c,d', 'm3:e']);
    expect(withoutM1[1]!.cases[0]).toEqual({ id: 'e', sim: defaultCaseParams(3, 1) });
  });

  it('pins no case whose place keeps the same defaults', () => {
    expect(moveCase(levels, 0, 0, 0)).toEqual(levels);
    // Modules 4 and 5 both play Solomon, and a third case is at the hardest difficulty in either.
    const deep = [1, 2, 3, 4, 5].map((n) => ({ id: `m${n}`, cases: [{ id: `m${n}a` }, { id: `m${n}b` }, { id: `m${n}c` }] as Case[] }));
    const swapped = moveModule(deep, 4, 3);
    expect(swapped[3]!.cases[2]).toEqual({ id: 'm5c' });
    expect(swapped[3]!.cases[0]).toEqual({ id: 'm5a', sim: defaultCaseParams(5, 1) });
  });
});
