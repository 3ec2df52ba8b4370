// Strategies that game a score instead of operating: each must stay below the pass mark in every variant. They
// use the expert's hand, so that what keeps them below is the strategy, never clumsiness.
import { distanceToPolyline, resample, type Vec2 } from '../../../src/domain/simulator/geometry.ts';
import { EQUATOR_BAND_MM, type Scenario } from '../../../src/domain/simulator/index.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';
import { Hand } from './hand.ts';
import { burn, drawLine, entryFor, expertDistance, HABITS, surgeon, type Habits } from './surgeons.ts';
import type { Player } from './types.ts';

const expert = HABITS.expert;

/** A player that opens with the expert's hand, runs `strategy`, and finishes. */
function degenerate(name: string, strategy: (hand: Hand, scenario: Scenario) => void): Player {
  return {
    name,
    group: 'degenerate',
    tasks: ['selective', 'solomon'],
    play(scenario: Scenario, rng: Rng) {
      const hand = new Hand(scenario, rng, expert.skill);
      hand.wait(rng.range(1500, 3000));
      const entry = entryFor(scenario, rng, 1);
      hand.open(entry.scope, entry.site);
      hand.react();
      strategy(hand, scenario);
      if (hand.pedal) hand.act('fireStop');
      if (hand.state.laserOn) hand.act('laserOff');
      hand.react();
      hand.act('finish');
      return hand.done();
    },
  };
}

/** Opens the fetoscopy and finishes a few seconds later without doing anything. */
const finishAtOnce: Player = {
  name: 'finish-at-once',
  group: 'degenerate',
  tasks: ['navigation', 'selective', 'solomon'],
  play: (_scenario, rng) => [
    { t: 0, type: 'open', scope: 'straight' },
    { t: Math.round(rng.range(2000, 6000)), type: 'finish' },
  ],
};

/** Sweeps the plate row by row, 20 mm apart, with the laser firing all the way. */
const rasterSweep = degenerate('raster-sweep', (hand, scenario) => {
  const r = scenario.placenta.radiusMm - 5;
  hand.act('laserOn');
  let leftToRight = true;
  for (let y = -r + 10; y <= r - 10; y += 20) {
    const half = Math.sqrt(r * r - y * y);
    const [from, to] = leftToRight ? [-half, half] : [half, -half];
    hand.aimAt({ x: from, y }, 12, 3);
    hand.act('fireStart');
    hand.aimAt({ x: to, y }, 12, 3);
    hand.act('fireStop');
    leftToRight = !leftToRight;
  }
});

/** Burns the whole equator slowly enough to seal whatever lies on it, marking nothing. */
const burnEquator = degenerate('burn-equator', (hand, scenario) => {
  const thorough: Habits = { ...expert, lineStepMm: 2.5, lineDwell: 2.5 };
  drawLine(hand, thorough, 10);
  void scenario;
});

/** Marks a point every 5 mm along the equator as AV, then seals every anastomosis along it, as an expert would. */
const markEverythingAv = degenerate('mark-everything-AV', (hand, scenario) => {
  const { placenta } = scenario;
  for (const p of resample(placenta.equator, 5).filter((q) => Math.hypot(q.x, q.y) <= placenta.radiusMm - 2)) {
    hand.aimAt(p, 18, 1.5);
    hand.act('mark');
    hand.react(0.8);
    hand.classify('AV');
  }
  for (const a of placenta.anastomoses) {
    hand.aimAt(a.position, expertDistance(a));
    burn(hand, a, expert);
    hand.react();
  }
});

/** Draws the expert's Solomon line and nothing else: no anastomosis identified, none sealed on purpose. */
const lineWithoutMarks = degenerate('line-without-marks', (hand) => drawLine(hand, expert, 10));

/** The expert's hands and eyes, typing every anastomosis AV. */
const allAv = surgeon('expert', { name: 'all-AV', typing: () => 'AV' });

/** The expert's hands and eyes, typing each anastomosis by a coin flip between AV and VA. */
const coinFlip = surgeon('expert', { name: 'coin-flip', typing: (_a, rng) => (rng.next() < 0.5 ? 'AV' : 'VA') });

/** The expert in every respect but the order: the Solomon line first, then whatever it left open. */
const lineFirst = surgeon('expert', { name: 'line-first', lineFirst: true, tasks: ['solomon'] });

/** Fires at the current aim for `ms` (about what a 1.5 mm vessel takes at 10 mm). */
function burnFor(hand: Hand, ms: number): void {
  if (!hand.state.laserOn) hand.act('laserOn');
  hand.act('fireStart');
  hand.wait(ms);
  hand.act('fireStop');
  hand.react(0.5);
}

/**
 * Marks every vessel end that lies at the equator (anastomoses and decoys alike, as they look), typing arteries
 * AV and veins VA, then burns every mark: what a player does who cannot tell an anastomosis from a crossing.
 */
const markVesselEnds = degenerate('mark-vessel-ends', (hand, scenario) => {
  const { placenta } = scenario;
  const ends: { at: Vec2; artery: boolean }[] = [];
  for (const v of placenta.vessels) {
    const end = v.points[v.points.length - 1]!;
    if (distanceToPolyline(end, placenta.equator) > EQUATOR_BAND_MM || ends.some((e) => Math.hypot(e.at.x - end.x, e.at.y - end.y) < 2)) continue;
    ends.push({ at: end, artery: v.kind === 'artery' });
  }
  for (const { at, artery } of ends) {
    hand.aimAt(at, 18, 1.5);
    hand.act('mark');
    hand.react(0.8);
    hand.classify(artery ? 'AV' : 'VA');
  }
  for (const { at } of ends) {
    hand.aimAt(at, 10);
    burnFor(hand, 1800);
  }
});

/** Spirals out from the plate's centre, rings 8 mm apart, firing all the way at the expert's distance. */
const slowSpiral = degenerate('slow-spiral', (hand, scenario) => {
  const r = scenario.placenta.radiusMm - 5;
  hand.act('laserOn');
  hand.act('fireStart');
  for (let turn = 0; turn * 8 <= r; turn += 1) {
    const ring = Math.max(4, turn * 8);
    const stops = Math.max(6, Math.round((2 * Math.PI * ring) / 6));
    for (let k = 0; k < stops; k += 1) {
      const angle = (2 * Math.PI * k) / stops;
      hand.aimAt({ x: ring * Math.cos(angle), y: ring * Math.sin(angle) }, 10, 2);
    }
  }
  hand.act('fireStop');
});

export const degeneratePlayers: readonly Player[] = [
  finishAtOnce,
  rasterSweep,
  burnEquator,
  markEverythingAv,
  lineWithoutMarks,
  allAv,
  coinFlip,
  lineFirst,
  markVesselEnds,
  slowSpiral,
];
