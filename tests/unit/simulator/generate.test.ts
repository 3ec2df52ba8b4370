import { describe, expect, it } from 'vitest';
import {
  difficultyFor,
  distance,
  distanceToPolyline,
  feederKinds,
  generatePlacenta,
  NORMAL_VESSEL_MARGIN,
  seedFor,
  type Placenta,
} from '../../../src/domain/simulator/index.ts';

const seeds = Array.from({ length: 40 }, (_, i) => seedFor('fetoscopy-101', 1, i));

describe('seedFor', () => {
  it('is stable across runs and versions (stored attempts are replayed with it)', () => {
    expect(seedFor('course-a', 1, 0)).toBe(seedFor('course-a', 1, 0));
    expect(seedFor('course-a', 1, 0)).toBe(seedFor('course-a', 1, 0) >>> 0);
    expect(seedFor('abc', 2, 3)).toBe(2912674101);
  });
  it('still draws the pinned placenta for a known case (a change here breaks replays of stored attempts)', () => {
    const p = generatePlacenta(2912674101, 2);
    expect(p.position).toBe('anterior');
    expect(p.anastomoses.map((a) => a.kind)).toEqual(['VV', 'AA', 'AV', 'AV']);
    expect(p.vessels).toHaveLength(34);
    expect(p.anastomoses[0]!.position.x).toBeCloseTo(-0.6336798666710785, 14);
    expect(p.anastomoses[0]!.position.y).toBeCloseTo(0.19326807601436305, 14);
    expect(p.anastomoses[0]!.radius).toBeCloseTo(0.02744289801036939, 14);
  });
  it('differs when the course, the level or the case differs', () => {
    const values = new Set([
      seedFor('course-a', 1, 0),
      seedFor('course-b', 1, 0),
      seedFor('course-a', 2, 0),
      seedFor('course-a', 1, 1),
      seedFor('course-a1', 1, 0),
      seedFor('course-a', 11, 0),
    ]);
    expect(values.size).toBe(6);
  });
});

describe('generatePlacenta', () => {
  it('gives an identical placenta for the same seed and level', () => {
    const a = generatePlacenta(seedFor('c1', 2, 4), 2);
    const b = generatePlacenta(seedFor('c1', 2, 4), 2);
    expect(b).toEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('gives different placentas for different cases of the same level', () => {
    const shapes = new Set(seeds.map((seed) => JSON.stringify(generatePlacenta(seed, 1).equator)));
    expect(shapes.size).toBe(seeds.length);
    const a = generatePlacenta(seedFor('c1', 1, 0), 1);
    const b = generatePlacenta(seedFor('c1', 1, 1), 1);
    expect(a.anastomoses.map((x) => x.position)).not.toEqual(b.anastomoses.map((x) => x.position));
  });

  it('draws the equator from placental edge to edge, inside the disc', () => {
    for (const seed of seeds) {
      const p = generatePlacenta(seed, 5);
      const first = p.equator[0]!;
      const last = p.equator[p.equator.length - 1]!;
      expect(Math.hypot(first.x, first.y)).toBeCloseTo(1, 9);
      expect(Math.hypot(last.x, last.y)).toBeCloseTo(1, 9);
      for (const q of p.equator) expect(Math.hypot(q.x, q.y)).toBeLessThanOrEqual(1 + 1e-12);
    }
  });

  it('puts every anastomosis on the equator, with one feeder of the right kind from each twin', () => {
    for (const seed of seeds) {
      const p = generatePlacenta(seed, 3);
      for (const a of p.anastomoses) {
        expect(distanceToPolyline(a.position, p.equator)).toBeLessThan(1e-9);
        const fed = p.vessels.filter((v) => v.anastomosisId === a.id);
        expect(fed.map((v) => v.twin).sort()).toEqual(['donor', 'recipient']);
        const kinds = feederKinds(a.kind);
        for (const v of fed) {
          expect(v.kind).toBe(kinds[v.twin]);
          expect(distance(v.points[v.points.length - 1]!, a.position)).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('keeps both twins\' normal vessels off the equator, in their own territory, inside the disc', () => {
    for (const seed of seeds) {
      const p = generatePlacenta(seed, 4);
      const normal = p.vessels.filter((v) => v.anastomosisId === undefined);
      expect(new Set(normal.map((v) => v.twin))).toEqual(new Set(['donor', 'recipient']));
      expect(normal.some((v) => v.kind === 'artery') && normal.some((v) => v.kind === 'vein')).toBe(true);
      for (const v of normal) {
        expect(v.width).toBeGreaterThan(0);
        for (const q of v.points) {
          expect(Math.hypot(q.x, q.y)).toBeLessThan(1);
          if (q !== v.points[0]) expect(distanceToPolyline(q, p.equator)).toBeGreaterThanOrEqual(NORMAL_VESSEL_MARGIN);
        }
      }
      expect(p.cords.map((c) => c.twin)).toEqual(['donor', 'recipient']);
      for (const c of p.cords) expect(distanceToPolyline(c.position, p.equator)).toBeGreaterThanOrEqual(0.25);
    }
  });
});

describe('level sets the difficulty', () => {
  const stats = (list: Placenta[]) => ({
    minCount: Math.min(...list.map((p) => p.anastomoses.length)),
    maxCount: Math.max(...list.map((p) => p.anastomoses.length)),
    minRadius: Math.min(...list.flatMap((p) => p.anastomoses.map((a) => a.radius))),
    maxRadius: Math.max(...list.flatMap((p) => p.anastomoses.map((a) => a.radius))),
    minVisibility: Math.min(...list.flatMap((p) => p.anastomoses.map((a) => a.visibility))),
    maxVisibility: Math.max(...list.flatMap((p) => p.anastomoses.map((a) => a.visibility))),
    anterior: list.filter((p) => p.position === 'anterior').length,
  });
  const easy = stats(seeds.map((s) => generatePlacenta(s, 1)));
  const hard = stats(seeds.map((s) => generatePlacenta(s, 5)));

  it('has more anastomoses at level 5 than at level 1, on every seed', () => {
    expect(easy.minCount).toBeGreaterThanOrEqual(3);
    expect(easy.maxCount).toBeLessThanOrEqual(4);
    expect(hard.minCount).toBeGreaterThanOrEqual(7);
    for (const seed of seeds) {
      expect(generatePlacenta(seed, 5).anastomoses.length).toBeGreaterThan(generatePlacenta(seed, 1).anastomoses.length);
    }
  });
  it('makes anastomoses smaller and more hidden', () => {
    expect(hard.maxRadius).toBeLessThan(easy.minRadius);
    expect(hard.maxVisibility).toBeLessThan(easy.minVisibility);
  });
  it('places level 1 placentas posterior and most level 5 ones anterior', () => {
    expect(easy.anterior).toBe(0);
    expect(hard.anterior).toBeGreaterThan(seeds.length / 2);
  });
  it('clamps levels outside 1-5 and records the level used', () => {
    expect(difficultyFor(0).tier).toBe(1);
    expect(difficultyFor(-3).tier).toBe(1);
    expect(difficultyFor(99).tier).toBe(5);
    expect(difficultyFor(Number.NaN).tier).toBe(1);
    expect(generatePlacenta(seeds[0]!, 99)).toEqual(generatePlacenta(seeds[0]!, 5));
    expect(generatePlacenta(seeds[0]!, 3).level).toBe(3);
  });
});
