import { describe, expect, it } from 'vitest';
import {
  buildScenario,
  distanceToPolyline,
  EQUATOR_BAND_MM,
  NORMAL_VESSEL_MARGIN_MM,
  paramsOfCase,
  PLACENTA_RADIUS_MM,
  seedFor,
} from '../../../src/domain/simulator/index.ts';

const scenarios = (level: number, caseIndex: number) =>
  Array.from({ length: 12 }, (_, v) => buildScenario(paramsOfCase(undefined, level, caseIndex), seedFor('fetoscopy-simulator', level, caseIndex, v)));

describe('placenta generation', () => {
  it('puts every anastomosis on the equator and keeps normal vessels short of it', () => {
    for (const { placenta } of scenarios(3, 3)) {
      for (const a of placenta.anastomoses) expect(distanceToPolyline(a.position, placenta.equator)).toBeLessThan(0.5);
      for (const v of placenta.vessels.filter((v) => !v.anastomosisId)) {
        for (const p of v.points.slice(1)) expect(distanceToPolyline(p, placenta.equator)).toBeGreaterThan(EQUATOR_BAND_MM);
      }
    }
  });

  it('grows branching, tapering trees of arteries and veins from each cord', () => {
    for (const { placenta } of scenarios(2, 1)) {
      for (const twin of ['donor', 'recipient'] as const) {
        const own = placenta.vessels.filter((v) => v.twin === twin && !v.anastomosisId && !v.decoy);
        expect(own.filter((v) => v.kind === 'artery').length).toBeGreaterThanOrEqual(3);
        expect(own.filter((v) => v.kind === 'vein').length).toBeGreaterThanOrEqual(3);
        const widths = own.flatMap((v) => v.widths);
        expect(Math.max(...widths)).toBeGreaterThan(2.5 * Math.min(...widths));
      }
    }
  });

  it('adds decoys near the equator from difficulty 2, and lays the membrane off the equator', () => {
    for (const { placenta, params } of scenarios(2, 2)) {
      const decoys = placenta.vessels.filter((v) => v.decoy);
      expect(decoys.length).toBe(2 * (params.difficulty - 1));
      for (const d of decoys) {
        const end = d.points[d.points.length - 1]!;
        expect(distanceToPolyline(end, placenta.equator)).toBeGreaterThanOrEqual(NORMAL_VESSEL_MARGIN_MM);
        expect(distanceToPolyline(end, placenta.equator)).toBeLessThan(NORMAL_VESSEL_MARGIN_MM + 8);
      }
      const offsets = placenta.membrane.map((p) => distanceToPolyline(p, placenta.equator));
      expect(offsets.reduce((a, b) => a + b, 0) / offsets.length).toBeGreaterThan(5);
    }
  });

  it('sets navigation targets on the plate, apart from each other', () => {
    for (const { targets, params } of scenarios(1, 2)) {
      expect(targets).toHaveLength(params.targets);
      for (const t of targets) expect(Math.hypot(t.x, t.y)).toBeLessThanOrEqual(0.7 * PLACENTA_RADIUS_MM);
    }
  });
});
