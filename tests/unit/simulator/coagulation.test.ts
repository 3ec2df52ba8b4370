import { describe, expect, it } from 'vitest';
import { classifySpot, LASER, makeSpot, seals, spotEnergy, spotRadius } from '../../../src/domain/simulator/index.ts';
import { handMadePlacenta } from './fixtures.ts';

const placenta = handMadePlacenta();
const left = placenta.anastomoses[0]!;

describe('spot growth', () => {
  it('starts at the smallest radius, is halfway at the half time, and never reaches the largest', () => {
    expect(spotRadius(0)).toBe(LASER.spotMinRadius);
    expect(spotRadius(LASER.growthHalfTimeMs)).toBeCloseTo((LASER.spotMinRadius + LASER.spotMaxRadius) / 2, 15);
    expect(spotRadius(800)).toBeCloseTo(0.0325, 15);
    expect(spotRadius(1e9)).toBeLessThan(LASER.spotMaxRadius);
    expect(spotRadius(1e9)).toBeGreaterThan(LASER.spotMaxRadius - 1e-6);
    expect(spotRadius(-50)).toBe(LASER.spotMinRadius);
  });
  it('grows with every millisecond on target', () => {
    for (let d = 0; d < 3000; d += 100) expect(spotRadius(d + 1)).toBeGreaterThan(spotRadius(d));
  });
  it('delivers power x time: 30 W for 2.5 s is 75 J', () => {
    expect(spotEnergy(1000)).toBe(30);
    expect(spotEnergy(2500)).toBe(75);
    expect(makeSpot({ x: 0, y: 0 }, 2500)).toEqual({ position: { x: 0, y: 0 }, durationMs: 2500, radius: spotRadius(2500), energyJ: 75 });
  });
});

describe('seals', () => {
  it('needs the anastomosis centre inside a spot at least as wide as the anastomosis (0.02 needs 134 ms)', () => {
    expect(seals(makeSpot(left.position, 133), left)).toBe(false);
    expect(seals(makeSpot(left.position, 134), left)).toBe(true);
  });
  it('does not seal an anastomosis only grazed by the spot edge', () => {
    const grazing = makeSpot({ x: -0.6, y: 0.04 }, 800);
    expect(seals(grazing, left)).toBe(false);
    expect(classifySpot(placenta, grazing).anastomoses).toEqual(['left']);
  });
});

describe('classifySpot', () => {
  it('names an anastomosis as the target, on the equator', () => {
    expect(classifySpot(placenta, makeSpot({ x: -0.6, y: 0 }, 800))).toEqual({
      target: 'anastomosis',
      anastomoses: ['left'],
      vessels: [],
      onEquator: true,
      collateral: false,
    });
  });
  it('flags a normal vessel as collateral damage', () => {
    expect(classifySpot(placenta, makeSpot({ x: 0, y: 0.33 }, 800))).toEqual({
      target: 'vessel',
      anastomoses: [],
      vessels: [0],
      onEquator: false,
      collateral: true,
    });
  });
  it('accepts plain tissue on the equator band as Solomon line work', () => {
    const contact = classifySpot(placenta, makeSpot({ x: 0.2, y: 0.03 }, 800));
    expect(contact.target).toBe('equator');
    expect(contact.collateral).toBe(false);
    expect(classifySpot(placenta, makeSpot({ x: 0.2, y: 0.041 }, 800)).target).toBe('tissue');
  });
  it('flags plain tissue off the equator, including an anastomosis feeder far from it, as collateral', () => {
    expect(classifySpot(placenta, makeSpot({ x: 0.2, y: 0.3 }, 500)).target).toBe('tissue');
    const onFeeder = classifySpot(placenta, makeSpot({ x: -0.3, y: 0.3 }, 500));
    expect(onFeeder).toMatchObject({ target: 'tissue', vessels: [], collateral: true });
  });
  it('reaches a vessel by the spot edge plus half the vessel width', () => {
    // vessel 1 runs along y = -0.6 with width 0.02: a 0.0325 spot touches it up to 0.0425 away.
    expect(classifySpot(placenta, makeSpot({ x: 0.2, y: -0.6 + 0.0424 }, 800)).vessels).toEqual([1]);
    expect(classifySpot(placenta, makeSpot({ x: 0.2, y: -0.6 + 0.0426 }, 800)).vessels).toEqual([]);
  });
});
