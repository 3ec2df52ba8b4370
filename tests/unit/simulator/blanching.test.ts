import { describe, expect, it } from 'vitest';
import { BLANCH, blanchTexels, LASER, sealThreshold, sealThresholds } from '../../../src/domain/simulator/index.ts';
import { cellAt, cellsWithin } from '../../../src/domain/simulator/tissue.ts';
import { fire, openCase, steer } from './pilot.ts';

/** The view's byte for one cell at a given fluence. */
function texel(fluence: number, threshold: number): number {
  const out = new Uint8Array(1);
  blanchTexels(Float64Array.of(fluence), Float64Array.of(threshold), out);
  return out[0]!;
}

describe('each cell pales by its own seal threshold', () => {
  const sim = openCase({ task: 'selective', difficulty: 1, anastomoses: 2, smallestMm: 2.5 });
  const { placenta, tissue } = sim.state.scenario;
  const thresholds = sealThresholds(placenta, tissue);

  it('gives an anastomosis its own diameter’s threshold, a normal vessel its width’s, and tissue the line’s', () => {
    const a = placenta.anastomoses.find((x) => x.diameterMm >= 2.5)!;
    expect(thresholds[cellAt(tissue, a.position)]).toBe(sealThreshold(a.diameterMm));
    expect(sealThreshold(a.diameterMm)).toBeGreaterThan(5);
    const trunk = placenta.vessels.find((v) => !v.anastomosisId && !v.decoy && v.widths[0]! > 3)!;
    const mid = Math.floor(trunk.points.length / 2);
    expect(thresholds[cellAt(tissue, trunk.points[mid]!)]).toBeGreaterThanOrEqual(sealThreshold(trunk.widths[mid + 1]!));
    expect(thresholds[cellAt(tissue, { x: 200, y: 200 })]).toBeUndefined();
    const plain = thresholds.findIndex((v, i) => tissue.cls[i] === 1 && v === LASER.lineJPerMm2);
    expect(plain).toBeGreaterThanOrEqual(0);
  });

  it('shows an anastomosis at the line’s fluence as partly pale, and fully pale only at its own threshold', () => {
    const a = placenta.anastomoses.find((x) => x.diameterMm >= 2.5)!;
    const own = thresholds[cellAt(tissue, a.position)]!;
    const atLine = texel(LASER.lineJPerMm2, own);
    expect(atLine).toBeGreaterThan(0);
    expect(atLine).toBeLessThan(BLANCH.sealedTexel);
    expect(texel(own * 0.999, own)).toBeLessThan(BLANCH.sealedTexel);
    expect(texel(own, own)).toBeGreaterThanOrEqual(BLANCH.sealedTexel);
    // The line's own fluence fully blanches a cell of plain tissue.
    expect(texel(LASER.lineJPerMm2, LASER.lineJPerMm2)).toBe(BLANCH.sealedTexel);
    expect(texel(100, own)).toBe(255);
  });

  it('agrees with the model while firing: the anastomosis looks sealed exactly when the model seals it', () => {
    const live = openCase({ task: 'selective', difficulty: 1, anastomoses: 1, smallestMm: 2.5 });
    const a = live.state.scenario.placenta.anastomoses[0]!;
    const own = sealThresholds(live.state.scenario.placenta, live.state.scenario.tissue);
    const across = () => {
      const { cells, count } = cellsWithin(live.state.scenario.tissue, a.position, a.diameterMm / 2);
      return Array.from(cells.slice(0, count));
    };
    const bytes = new Uint8Array(own.length);
    expect(steer(live, a.position, 10)).toBe(true);
    let sawPartial = false;
    for (let ms = 0; ms < 20_000 && live.state.sealed.length === 0; ms += 100) {
      fire(live, 100);
      blanchTexels(live.state.fluence, own, bytes);
      const shownSealed = across().every((i) => bytes[i]! >= BLANCH.sealedTexel);
      expect(shownSealed).toBe(live.state.sealed.includes(a.id));
      // Past the line's 2 J/mm² the old view showed it fully pale; now it is visibly partial until sealed.
      if (!shownSealed && across().every((i) => live.state.fluence[i]! >= LASER.lineJPerMm2)) sawPartial = true;
    }
    expect(live.state.sealed).toEqual([a.id]);
    expect(sawPartial).toBe(true);
  });
});
