import { describe, expect, it } from 'vitest';
import { entrySites } from '../../../src/domain/simulator/entry.ts';
import { buildScenario, defaultCaseParams, normalizeCaseParams, seedFor } from '../../../src/domain/simulator/index.ts';
import { sitePlace, sketchSvg } from '../../../src/simulator/entry-sketch.ts';

const labels = { title: 'Sketch <of> "uterus"', placenta: 'Placenta', membrane: 'Membrane', donor: 'Donor', recipient: 'Recipient' };

describe('the entry-site sketch', () => {
  it('lays the posterior grid out as the sketch shows it, top left first, the middle fifth, and the anterior ring round the plate', () => {
    const grid = entrySites('posterior').map(sitePlace);
    expect(grid[0]!.left).toBeLessThan(50);
    expect(grid[0]!.top).toBeLessThan(50);
    expect(grid[4]).toEqual({ left: 50, top: 50 });
    expect(grid[8]!.left).toBeGreaterThan(50);
    expect(grid[8]!.top).toBeGreaterThan(50);
    const ring = entrySites('anterior').map(sitePlace);
    expect(ring[0]!.left).toBeGreaterThan(90);
    expect(ring[2]!.top).toBeLessThan(10);
    for (const p of [...grid, ...ring]) for (const v of [p.left, p.top]) expect(v > 0 && v < 100).toBe(true);
  });

  it('names the donor and the recipient beside their cords, draws the donor smaller, and escapes its words', () => {
    const { placenta } = buildScenario(normalizeCaseParams({ placenta: 'posterior' }, defaultCaseParams(2, 1)), seedFor('sketch', 2, 1, 1));
    const svg = sketchSvg(placenta, labels);
    expect(svg).toMatch(/<g class="sk-donor" data-twin="donor"><circle class="sk-cord"[^>]*r="2.6"\/><text[^>]*>Donor<\/text><\/g>/);
    expect(svg).toMatch(/<g class="sk-recipient" data-twin="recipient"><circle class="sk-cord"[^>]*r="4.2"\/><text[^>]*>Recipient<\/text><\/g>/);
    const heads = [...svg.matchAll(/<g class="sk-fetus sk-(donor|recipient)">.*?<circle [^>]*r="([\d.]+)"/g)].map((m) => [m[1], Number(m[2])]);
    expect(Object.fromEntries(heads)).toEqual({ donor: 5, recipient: 8.5 });
    expect(svg).toContain('role="img" aria-label="Sketch &#60;of&#62; &#34;uterus&#34;"');
  });

  it('draws an anterior placenta over the twins and a posterior one behind them', () => {
    const anterior = buildScenario(normalizeCaseParams({ placenta: 'anterior' }, defaultCaseParams(2, 3)), seedFor('sketch', 2, 3, 1)).placenta;
    const front = sketchSvg(anterior, labels);
    expect(front.indexOf('class="sk-placenta sk-anterior"')).toBeGreaterThan(front.indexOf('<g class="sk-fetus'));
    const { placenta } = buildScenario(normalizeCaseParams({ placenta: 'posterior' }, defaultCaseParams(2, 1)), seedFor('sketch', 2, 1, 1));
    const back = sketchSvg(placenta, labels);
    expect(back.indexOf('class="sk-placenta"')).toBeLessThan(back.indexOf('<g class="sk-fetus'));
  });
});
