import { describe, expect, it } from 'vitest';
import { DebriefSchema } from '../../../src/api/attempt-debrief.ts';
import { debriefOf, distanceToPolyline, type Vec2 } from '../../../src/domain/simulator/index.ts';
import { simplify } from '../../../src/domain/simulator/debrief.ts';
import { openCase, steer } from './pilot.ts';

const pairs = (xy: readonly number[]): Vec2[] => xy.flatMap((v, i) => (i % 2 === 0 ? [{ x: v, y: xy[i + 1]! }] : []));

describe('the debrief data', () => {
  const sim = openCase({ task: 'solomon' });
  const cord = sim.state.scenario.placenta.cords[0]!.position;
  expect(steer(sim, cord)).toBe(true);
  sim.apply({ t: sim.state.t, type: 'mark' });
  sim.apply({ t: sim.state.t, type: 'classify', kind: 'VA' });
  sim.apply({ t: sim.state.t + 100, type: 'finish' });
  const debrief = debriefOf(sim.state);
  const { vessels } = sim.state.scenario.placenta;

  it('keeps every vessel by twin and kind, veins first, its course within 0.5 mm and rounded to 0.1 mm', () => {
    const groups = debrief.vessels!;
    expect(groups.map((g) => g.kind)).toEqual(groups.map((g) => g.kind).sort((a, b) => (a === b ? 0 : a === 'vein' ? -1 : 1)));
    expect(groups.reduce((n, g) => n + g.lines.length, 0)).toBe(vessels.length);
    for (const g of groups) {
      const own = vessels.filter((v) => v.twin === g.twin && v.kind === g.kind);
      g.lines.forEach((line, i) => {
        const v = own[i]!;
        expect(line.w).toBeCloseTo(Math.max(...v.widths), 1);
        for (const n of line.xy) expect(Math.round(n * 10) / 10).toBe(n);
        const course = pairs(line.xy);
        expect(course.length).toBeLessThanOrEqual(v.points.length);
        for (const p of v.points) expect(distanceToPolyline(p, course)).toBeLessThan(0.5 + 0.08);
      });
    }
  });

  it('says which anastomoses the Solomon line sealed, out of sequence', () => {
    expect(debrief.anastomoses.every((a) => a.byLine === false)).toBe(true);
    const lined = { ...sim.state, sealed: [...sim.state.sealed, 'a1'], lineSealed: ['a1'] };
    expect(debriefOf(lined).anastomoses.find((a) => a.id === 'a1')).toMatchObject({ sealed: true, byLine: true });
  });

  it('is small enough to store with each attempt', () => {
    expect(JSON.stringify(debrief).length).toBeLessThan(20_000);
  });

  it('keeps the type the learner gave a mark that matched no anastomosis', () => {
    expect(debrief.falseMarks).toEqual([expect.objectContaining({ kind: 'VA' })]);
  });

  it('travels through the API whole, and a debrief stored before vessels and typed false marks still reads', () => {
    expect(DebriefSchema.parse(debrief)).toEqual(debrief);
    const { vessels: _, ...old } = debrief;
    const stored = { ...old, falseMarks: old.falseMarks.map(({ x, y }) => ({ x, y })) };
    expect(DebriefSchema.parse(stored)).toEqual(stored);
  });
});

describe('simplify', () => {
  it('keeps the ends and the corners, drops points on a straight run', () => {
    const line = [
      { x: 0, y: 0 },
      { x: 1, y: 0.1 },
      { x: 2, y: 0 },
      { x: 2, y: 5 },
    ];
    expect(simplify(line, 0.5)).toEqual([line[0], line[2], line[3]]);
    expect(simplify(line.slice(0, 2), 0.5)).toEqual(line.slice(0, 2));
  });
});
