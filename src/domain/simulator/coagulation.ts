// Laser spots: how they grow with time on target, and what each one burns.
import { distance, distanceToPolyline, type Vec2 } from './geometry.ts';
import type { Anastomosis, Placenta } from './placenta.ts';

/** Laser and tissue constants, in one place so the renderer draws what the metrics count. */
export const LASER = {
  /** Output of a fetoscopic diode / Nd:YAG laser at a typical setting (20-40 W); energy = power x time firing. */
  powerW: 30,
  /** Radius of a spot as soon as the laser fires (about 1.5 mm on a 20 cm placenta). */
  spotMinRadius: 0.015,
  /** Radius a spot tends towards with a long dwell (about 5 mm). */
  spotMaxRadius: 0.05,
  /** Time on target at which a spot is halfway between its smallest and largest radius. */
  growthHalfTimeMs: 800,
  /** Firing keeps growing the last spot while the aim stays within this fraction of its radius; beyond, a new spot starts. */
  resumeFraction: 0.5,
} as const;

/** A spot whose centre is within this distance of the equator lies on it (tissue a Solomon line is meant to burn). */
export const EQUATOR_BAND = 0.04;

/** One coagulation: where, for how long it was burnt, and the radius and energy that follow from it. */
export interface Spot {
  position: Vec2;
  durationMs: number;
  radius: number;
  energyJ: number;
}

/** What a spot mainly burnt: the intended targets are 'anastomosis' and 'equator'; the rest is collateral damage. */
export type SpotTarget = 'anastomosis' | 'vessel' | 'equator' | 'tissue';

/** Everything a spot touches, for the review screen and for the metrics. */
export interface SpotContact {
  target: SpotTarget;
  /** Ids of the anastomoses the spot overlaps. */
  anastomoses: string[];
  /** Indices (in placenta.vessels) of the normal vessels the spot overlaps. */
  vessels: number[];
  onEquator: boolean;
  collateral: boolean;
}

/** Spot radius after a dwell: a rational curve (no exp) so every engine computes the same bits. */
export function spotRadius(durationMs: number): number {
  const d = Math.max(0, durationMs);
  return LASER.spotMinRadius + ((LASER.spotMaxRadius - LASER.spotMinRadius) * d) / (d + LASER.growthHalfTimeMs);
}

/** Energy delivered by a dwell, in joules. */
export function spotEnergy(durationMs: number): number {
  return (LASER.powerW * Math.max(0, durationMs)) / 1000;
}

/** A spot at a position after a given time on target; tests and the reducer build spots only through this. */
export function makeSpot(position: Vec2, durationMs: number): Spot {
  return { position, durationMs, radius: spotRadius(durationMs), energyJ: spotEnergy(durationMs) };
}

/** An anastomosis is sealed when its centre lies inside a spot at least as wide as the anastomosis itself. */
export function seals(spot: Spot, anastomosis: Anastomosis): boolean {
  return distance(spot.position, anastomosis.position) <= spot.radius && spot.radius >= anastomosis.radius;
}

/**
 * Classifies a spot. Priority: an anastomosis, then a normal vessel (one that feeds no anastomosis), then
 * the equator band, then plain tissue off the equator. Feeders of anastomoses count as tissue, not vessels:
 * near the equator burning them is the point, away from it the spot is off-equator damage anyway.
 */
export function classifySpot(placenta: Placenta, spot: Spot): SpotContact {
  const anastomoses = placenta.anastomoses
    .filter((a) => distance(spot.position, a.position) <= spot.radius + a.radius)
    .map((a) => a.id);
  const vessels: number[] = [];
  placenta.vessels.forEach((v, i) => {
    if (v.anastomosisId === undefined && distanceToPolyline(spot.position, v.points) <= spot.radius + v.width / 2) {
      vessels.push(i);
    }
  });
  const onEquator = distanceToPolyline(spot.position, placenta.equator) <= EQUATOR_BAND;
  const target: SpotTarget =
    anastomoses.length > 0 ? 'anastomosis' : vessels.length > 0 ? 'vessel' : onEquator ? 'equator' : 'tissue';
  return { target, anastomoses, vessels, onEquator, collateral: target === 'vessel' || target === 'tissue' };
}
