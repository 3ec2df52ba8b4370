// The Solomon line closes the equator where it runs within the equator's band (LINE_READ_MM): the view shows the
// equator only where the twins' vessels end, anywhere in that band, so a line there is on it as far as anyone can tell.
import { describe, expect, it } from 'vitest';
import { buildScenario, defaultCaseParams, EQUATOR_BAND_MM, hashString, LASER } from '../../../src/domain/simulator/index.ts';
import { resample, type Vec2 } from '../../../src/domain/simulator/geometry.ts';
import { LINE_READ_MM, lineBegun, lineCoverage } from '../../../src/domain/simulator/line.ts';
import { STEP_GOALS } from '../../../src/domain/simulator/steps.ts';
import { cellAt } from '../../../src/domain/simulator/tissue.ts';

const scenario = buildScenario(defaultCaseParams(3, 1), hashString('line-read'));
const { equator } = scenario.placenta;
const { tissue } = scenario;

/** The fluence of a line drawn `offsetMm` to one side of the equator all along it (normal to it at each point). */
function lineBeside(offsetMm: number): Float64Array {
  const fluence = new Float64Array(tissue.cls.length);
  const points = resample(equator, 0.5);
  points.forEach((p, k) => {
    const a = points[Math.max(0, k - 1)]!;
    const b = points[Math.min(points.length - 1, k + 1)]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const at: Vec2 = { x: p.x - ((b.y - a.y) / length) * offsetMm, y: p.y + ((b.x - a.x) / length) * offsetMm };
    const i = cellAt(tissue, at);
    if (i >= 0) fluence[i] = LASER.lineJPerMm2;
  });
  return fluence;
}

describe('the Solomon line read against the equator', () => {
  it('reads as far as the equator’s band', () => {
    expect(LINE_READ_MM).toBe(EQUATOR_BAND_MM);
  });

  it('closes the equator on it and a few millimetres beside it, within the band', () => {
    for (const offset of [0, 2, LINE_READ_MM - 1]) {
      const cover = lineCoverage(equator, tissue, lineBeside(offset));
      expect(cover.completeness, `${offset} mm`).toBeGreaterThan(0.97);
    }
  });

  it('leaves it open beyond the band, and where nothing was drawn', () => {
    expect(lineCoverage(equator, tissue, lineBeside(LINE_READ_MM + 2)).completeness).toBeLessThan(0.05);
    const none = lineCoverage(equator, tissue, new Float64Array(tissue.cls.length));
    expect(none.completeness).toBe(0);
    expect(none.gaps).toBe(1);
  });
});

/** The fluence of a seal on each of `anastomoses`: the line's fluence over a disc of 2 mm round it. */
function sealsOn(anastomoses: readonly { position: Vec2 }[]): Float64Array {
  const fluence = new Float64Array(tissue.cls.length);
  for (const { position } of anastomoses)
    for (let dx = -2; dx <= 2; dx += 0.5)
      for (let dy = -2; dy <= 2; dy += 0.5) {
        const i = Math.hypot(dx, dy) <= 2 ? cellAt(tissue, { x: position.x + dx, y: position.y + dy }) : -1;
        if (i >= 0) fluence[i] = LASER.lineJPerMm2;
      }
  return fluence;
}

describe('when the Solomon line has begun', () => {
  const { anastomoses } = scenario.placenta;

  it('has begun for a line beside the equator as for one on it: drawing it off the hidden line first does not hide that it came first', () => {
    for (const offset of [0, 2, LINE_READ_MM - 1]) expect(lineBegun(equator, tissue, lineBeside(offset), anastomoses), `${offset} mm`).toBe(true);
    expect(lineBegun(equator, tissue, lineBeside(LINE_READ_MM + 2), anastomoses)).toBe(false);
  });

  it('has not begun with the anastomoses’ seals alone, however near the equator they lie', () => {
    expect(lineBegun(equator, tissue, sealsOn(anastomoses.slice(0, 1)), anastomoses)).toBe(false);
    // The guide's 'join the coagulations' is not met by one seal read through the band either.
    expect(lineCoverage(equator, tissue, sealsOn(anastomoses.slice(0, 1))).longestRunMm).toBeLessThan(STEP_GOALS.joinedRunMm);
  });
});
