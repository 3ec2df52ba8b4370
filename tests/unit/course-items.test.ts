import { describe, expect, it } from 'vitest';
import { duplicateIds, findCase, ITEM_ID, newItemId, withIds } from '../../src/domain/course-items.ts';
import { courseStanding, type CourseShape } from '../../src/domain/progress.ts';

const counter = () => {
  let n = 0;
  return () => `new${(n += 1)}`;
};

describe('ids of modules and cases', () => {
  it('keeps the ids it has and gives new items ids unused in the course', () => {
    const levels = [{ id: 'new1', cases: [{ id: 'a' }, {}] }, { cases: [{ id: 'b' }] }];
    expect(withIds(levels, counter())).toEqual([
      { id: 'new1', cases: [{ id: 'a' }, { id: 'new2' }] },
      { id: 'new3', cases: [{ id: 'b' }] },
    ]);
  });

  it('makes new ids of eight URL-safe characters that the contract accepts, different each time', () => {
    const ids = Array.from({ length: 2000 }, newItemId);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{8}$/);
      expect(id).toMatch(ITEM_ID);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the ids used twice, modules and cases alike', () => {
    expect(
      duplicateIds([
        { id: 'x', cases: [{ id: 'a' }, { id: 'a' }] },
        { id: 'y', cases: [{ id: 'x' }, {}] },
      ]),
    ).toEqual(['a', 'x']);
    expect(duplicateIds([{ id: 'x', cases: [{ id: 'a' }, {}, {}] }])).toEqual([]);
  });

  it('finds a case wherever it stands, 1-based, and nothing for a case deleted', () => {
    const levels = [{ cases: [{ id: 'a' }] }, { cases: [{ id: 'b' }, { id: 'c' }] }];
    expect(findCase(levels, 'c')).toEqual({ level: 2, case: 2, item: { id: 'c' } });
    expect(findCase(levels, 'gone')).toBeNull();
  });
});

describe('a learning record keyed by case ids', () => {
  const course = (levels: CourseShape['levels']): CourseShape => ({ levels });
  const a = { id: 'a', title: 'A', passMark: 60 };
  const b = { id: 'b', title: 'B' };
  const passedA = [{ caseId: 'a', score: 65, at: new Date(0), flagged: false }];

  it('keeps a pass on its case, with its own pass mark, when the cases swap places', () => {
    const before = courseStanding(course([{ title: 'M', active: true, cases: [a, b] }]), passedA);
    const after = courseStanding(course([{ title: 'M', active: true, cases: [b, a] }]), passedA);
    expect(before.modules[0]!.cases.map((c) => [c.title, c.state, c.passMark])).toEqual([
      ['A', 'passed', 60],
      ['B', 'notStarted', 70],
    ]);
    expect(after.modules[0]!.cases.map((c) => [c.title, c.state, c.passMark])).toEqual([
      ['B', 'notStarted', 70],
      ['A', 'passed', 60],
    ]);
  });

  it("leaves a deleted case's attempts out of the standing, and gives none of them to the case taking its place", () => {
    const s = courseStanding(course([{ title: 'M', active: true, cases: [b] }]), passedA);
    expect(s).toMatchObject({ passed: 0, total: 1 });
    expect(s.modules[0]!.cases[0]).toMatchObject({ title: 'B', state: 'notStarted', attempts: 0 });
  });
});
