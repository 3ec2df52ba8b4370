// How a course level (module number) turns into a harder or easier placenta.

/** The knobs one level sets; the generator reads nothing else about the level. */
export interface Difficulty {
  /** The level after clamping to the supported range. */
  tier: number;
  anastomosisCount: [number, number];
  anastomosisRadius: [number, number];
  visibility: [number, number];
  /** Chance that the placenta is anterior (harder to reach and see). */
  anteriorChance: number;
  /** Visibility multiplier applied on anterior placentas. */
  anteriorVisibility: number;
  /** Amplitude of the equator's meander, in placental radii. */
  equatorWobble: number;
  /** Largest shift of the equator away from the centre (unequal territories). */
  equatorOffset: number;
}

/** Levels 1 (first module) to 5; lower and higher numbers use the nearest end. */
export const LEVEL_RANGE = { min: 1, max: 5 } as const;

/**
 * Level 1: three or four large, superficial anastomoses on a posterior placenta with a nearly straight equator.
 * Level 5: seven to ten small, mostly hidden ones, usually on an anterior placenta with a meandering equator.
 * The ranges of level 1 and level 5 do not overlap, so the hardest level is harder on every seed.
 */
export function difficultyFor(level: number): Difficulty {
  const tier = Number.isFinite(level)
    ? Math.min(LEVEL_RANGE.max, Math.max(LEVEL_RANGE.min, Math.round(level)))
    : LEVEL_RANGE.min;
  const f = (tier - LEVEL_RANGE.min) / (LEVEL_RANGE.max - LEVEL_RANGE.min);
  const lerp = (a: number, b: number): number => a + (b - a) * f;
  return {
    tier,
    anastomosisCount: [3 + Math.round(4 * f), 4 + Math.round(6 * f)],
    anastomosisRadius: [lerp(0.026, 0.01), lerp(0.036, 0.018)],
    visibility: [lerp(0.85, 0.25), lerp(1, 0.6)],
    anteriorChance: lerp(0, 0.8),
    anteriorVisibility: 0.85,
    equatorWobble: lerp(0.04, 0.14),
    equatorOffset: lerp(0.05, 0.3),
  };
}
