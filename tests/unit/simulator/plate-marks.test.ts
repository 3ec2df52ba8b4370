import { describe, expect, it } from 'vitest';
import { LASER, spotRadius } from '../../../src/domain/simulator/index.ts';
import { BEAM_LOOK } from '../../../src/simulator/markers.ts';
import { MARK_LAYOUT, markOpacity } from '../../../src/simulator/plate-marks.ts';

describe('the learner’s marks in the view', () => {
  it('lie beside the spot, never over it: no ink within the spot a perpendicular beam makes at any working distance', () => {
    const halfTick = MARK_LAYOUT.tickWidthMm / 2;
    const nearest = MARK_LAYOUT.tick[0] - halfTick;
    for (let d = LASER.workingMinMm; d <= LASER.workingMaxMm; d += 1) expect(nearest).toBeGreaterThan(spotRadius(d, 1));
    // The label starts past the tick's end and is left-aligned from there, so it runs away from the spot.
    expect(MARK_LAYOUT.labelAt).toBeGreaterThan(MARK_LAYOUT.tick[1]);
    expect(MARK_LAYOUT.tick[1]).toBeGreaterThan(MARK_LAYOUT.tick[0]);
  });

  it('are small: the type’s letters 1 mm high at most, a fifteenth of the view at a working distance', () => {
    expect(MARK_LAYOUT.fontMm).toBeLessThanOrEqual(1);
  });

  it('fade while the laser fires, and come back whole when it stops', () => {
    expect(markOpacity(true)).toBeLessThanOrEqual(0.25);
    expect(markOpacity(false)).toBe(1);
  });
});

describe('the laser’s footprint', () => {
  it('is a rim alone while aiming, so a look with the pedal up shows the tissue inside as it blanched', () => {
    expect(BEAM_LOOK.aiming.core).toBe(0);
    expect(BEAM_LOOK.aiming.glow).toBe(0);
    expect(BEAM_LOOK.aiming.rim).toBeGreaterThan(0);
    expect(BEAM_LOOK.firing.core).toBeGreaterThan(0);
  });
});
