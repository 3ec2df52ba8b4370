import { describe, expect, it } from 'vitest';
import { computeMetrics, scoreAttempt, type Debrief } from '../../../src/domain/simulator/index.ts';
import { debriefSvg, type DebriefLabels } from '../../../src/simulator/debrief-map.ts';
import { componentRows } from '../../../src/simulator/debrief-text.ts';
import { hold, openCase } from './pilot.ts';

const labels: DebriefLabels = {
  title: 'Map <after> "surgery"',
  equator: 'Equator',
  membrane: 'Membrane',
  sealed: 'Sealed',
  residual: 'Left open',
  gap: 'Gap',
  burn: 'Burn',
  path: 'Path',
  falseMark: 'False mark',
  targetReached: 'Reached',
  targetMissed: 'Missed',
  entry: 'Entry',
  bestSite: 'Best site',
  donorCord: 'Donor cord',
  recipientCord: 'Recipient cord',
  donor: 'Donor',
  recipient: 'Recipient',
  markedAs: 'marked {{kind}}',
  dir: 'ltr',
};

const debrief: Debrief = {
  task: 'solomon',
  radiusMm: 75,
  equator: [
    { x: -70, y: 0 },
    { x: 70, y: 5 },
  ],
  membrane: [
    { x: -70, y: 8 },
    { x: 70, y: 12 },
  ],
  cords: [
    { twin: 'donor', x: 10, y: 30 },
    { twin: 'recipient', x: -5, y: -30 },
  ],
  entry: { x: 3, y: -2 },
  anastomoses: [
    { id: 'a1', kind: 'AV', x: -20, y: 1, diameterMm: 2, sealed: true, sealedRank: 1, markedAs: 'VA' },
    { id: 'a2', kind: 'VV', x: 30, y: 3, diameterMm: 1, sealed: false, sealedRank: null, markedAs: null },
  ],
  falseMarks: [{ x: 5, y: 40 }],
  lineGaps: [
    [
      { x: 0, y: 2 },
      { x: 20, y: 3 },
    ],
  ],
  burns: [{ x: 5, y: 20, r: 2 }],
  path: [
    { x: 0, y: 0 },
    { x: -20, y: 1 },
  ],
  targets: [],
};

describe('the debrief map', () => {
  const svg = debriefSvg(debrief, labels);

  it('draws each anastomosis by kind, sealed and open ones with their own shape, and the rank it was sealed in', () => {
    expect(svg).toContain('<g class="dm-anastomosis" data-kind="AV" data-state="sealed"><title>AV: Sealed, marked VA</title><circle');
    expect(svg).toMatch(/data-state="sealed">.*<text class="dm-rank"[^>]*>1<\/text>/);
    expect(svg).toContain('<g class="dm-anastomosis" data-kind="VV" data-state="residual"><title>VV: Left open</title><path class="dm-residual"');
  });

  it('draws the gaps, burns, false marks and path, with a legend of only what is on the map', () => {
    for (const cls of ['dm-gap', 'dm-burn', 'dm-false-mark', 'dm-path', 'dm-equator', 'dm-membrane', 'dm-entry', 'dm-cord'])
      expect(svg).toContain(`class="${cls}"`);
    for (const text of ['Sealed', 'Left open', 'Gap', 'Burn', 'False mark', 'Path']) expect(svg).toContain(`>${text}</text>`);
    expect(svg).not.toContain('>Reached</text>');
  });

  it('tells the twins apart: each cord named, the recipient’s drawn thicker, both in the legend', () => {
    expect(svg).toMatch(/<g class="dm-twin" data-twin="donor"><title>Donor cord<\/title><circle class="dm-cord" [^>]*r="2.5"\/><text[^>]*>Donor<\/text>/);
    expect(svg).toMatch(
      /<g class="dm-twin" data-twin="recipient"><title>Recipient cord<\/title><circle class="dm-cord" [^>]*r="4.8"\/><text[^>]*>Recipient<\/text>/,
    );
    for (const text of ['Donor cord', 'Recipient cord']) expect(svg).toContain(`>${text}</text>`);
  });

  it('marks the best entry site only when the one chosen reached less, and not on debriefs stored before sites', () => {
    const sites = [
      { x: 0, y: 0, reach: 1 },
      { x: 35, y: 35, reach: 0.8 },
    ];
    const worse = debriefSvg({ ...debrief, entry: { x: 35, y: 35 }, sites, site: 1 }, labels);
    expect(worse).toMatch(/<rect class="dm-best-site" x="-4.5" y="-4.5"[^>]*><title>Best site<\/title>/);
    expect(worse).toContain('>Best site</text>');
    expect(debriefSvg({ ...debrief, entry: { x: 0, y: 0 }, sites, site: 0 }, labels)).not.toContain('<rect class="dm-best-site"');
    expect(svg).not.toContain('<rect class="dm-best-site"');
  });

  it('says the entry site met all the work only when it reached every point', () => {
    expect(componentRows({ entry: 0.95 }, { entry: 5 }, {}).map((r) => r.advice)).toEqual(['sim.advice.entry.improve']);
    expect(componentRows({ entry: 1 }, { entry: 5 }, {}).map((r) => r.advice)).toEqual(['sim.advice.entry.good']);
  });

  it('escapes its labels and names itself as an image', () => {
    expect(svg).toContain('role="img" aria-label="Map &#60;after&#62; &#34;surgery&#34;"');
    expect(svg).not.toContain('<after>');
  });

  it('lays the legend out right to left in Arabic', () => {
    expect(debriefSvg(debrief, { ...labels, dir: 'rtl' })).toContain('direction="rtl"');
  });
});

