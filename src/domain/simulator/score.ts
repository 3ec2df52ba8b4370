// The final score out of 100, from the metrics, with every weight and reference in one documented place.
import type { SimMetrics } from './metrics.ts';

/**
 * Why these numbers:
 * - anastomoses (40): residual anastomoses are the main cause of recurrent twin-twin transfusion and of
 *   post-laser TAPS, so sealing every one matters most.
 * - solomon (25): the Solomon trial (Slaghekke et al., Lancet 2014) showed that joining the spots into a
 *   line along the whole equator, edge to edge, lowers TAPS and recurrence; gaps leave tiny anastomoses open.
 * - collateral (15): energy on normal vessels or on tissue off the equator destroys functional placenta
 *   and can devascularise a twin's territory.
 * - surgeryTime (8), laserOnTime (6), pathLength (6): the efficiency measures simulator studies use to
 *   separate experts from novices (operating time, laser time, instrument path length).
 * The weights add up to 100. Each efficiency or safety measure scores 1 up to `good`, 0 from `limit`, and
 * falls linearly in between. Safety and efficiency count only in proportion to the treatment achieved
 * (anastomoses and line), so finishing at once without treating scores 0, not 35.
 */
export const SCORING = {
  weights: { anastomoses: 40, solomon: 25, collateral: 15, surgeryTime: 8, laserOnTime: 6, pathLength: 6 },
  collateralEnergyJ: { good: 0, limit: 300 },
  surgeryTimeMs: { good: 300_000, limit: 1_200_000 },
  laserOnTimeMs: { good: 45_000, limit: 180_000 },
  pathLength: { good: 8, limit: 30 },
} as const;

/** Each part of the score from 0 to 1, so the review screen can say where points were lost. */
export interface ScoreComponents {
  anastomoses: number;
  solomon: number;
  collateral: number;
  surgeryTime: number;
  laserOnTime: number;
  pathLength: number;
}

/** The result: an integer from 0 to 100 and the parts it came from. */
export interface Score {
  score: number;
  components: ScoreComponents;
}

/** 1 at or below `good`, 0 at or above `limit`, linear in between. */
export function falloff(value: number, range: { good: number; limit: number }): number {
  if (value <= range.good) return 1;
  if (value >= range.limit) return 0;
  return (range.limit - value) / (range.limit - range.good);
}

/** The one scoring rule, used by the review screen and by the server after replay. */
export function scoreAttempt(m: SimMetrics): Score {
  const w = SCORING.weights;
  const components: ScoreComponents = {
    anastomoses: m.anastomosesTotal > 0 ? m.anastomosesCoagulated / m.anastomosesTotal : 1,
    solomon: Math.max(0, Math.min(1, m.solomonCompleteness)),
    collateral: falloff(m.collateralEnergyJ, SCORING.collateralEnergyJ),
    surgeryTime: falloff(m.surgeryTimeMs, SCORING.surgeryTimeMs),
    laserOnTime: falloff(m.laserOnTimeMs, SCORING.laserOnTimeMs),
    pathLength: falloff(m.pathLength, SCORING.pathLength),
  };
  const treatment = w.anastomoses * components.anastomoses + w.solomon * components.solomon;
  const achieved = treatment / (w.anastomoses + w.solomon);
  const quality =
    w.collateral * components.collateral +
    w.surgeryTime * components.surgeryTime +
    w.laserOnTime * components.laserOnTime +
    w.pathLength * components.pathLength;
  const score = Math.round(Math.max(0, Math.min(100, treatment + achieved * quality)));
  return { score, components };
}
