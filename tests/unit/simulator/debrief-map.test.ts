import { describe, expect, it } from 'vitest';
import { computeMetrics, scoreAttempt, type Debrief } from '../../../src/domain/simulator/index.ts';
import { debriefSvg } from '../../../src/simulator/debrief-map.ts';
import type { DebriefLabels } from '../../../src/simulator/debrief-labels.ts';
import { componentRows } from '../../../src/simulator/debrief-text.ts';
import { typeLines } from '../../../src/simulator/debrief-types.ts';
import { hold, openCase } from './pilot.ts';

const labels: DebriefLabels = {
  title: 'Map <after> "surgery"',
  equator: 'Equator',
  membrane: 'Membrane',
  sealed: 'Sealed',
  sealedByLine: 'Sealed by the line',
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
  donorVessels: 'Donor vessels',
  recipientVessels: 'Recipient vessels',
  typedRight: 'Typed right',
  typedWrong: 'Typed wrong',
  youTyped: 'You typed {{typed}}, it was {{kind}}.',
  typedRightAs: 'You typed {{kind}}: right.',
  notTyped: 'Not marked: it was {{kind}}.',
  falseTyped: 'You typed {{typed}} where there was none.',
  hintAV: 'AV hint.',
  hintVA: 'VA hint.',
  hintAA: 'AA hint.',
  hintVV: 'VV hint.',
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
  vessels: [
    { twin: 'donor', kind: 'vein', lines: [{ w: 2, xy: [10, 30, 0, 10, -20, 1] }] },
    {
      twin: 'recipient',
      kind: 'artery',
      lines: [
        { w: 3, xy: [-5, -30, 30, 3] },
        { w: 1, xy: [-5, -30, 20, -20] },
      ],
    },
  ],
  anastomoses: [
    { id: 'a1', kind: 'AV', x: -20, y: 1, diameterMm: 2, sealed: true, sealedRank: 1, markedAs: 'VA' },
    { id: 'a2', kind: 'VV', x: 30, y: 3, diameterMm: 1, sealed: false, sealedRank: null, markedAs: null },
    { id: 'a3', kind: 'AA', x: 50, y: 4, diameterMm: 1, sealed: true, sealedRank: 2, markedAs: 'AA' },
  ],
  falseMarks: [
    { x: 5, y: 40, kind: 'VA' },
    { x: -5, y: 40 },
  ],
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
    expect(svg).toContain(
      '<g class="dm-anastomosis" data-kind="AV" data-state="sealed" data-typed="VA"><title>AV: Sealed. You typed VA, it was AV.</title><circle',
    );
    expect(svg).toMatch(/data-state="sealed"[^>]*>.*<text class="dm-rank"[^>]*>1<\/text>/);
    expect(svg).toContain(
      '<g class="dm-anastomosis" data-kind="VV" data-state="residual" data-typed=""><title>VV: Left open. Not marked: it was VV.</title><path class="dm-residual"',
    );
  });

  it('tells an anastomosis sealed by the Solomon line from one coagulated on its own first', () => {
    const byLine = debriefSvg(
      { ...debrief, anastomoses: debrief.anastomoses.map((a) => (a.id === 'a3' ? { ...a, byLine: true } : { ...a, byLine: false })) },
      labels,
    );
    expect(byLine).toContain('<title>AA: Sealed by the line. You typed AA: right.</title><circle class="dm-sealed dm-by-line"');
    expect(byLine).toContain('<title>AV: Sealed. You typed VA, it was AV.</title><circle class="dm-sealed"');
    expect(byLine).toContain('>Sealed by the line</text>');
    expect(svg).not.toContain('>Sealed by the line</text>');
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

  it('draws the vessels, each twin’s arteries and veins apart, widths from their diameters, and names them in the legend', () => {
    expect(svg).toContain('<g class="dm-vessels"><path class="dm-vessel dm-donor-vein" stroke-width="1.6" d="M10 -30L0 -10L-20 -1"/>');
    // One path per group and width: two recipient arteries of different widths are two paths.
    expect(svg).toContain('<path class="dm-vessel dm-recipient-artery" stroke-width="2.4" d="M-5 30L30 -3"/>');
    expect(svg).toContain('<path class="dm-vessel dm-recipient-artery" stroke-width="0.8" d="M-5 30L20 20"/>');
    // Under everything the learner did: the vessels come right after the plate.
    expect(svg.indexOf('<g class="dm-vessels"')).toBeLessThan(svg.indexOf('<circle class="dm-burn"'));
    for (const text of ['Donor vessels', 'Recipient vessels']) expect(svg).toContain(`>${text}</text>`);
  });

  it('still draws a debrief stored before vessels and typed false marks were kept, without their legend rows', () => {
    const { vessels: _, ...old } = debrief;
    const svg = debriefSvg({ ...old, falseMarks: [{ x: 5, y: 40 }] }, labels);
    expect(svg).not.toContain('<path class="dm-vessel ');
    expect(svg).not.toContain('>Donor vessels</text>');
    expect(svg).toContain('<path class="dm-false-mark" d="M2 -43L8 -37M2 -37L8 -43"><title>False mark</title></path>');
    expect(debriefSvg({ ...old, vessels: [] }, labels)).not.toContain('<g class="dm-vessels"');
  });

  it('writes an anastomosis’s kind on its left where on its right it would cover the trocar’s entry mark', () => {
    const near = debriefSvg({ ...debrief, entry: { x: 40, y: 10 } }, labels);
    expect(near).toContain('<text class="dm-map-text" x="24.5" y="-7" text-anchor="end">VV</text>');
    expect(near).toContain('<text class="dm-map-text" x="-14.5" y="-5"><tspan class="dm-wrong">VA</tspan> AV</text>');
  });

  it('writes the learner’s type against the true one beside each anastomosis: struck through when wrong, a tick when right', () => {
    expect(svg).toContain('<text class="dm-map-text" x="-14.5" y="-5"><tspan class="dm-wrong">VA</tspan> AV</text>');
    expect(svg).toContain('<text class="dm-map-text" x="55.5" y="-8">AA <tspan class="dm-right">✓</tspan></text>');
    expect(svg).toContain('<text class="dm-map-text" x="35.5" y="-7">VV</text>');
    expect(svg).toContain('<title>You typed VA where there was none.</title>');
    for (const text of ['Typed right', 'Typed wrong']) expect(svg).toContain(`>${text}</text>`);
    const untyped = debriefSvg({ ...debrief, anastomoses: debrief.anastomoses.map((a) => ({ ...a, markedAs: null })) }, labels);
    expect(untyped).not.toContain('>Typed wrong</text>');
    expect(untyped).not.toContain('>Typed right</text>');
  });

  it('lists the types, wrong ones first with how that kind is told, then unmarked, false marks, right ones', () => {
    expect(typeLines(debrief, labels)).toEqual([
      { verdict: 'wrong', text: 'You typed VA, it was AV. AV hint.' },
      { verdict: 'unmarked', text: 'Not marked: it was VV.' },
      { verdict: 'false', text: 'You typed VA where there was none.' },
      { verdict: 'right', text: 'You typed AA: right.' },
    ]);
    expect(typeLines({ ...debrief, task: 'navigation', anastomoses: [], falseMarks: [] }, labels)).toEqual([]);
  });

  it('escapes its labels and names itself as an image', () => {
    expect(svg).toContain('role="img" aria-label="Map &#60;after&#62; &#34;surgery&#34;"');
    expect(svg).not.toContain('<after>');
  });

  it('wraps a legend entry too long for the map’s width onto lines of its own, and makes room for them', () => {
    const long = { ...labels, typedWrong: 'Typed wrong: your type struck through, then the true one, which the map writes after it' };
    const svg = debriefSvg(debrief, long);
    expect(svg).toMatch(
      /<g data-key="typedWrong">.*<text x="-64" y="\d+"><tspan x="-64" dy="0">Typed wrong: .*<\/tspan><tspan x="-64" dy="7">.*<\/tspan><\/text><\/g>/,
    );
    const height = (markup: string) => Number(/viewBox="[-\d.]+ [-\d.]+ [\d.]+ ([\d.]+)"/.exec(markup)![1]);
    expect(height(svg)).toBe(height(debriefSvg(debrief, labels)) + 7);
    // Ideographs have no spaces: the entry breaks between them.
    const zh = debriefSvg(debrief, { ...labels, typedWrong: '类型错误：划掉的是你的判断，后面是真实类型，地图把真实类型写在后面，以便你对照检查每一个吻合支' });
    expect(zh).toMatch(/<g data-key="typedWrong">.*<tspan x="-64" dy="7">/);
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

  it('never says "without gaps" of a line with gaps, nor "every one typed right" with one typed wrong, however high the share', () => {
    const weights = { solomon: 22, classification: 6, identification: 12, order: 8 };
    const high = { solomon: 0.9, classification: 0.9, identification: 0.9, order: 0.9 };
    const advice = (metrics: Parameters<typeof componentRows>[2]) => Object.fromEntries(componentRows(high, weights, metrics).map((r) => [r.id, r.advice]));
    expect(advice({ solomonGaps: 2, found: 5, typesCorrect: 4, missed: 1, falseMarks: 0, orderScore: 0.9 })).toEqual({
      solomon: 'sim.advice.solomon.gaps',
      classification: 'sim.advice.classification.improve',
      identification: 'sim.advice.identification.improve',
      order: 'sim.advice.order.improve',
    });
    expect(advice({ solomonGaps: 0, found: 5, typesCorrect: 5, missed: 0, falseMarks: 0, orderScore: 1 })).toEqual({
      solomon: 'sim.advice.solomon.good',
      classification: 'sim.advice.classification.good',
      identification: 'sim.advice.identification.good',
      order: 'sim.advice.order.good',
    });
    // The line's advice says how many stretches the map shows in red.
    expect(componentRows(high, weights, { solomonGaps: 2 }).find((r) => r.id === 'solomon')!.adviceVars).toEqual({ gaps: '2' });
    // Stored figures without the counts: only a full share may state the fact.
    expect(advice({})).toEqual({
      solomon: 'sim.advice.solomon.improve',
      classification: 'sim.advice.classification.improve',
      identification: 'sim.advice.identification.improve',
      order: 'sim.advice.order.improve',
    });
  });
});