describe('the score components beside it', () => {
  it('lists the weighted ones, heaviest first, with the advice for their value', () => {
    const rows = componentRows({ sealing: 0.5, contacts: 1, time: 0.9 }, { sealing: 30, contacts: 5, time: 10 }, { contacts: 0, anastomosesResidual: 2 });
    expect(rows.map((r) => [r.id, r.advice])).toEqual([
      ['sealing', 'sim.advice.sealing.improve'],
      ['time', 'sim.advice.time.good'],
      ['contacts', 'sim.advice.contacts.good'],
    ]);
  });

  it('says what the counters showed during play: one contact on the panel is never "you never touched the placenta"', () => {
    const sim = openCase({ task: 'navigation', placenta: 'posterior' });
    hold(sim, { insert: 1 }, 3000);
    hold(sim, { insert: -1 }, 1500);
    sim.apply({ t: sim.state.t, type: 'finish' });
    // The panel shows state.contacts; the debrief reads the metrics computed from the same state.
    const metrics = computeMetrics(sim.state);
    expect(sim.state.contacts).toBe(1);
    expect(metrics.contacts).toBe(sim.state.contacts);
    const score = scoreAttempt(metrics);
    const contacts = componentRows(score.components, score.weights, metrics).find((r) => r.id === 'contacts')!;
    expect(contacts.value).toBeGreaterThan(0);
    expect(contacts.advice).toBe('sim.advice.contacts.improve');
  });

  it('never states a fact the figures deny: "every anastomosis sealed" only with none left open', () => {
    const rows = componentRows(
      { sealing: 0.8, targets: 0.8, identification: 0.9 },
      { sealing: 30, targets: 20, identification: 20 },
      {
        anastomosesResidual: 1,
        targetsTotal: 5,
        targetsReached: 4,
        falseMarks: 1,
      },
    );
    expect(rows.map((r) => r.advice)).toEqual(['sim.advice.sealing.improve', 'sim.advice.targets.improve', 'sim.advice.identification.improve']);
    const full = componentRows({ sealing: 1, targets: 1 }, { sealing: 30, targets: 20 }, { anastomosesResidual: 0, targetsTotal: 5, targetsReached: 5 });
    expect(full.map((r) => r.advice)).toEqual(['sim.advice.sealing.good', 'sim.advice.targets.good']);
  });
});
