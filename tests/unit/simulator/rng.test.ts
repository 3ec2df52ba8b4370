import { describe, expect, it } from 'vitest';
import { createRng, hashString } from '../../../src/domain/simulator/index.ts';

describe('createRng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
  });
  it('keeps next() in [0, 1), range() and int() in their bounds, with both int ends reachable', () => {
    const r = createRng(7);
    const ints = new Set<number>();
    for (let i = 0; i < 2000; i += 1) {
      const x = r.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const y = r.range(-2, 3);
      expect(y).toBeGreaterThanOrEqual(-2);
      expect(y).toBeLessThan(3);
      ints.add(r.int(1, 4));
    }
    expect([...ints].sort()).toEqual([1, 2, 3, 4]);
  });
  it('draws unit vectors in every quadrant', () => {
    const r = createRng(9);
    const quadrants = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const v = r.unitVector();
      expect(Math.hypot(v.x, v.y)).toBeCloseTo(1, 12);
      quadrants.add(`${Math.sign(v.x)}${Math.sign(v.y)}`);
    }
    expect(quadrants.size).toBe(4);
  });
  it('hashes strings to unsigned 32-bit integers that depend on every character', () => {
    const h = hashString('fetoscopy');
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    expect(hashString('fetoscopz')).not.toBe(h);
    expect(hashString('')).not.toBe(hashString(' '));
  });
});
