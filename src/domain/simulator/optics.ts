// The fetoscope's lens and focus: debris from burns fired close to the plate and a touch of the plate soil the
// lens, it clears slowly as fluid flows past, and a wipe (the scope drawn back into its sheath and rinsed)
// clears it at the cost of a few seconds without the laser. Like the blood in turbidity.ts, the fog is a closed
// form of time since its last change, so advancing frame by frame or in one jump gives the same bits. The
// focus is a property of the lens alone: sharp over a range of distances from the plate, blurred too close.
import type { SimState, Soiling } from './state.ts';

/** Every lens and focus constant in one place. Fog runs 0 (clean lens) to 1 (a milky veil over the whole view). */
export const OPTICS = {
  /** Per second of firing at the plate from closer than `fogMm`, at the tip itself; less the further from it. */
  fogRisePerS: 0.12,
  /** Firing from this close sends vapour and char onto the lens (the technique's working distance starts at 5 mm). */
  fogMm: 8,
  /** Touching the plate smears the lens with blood and tissue. */
  contactFog: 0.35,
  /** The fluid flowing past the lens rinses it slowly: half the fog gone in this long. */
  fogHalfLifeMs: 90_000,
  /** A wipe: the laser waits this long while the lens is rinsed in the sheath; the lens is clean at its end. */
  wipeMs: 5_000,
  /** The view is sharp from `sharpNearMm` to `sharpFarMm` from the plate, blurred closer, softening slowly further. */
  sharpNearMm: 6,
  sharpFarMm: 45,
} as const;

const decay = (fog: Soiling, t: number): number => fog.level * 2 ** (-(t - fog.at) / OPTICS.fogHalfLifeMs);

/** Whether a wipe is under way at `t`. */
export const wiping = (s: Pick<SimState, 'wipe'>, t: number): boolean => s.wipe !== null && t < s.wipe.from + OPTICS.wipeMs;

/** How fogged the lens is at `t` (0-1): what is left of the soiling, plus what a wipe under way has not yet cleared. */
export function fogAt(s: Pick<SimState, 'fog' | 'wipe'>, t: number): number {
  let level = decay(s.fog, t);
  if (s.wipe) {
    const left = 1 - (t - s.wipe.from) / OPTICS.wipeMs;
    if (left > 0) level += s.wipe.level * left;
  }
  return Math.min(1, level);
}

/** Adds fog at the state's time (capped at 1 with what is there). */
export function soil(s: SimState, amount: number): void {
  s.fog = { level: Math.min(1, decay(s.fog, s.t) + amount), at: s.t };
}

/** The fog a tick of firing from `distanceMm` of the plate puts on the lens: none from `fogMm` or further. */
export const firingFog = (distanceMm: number, ms: number): number =>
  distanceMm >= OPTICS.fogMm ? 0 : ((OPTICS.fogRisePerS * ms) / 1000) * (1 - Math.max(0, distanceMm) / OPTICS.fogMm);

/** Starts a wipe at the state's time; none while one runs. Returns whether it started. */
export function startWipe(s: SimState): boolean {
  if (wiping(s, s.t)) return false;
  s.wipe = { from: s.t, level: decay(s.fog, s.t) };
  s.fog = { level: 0, at: s.t };
  s.wipes += 1;
  return true;
}

/**
 * How far out of focus the view is, 0 (sharp) to 1 (nothing but colour), at `distanceMm` from the plate: blur grows
 * quickly closer than the focus range (at 1 mm nothing is sharp), slowly beyond it.
 */
export function defocus(distanceMm: number): number {
  if (distanceMm < OPTICS.sharpNearMm) return Math.min(1, (OPTICS.sharpNearMm - Math.max(0, distanceMm)) / (OPTICS.sharpNearMm - 1));
  if (distanceMm > OPTICS.sharpFarMm) return Math.min(0.5, (distanceMm - OPTICS.sharpFarMm) / 100);
  return 0;
}
