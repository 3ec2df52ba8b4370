import { describe, expect, it } from 'vitest';
import { buildAirway, cordsOpening, cordsPassable, FETOSCOPE, lumenRadiusMm, stepTip } from '../../../src/domain/airway/model.ts';

describe('the seeded fetal airway', () => {
  it('draws the same airway for the same case, age and variant, and another for another variant', () => {
    expect(buildAirway('feto-1', 29, 3)).toEqual(buildAirway('feto-1', 29, 3));
    expect(buildAirway('feto-1', 29, 4)).not.toEqual(buildAirway('feto-1', 29, 3));
  });

  it('clamps the gestational age to 27–32 weeks and grows the trachea with it', () => {
    expect(buildAirway('c', 20, 1).gaWeeks).toBe(27);
    expect(buildAirway('c', 40, 1).gaWeeks).toBe(32);
    const young = buildAirway('c', 27, 1);
    const old = buildAirway('c', 32, 1);
    expect(old.tracheaDiameterMm).toBeGreaterThan(young.tracheaDiameterMm);
    expect(old.landmarks.carina).toBeGreaterThan(young.landmarks.carina);
  });

  it("measures lips to cords and the trachea as post-mortem MRI does (Tupprasoot et al.), within a variant's spread", () => {
    for (const ga of [27, 29, 32]) {
      for (let v = 0; v < 40; v += 1) {
        const { cords, carina } = buildAirway('sizes', ga, v).landmarks;
        // Lips to carina 2.8·GA + 1.4 mm, lips to mid-trachea 2.3·GA + 2.9 mm.
        expect(Math.abs(cords - (2 * (2.3 * ga + 2.9) - (2.8 * ga + 1.4)))).toBeLessThanOrEqual(1);
        expect(Math.abs(carina - cords - (2.8 * ga + 1.4 - (2 * (2.3 * ga + 2.9) - (2.8 * ga + 1.4))))).toBeLessThanOrEqual(1.5);
      }
    }
  });

  it('orders the landmarks lips, tongue base, epiglottis, cords, carina and fits the sheath in the trachea', () => {
    const a = buildAirway('c', 30, 7);
    const { tongueBase, epiglottis, cords, carina } = a.landmarks;
    expect(0 < tongueBase && tongueBase < epiglottis && epiglottis < cords && cords < carina).toBe(true);
    expect(lumenRadiusMm(a, (cords + carina) / 2, 0) * 2).toBeGreaterThan(FETOSCOPE.sheathDiameterMm);
  });
});

describe('the cords open and close with fetal breathing', () => {
  const a = buildAirway('c', 30, 2);
  const times = Array.from({ length: 200 }, (_, i) => (i * a.breathingPeriodMs) / 200);

  it('are closed part of each cycle and passable part of it', () => {
    expect(times.some((t) => cordsOpening(a, t) === 0)).toBe(true);
    expect(times.some((t) => cordsPassable(a, t))).toBe(true);
    expect(times.some((t) => !cordsPassable(a, t))).toBe(true);
  });
});

describe('the fetoscope in the lumen', () => {
  const a = buildAirway('c', 30, 2);
  const period = a.breathingPeriodMs;
  const open = Array.from({ length: 100 }, (_, i) => (i * period) / 100).find((t) => cordsPassable(a, t))!;
  const closed = Array.from({ length: 100 }, (_, i) => (i * period) / 100).find((t) => !cordsPassable(a, t))!;
  const before = { depth: a.landmarks.cords - 0.1, x: 0, y: 0 };

  it('passes open cords without trauma and forces closed ones', () => {
    const through = stepTip(a, before, { turnX: 0, turnY: 0, insert: 1 }, open, 50);
    expect(through.contact).toEqual({ pressMm: 0, forcedCords: false });
    const forced = stepTip(a, before, { turnX: 0, turnY: 0, insert: 1 }, closed, 50);
    expect(forced.contact.forcedCords).toBe(true);
    expect(forced.contact.pressMm).toBeGreaterThan(0);
  });

  it('is stopped by the wall and records the press', () => {
    const mid = { depth: (a.landmarks.cords + a.landmarks.carina) / 2, x: 0, y: 0 };
    let pose = mid;
    let press = 0;
    for (let i = 0; i < 40; i += 1) {
      const r = stepTip(a, pose, { turnX: 1, turnY: 0, insert: 0 }, 0, 50);
      pose = r.pose;
      press += r.contact.pressMm;
    }
    const room = lumenRadiusMm(a, mid.depth, 0) - FETOSCOPE.sheathDiameterMm / 2;
    expect(pose.x).toBeCloseTo(room, 9);
    expect(press).toBeGreaterThan(0);
  });
});
