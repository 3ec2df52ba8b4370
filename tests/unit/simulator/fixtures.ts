// Hand-made placentas and a keyboard "autopilot" shared by the simulator tests.
import {
  advance,
  applyEvent,
  distance,
  type Anastomosis,
  type Placenta,
  type SimState,
  type Vec2,
} from '../../../src/domain/simulator/index.ts';

/**
 * A straight equator along the x axis from edge (-1,0) to edge (1,0); donor above, recipient below.
 * Two anastomoses on it, one normal vessel in each territory, and the two feeders of the AV anastomosis.
 */
export function handMadePlacenta(overrides: Partial<Placenta> = {}): Placenta {
  const anastomoses: Anastomosis[] = [
    { id: 'left', kind: 'AV', position: { x: -0.6, y: 0 }, radius: 0.02, visibility: 1 },
    { id: 'right', kind: 'VV', position: { x: 0.6, y: 0 }, radius: 0.03, visibility: 0.5 },
  ];
  return {
    seed: 0,
    level: 1,
    position: 'posterior',
    radius: 1,
    cords: [
      { twin: 'donor', position: { x: 0, y: 0.6 } },
      { twin: 'recipient', position: { x: 0, y: -0.6 } },
    ],
    vessels: [
      { twin: 'donor', kind: 'artery', width: 0.02, points: [{ x: 0, y: 0.6 }, { x: 0, y: 0.3 }] },
      { twin: 'recipient', kind: 'vein', width: 0.02, points: [{ x: 0, y: -0.6 }, { x: 0.4, y: -0.6 }] },
      { twin: 'donor', kind: 'artery', width: 0.03, points: [{ x: 0, y: 0.6 }, { x: -0.6, y: 0 }], anastomosisId: 'left' },
      { twin: 'recipient', kind: 'vein', width: 0.03, points: [{ x: 0, y: -0.6 }, { x: -0.6, y: 0 }], anastomosisId: 'left' },
    ],
    equator: [
      { x: -1, y: 0 },
      { x: 0, y: 0 },
      { x: 1, y: 0 },
    ],
    anastomoses,
    ...overrides,
  };
}

const quantize = (v: number): number => Math.round(v * 20) / 20;

/** Steers with the held-direction events a browser would send, every `frameMs`, until the aim is near `target`. */
export function driveTo(
  start: SimState,
  target: Vec2,
  options: { speed?: number; tolerance?: number; slowRadius?: number; frameMs?: number } = {},
): SimState {
  const { speed = 1, tolerance = 0.004, slowRadius = 0.1, frameMs = 5 } = options;
  let s = start;
  let held = { dx: Number.NaN, dy: Number.NaN };
  for (let i = 0; i < 200_000; i += 1) {
    const d = distance(s.scope, target);
    if (d <= tolerance) break;
    const gain = speed * Math.max(0.1, Math.min(1, d / slowRadius));
    const dx = quantize(((target.x - s.scope.x) / d) * gain);
    const dy = quantize(((target.y - s.scope.y) / d) * gain);
    if (dx !== held.dx || dy !== held.dy) {
      s = applyEvent(s, { t: s.t, type: 'move', dx, dy });
      held = { dx, dy };
    }
    s = advance(s, s.t + frameMs);
  }
  return applyEvent(s, { t: s.t, type: 'move', dx: 0, dy: 0 });
}

/** Lets the scope come to rest after the keys are released. */
export function settle(s: SimState): SimState {
  let next = s;
  while (next.velocity.x !== 0 || next.velocity.y !== 0) next = advance(next, next.t + 50);
  return next;
}

/** Applies events of the given types at the state's current time. */
export function press(s: SimState, ...types: ('open' | 'laserOn' | 'laserOff' | 'fireStart' | 'fireStop' | 'finish')[]): SimState {
  return types.reduce((acc, type) => applyEvent(acc, { t: acc.t, type }), s);
}
