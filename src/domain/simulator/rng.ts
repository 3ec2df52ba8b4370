// Seeded randomness: each case must always draw the same placenta, in the browser and on the server alike.
// Only integer maths, +, -, *, / and sqrt are used, so every JavaScript engine gives bit-identical results.

/** A deterministic pseudo-random source; the generator draws everything from one of these. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A uniformly distributed direction of length 1, without trigonometry. */
  unitVector(): { x: number; y: number };
}

/** FNV-1a over UTF-16 code units, finished with murmur3's fmix32: turns ids into well-spread 32-bit seeds. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The one place a launch becomes its placenta's seed: the case and the variant the server drew and signed into
 * the launch token, so each launch gets a layout of the same difficulty that no one could prepare for.
 */
export function seedFor(courseId: string, moduleNo: number, caseIndex: number, variant: number): number {
  return hashString(`${courseId}|${moduleNo}|${caseIndex}|${variant >>> 0}`);
}

/** Mulberry32: small, fast and good enough for shapes; the same seed always gives the same sequence. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    unitVector: () => {
      for (;;) {
        const x = next() * 2 - 1;
        const y = next() * 2 - 1;
        const len2 = x * x + y * y;
        if (len2 > 1e-4 && len2 <= 1) {
          const len = Math.sqrt(len2);
          return { x: x / len, y: y / len };
        }
      }
    },
  };
}
