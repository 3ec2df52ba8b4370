import { describe, expect, it } from 'vitest';
import {
  advance,
  applyEvent,
  computeMetrics,
  createSimulation,
  currentStep,
  generatePlacenta,
  replay,
  scoreAttempt,
  seedFor,
  type MoveEvent,
  type PlainEvent,
  type SimState,
} from '../../../src/domain/simulator/index.ts';
import { driveTo, press, settle } from './fixtures.ts';

const placenta = generatePlacenta(seedFor('fetoscopy-101', 2, 3), 2);

type Action = Omit<MoveEvent, 't'> | Omit<PlainEvent, 't'>;

/** Plays a script the way the browser does: frames at ~60 Hz with fractional times, key events between frames. */
function liveRun(script: [number, Action][], frameMs = 16.7): SimState {
  let s = createSimulation(placenta);
  let clock = 0;
  for (const [at, action] of script) {
    while (clock + frameMs < at) {
      clock += frameMs;
      s = advance(s, clock);
    }
    s = applyEvent(s, { ...action, t: at });
  }
  return s;
}

const script: [number, Action][] = [
  [250.3, { type: 'open' }],
  [400.9, { type: 'move', dx: 1, dy: 0 }],
  [1333.3, { type: 'move', dx: 0.5, dy: -1 }],
  [1500.5, { type: 'laserOn' }],
  [1620.2, { type: 'fireStart' }],
  [2900.7, { type: 'move', dx: 0, dy: 0 }],
  [3700, { type: 'fireStop' }],
  [3700.4, { type: 'move', dx: -1, dy: 1 }],
  [4100, { type: 'fireStart' }],
  [5200.8, { type: 'fireStop' }],
  [5300, { type: 'laserOff' }],
  [6400.1, { type: 'move', dx: 0, dy: 0 }],
  [9000.6, { type: 'finish' }],
];

describe('replay', () => {
  const live = liveRun(script);

  it('rebuilds exactly the state the browser reached, from the log alone', () => {
    expect(live.finishedAt).toBe(9001);
    expect(live.spots.length).toBeGreaterThan(1);
    expect(replay(placenta, live.log)).toEqual(live);
  });
  it('gives the same metrics and score from the log sent as JSON', () => {
    const sent = JSON.parse(JSON.stringify({ events: live.log })) as { events: unknown[] };
    const replayed = replay(placenta, sent.events);
    expect(computeMetrics(replayed)).toEqual(computeMetrics(live));
    expect(scoreAttempt(computeMetrics(replayed))).toEqual(scoreAttempt(computeMetrics(live)));
  });
  it('does not depend on the frame rate', () => {
    expect(liveRun(script, 7.3)).toEqual(live);
    expect(liveRun(script, 33.3)).toEqual(live);
    expect(liveRun(script, 1e9)).toEqual(live);
  });
  it('differs when the log is tampered with', () => {
    const longer = live.log.map((e) => (e.type === 'fireStop' ? { ...e, t: e.t + 500 } : e));
    expect(computeMetrics(replay(placenta, longer)).totalEnergyJ).toBeGreaterThan(computeMetrics(live).totalEnergyJ);
  });
});

describe('a well-played case, end to end', () => {
  it('seals every anastomosis, closes the Solomon line and scores high, and the server agrees', () => {
    let s = press(createSimulation(placenta), 'open', 'laserOn');
    for (const a of placenta.anastomoses) {
      s = settle(driveTo(s, a.position, { tolerance: 0.002 }));
      const before = s.spots.length;
      s = press(s, 'fireStart');
      while (s.spots.length === before || s.spots[s.spots.length - 1]!.radius < a.radius * 1.2) s = advance(s, s.t + 50);
      s = press(s, 'fireStop');
    }
    const [first, ...rest] = placenta.equator;
    s = press(settle(driveTo(s, first!, { tolerance: 0.002 })), 'fireStart');
    for (const point of rest) s = driveTo(s, point, { speed: 0.4, tolerance: 0.01, slowRadius: 0.02, frameMs: 2 });
    s = press(settle(s), 'fireStop', 'finish');

    const m = computeMetrics(s);
    expect(m.anastomosesResidual).toBe(0);
    expect(m.anastomosesSeen).toBe(placenta.anastomoses.length);
    expect(m.solomonCompleteness).toBeCloseTo(1, 9);
    expect(m.solomonGaps).toBe(0);
    expect(m.collateralEnergyJ).toBe(0);
    expect(m.surgeryTimeMs).toBeLessThan(120_000);
    expect(currentStep(s)).toBe('done');
    const { score } = scoreAttempt(m);
    expect(score).toBeGreaterThanOrEqual(95);
    expect(scoreAttempt(computeMetrics(replay(placenta, s.log))).score).toBe(score);
  });
});
