// The laser: a fibre through the scope's working channel, fired along the line of sight. What it does to the
// plate depends on power, distance and angle: the spot grows with distance, and the energy per area falls with
// the spot's area and with the cosine of the angle of incidence.

/** Every laser and tissue constant in one place, with why it was chosen. */
export const LASER = {
  /** Output power: fetoscopic diode and Nd:YAG lasers are run at 20-50 W for placental vessels; 30 W is typical. */
  powerW: 30,
  /** Radius of the beam as it leaves a 600 µm fibre. */
  fibreRadiusMm: 0.3,
  /** Tangent of the beam's half-angle: a 0.22 NA fibre in amniotic fluid (refractive index 1.33) spreads about 9.5°. */
  divergence: 0.167,
  /** Grazing beyond about 84° spreads the beam over so much plate that it counts as this oblique. */
  minCos: 0.1,
  /**
   * Fluence (J/mm²) that seals a vessel: a base plus a share per millimetre of diameter, since a wider vessel
   * carries more blood away as heat. A 1 mm vessel needs 2.8 J/mm²: about 1.1 s at 10 mm, perpendicular.
   */
  sealBaseJPerMm2: 1.2,
  sealPerMmJPerMm2: 1.6,
  /** What a Solomon line must reach along the equator: enough to seal the sub-millimetre vessels it is meant to close. */
  lineJPerMm2: 2,
  /** Working distance and angle the technique score rewards: 5-20 mm from the plate, within 40° of perpendicular. */
  workingMinMm: 5,
  workingMaxMm: 20,
  workingMinCos: 0.766,
} as const;

/** Radius of the beam where it meets the plate, for a perpendicular hit. */
export function beamRadius(distanceMm: number): number {
  return LASER.fibreRadiusMm + LASER.divergence * Math.max(0, distanceMm);
}

/** Radius of a circle with the area of the (elliptical) oblique spot: the spot grows with distance and obliquity. */
export function spotRadius(distanceMm: number, cos: number): number {
  return beamRadius(distanceMm) / Math.sqrt(Math.max(LASER.minCos, cos));
}

/** Power per area on the plate, W/mm²: falls with the square of the beam's radius and with the cosine. */
export function irradiance(distanceMm: number, cos: number): number {
  const r = beamRadius(distanceMm);
  return (LASER.powerW * Math.max(LASER.minCos, cos)) / (Math.PI * r * r);
}

/** Fluence needed to seal a vessel of this diameter. */
export function sealThreshold(diameterMm: number): number {
  return LASER.sealBaseJPerMm2 + LASER.sealPerMmJPerMm2 * diameterMm;
}

/** Whether firing from here counts as good technique: at a working distance and close to perpendicular. */
export function inWorkingRange(distanceMm: number, cos: number): boolean {
  return distanceMm >= LASER.workingMinMm && distanceMm <= LASER.workingMaxMm && cos >= LASER.workingMinCos;
}
