import { describe, expect, it } from 'vitest';
import {
  advance,
  applyEvent,
  createSimulation,
  makeSpot,
  MAX_SESSION_MS,
  replay,
  SCOPE,
  type SimState,
} from '../../../src/domain/simulator/index.ts';
import { handMadePlacenta, press } from './fixtures.ts';

const placenta = handMadePlacenta();
const vmax = SCOPE.maxSpeedPerMs;
const keep = 1 - SCOPE.smoothingPerMs;
/** Distance covered after n ms holding a key from rest: vmax * (n - keep * (1 - keep^n) / smoothing). */
const travelled = (n: number) => vmax * (n - (keep * (1 - keep ** n)) / SCOPE.smoothingPerMs);

function opened(): SimState {
  return press(createSimulation(placenta), 'open');
}

function hold(s: SimState, dx: number, dy: number, ms: number): SimState {
  return advance(applyEvent(s, { t: s.t, type: 'move', dx, dy }), s.t + ms);
}

describe('scope movement', () => {
  it('starts at the centre and eases in instead of jumping to full speed', () => {
    const s = opened();
    expect(s.scope).toEqual({ x: 0, y: 0 });
    const after10 = hold(s, 1, 0, 10);
    expect(after10.scope.x).toBeCloseTo(travelled(10), 15);
    expect(after10.scope.x).toBeLessThan(0.6 * vmax * 10);
    const after1s = hold(s, 1, 0, 1000);
    expect(after1s.scope.x).toBeCloseTo(travelled(1000), 12);
    expect(after1s.scope.y).toBe(0);
    expect(after1s.velocity.x).toBeCloseTo(vmax * (1 - keep ** 1000), 15);
  });

  it('coasts to rest after the key is released', () => {
    const moving = hold(opened(), 0, 1, 1000);
    const released = hold(moving, 0, 0, 2000);
    expect(released.velocity).toEqual({ x: 0, y: 0 });
    expect(released.scope.y).toBeGreaterThan(moving.scope.y);
    expect(released.scope.y - moving.scope.y).toBeLessThan(moving.velocity.y / SCOPE.smoothingPerMs);
  });

  it('stays inside the placental disc and slides along its edge', () => {
    let s = applyEvent(opened(), { t: 0, type: 'move', dx: 1, dy: 0.2 });
    for (let i = 0; i < 200; i += 1) {
      s = advance(s, s.t + 100);
      expect(Math.hypot(s.scope.x, s.scope.y)).toBeLessThanOrEqual(1 + 1e-12);
    }
    expect(Math.hypot(s.scope.x, s.scope.y)).toBeCloseTo(1, 12);
    expect(s.scope.y).toBeGreaterThan(0.19);
  });

  it('normalizes a held direction longer than 1', () => {
    const s = applyEvent(opened(), { t: 0, type: 'move', dx: 5, dy: 5 });
    expect(s.input.x).toBeCloseTo(Math.SQRT1_2, 15);
    expect(s.input.y).toBeCloseTo(Math.SQRT1_2, 15);
  });
});

describe('path length', () => {
  it('equals the displacement on a straight run, and stops growing at the edge', () => {
    const s = hold(opened(), 1, 0, 1500);
    expect(s.pathLength).toBeCloseTo(s.scope.x, 12);
    const atEdge = hold(s, 1, 0, 10_000);
    expect(atEdge.scope).toEqual({ x: 1, y: 0 });
    expect(atEdge.pathLength).toBeCloseTo(1, 12);
  });
  it('counts the way out and the way back', () => {
    let s = hold(opened(), 1, 0, 1000);
    s = applyEvent(s, { t: s.t, type: 'move', dx: -1, dy: 0 });
    let peak = s.scope.x;
    for (let i = 0; i < 2000; i += 1) {
      s = advance(s, s.t + 1);
      peak = Math.max(peak, s.scope.x);
    }
    expect(s.scope.x).toBeLessThan(0);
    expect(s.pathLength).toBeCloseTo(2 * peak - s.scope.x, 12);
  });
});

describe('laser', () => {
  it('does not burn while only the fire key is held', () => {
    const s = advance(press(opened(), 'fireStart'), 1000);
    expect(s.spots).toEqual([]);
    expect(s.laserFiringMs).toBe(0);
  });
  it('burns one growing spot at a still aim, and counts armed and firing time apart', () => {
    let s = advance(press(opened(), 'laserOn', 'fireStart'), 1000);
    expect(s.spots).toEqual([makeSpot({ x: 0, y: 0 }, 1000)]);
    s = advance(press(s, 'fireStop'), 1500);
    s = advance(press(s, 'laserOff'), 4000);
    expect(s.laserFiringMs).toBe(1000);
    expect(s.laserArmedMs).toBe(1500);
  });
  it('keeps growing the same spot when firing again on it', () => {
    let s = advance(press(opened(), 'laserOn', 'fireStart'), 400);
    s = advance(press(s, 'fireStop'), 900);
    s = advance(press(s, 'fireStart'), 1500);
    expect(s.spots).toEqual([makeSpot({ x: 0, y: 0 }, 1000)]);
  });
  it('lays a chain of touching spots when the aim moves while firing', () => {
    const s = hold(press(opened(), 'laserOn', 'fireStart'), 1, 0, 2000);
    expect(s.spots.length).toBeGreaterThan(20);
    for (let i = 1; i < s.spots.length; i += 1) {
      const a = s.spots[i - 1]!;
      const b = s.spots[i]!;
      expect(Math.hypot(b.position.x - a.position.x, b.position.y - a.position.y)).toBeLessThan(a.radius + b.radius);
    }
    expect(s.spots.reduce((sum, spot) => sum + spot.durationMs, 0)).toBe(2000);
  });
});

describe('events and log', () => {
  it('ignores everything before the fetoscopy opens and after finish, and stops the clock at finish', () => {
    let s = createSimulation(placenta);
    s = applyEvent(s, { t: 100, type: 'move', dx: 1, dy: 0 });
    s = applyEvent(s, { t: 200, type: 'laserOn' });
    expect(s.laserOn).toBe(false);
    expect(s.log).toEqual([]);
    s = applyEvent(s, { t: 300, type: 'open' });
    s = applyEvent(s, { t: 300, type: 'open' });
    s = applyEvent(s, { t: 900, type: 'finish' });
    s = applyEvent(s, { t: 950, type: 'laserOn' });
    s = advance(s, 5000);
    expect(s.t).toBe(900);
    expect(s.laserOn).toBe(false);
    expect(s.log).toEqual([
      { t: 300, type: 'open' },
      { t: 900, type: 'finish' },
    ]);
  });
  it('never goes back in time, rounds to whole milliseconds and drops malformed events', () => {
    let s = applyEvent(createSimulation(placenta), { t: 1000.4, type: 'open' });
    s = applyEvent(s, { t: 10, type: 'laserOn' });
    const bad = [{ t: Number.NaN, type: 'laserOff' }, { t: 20, type: 'jump' }, { t: 30, type: 'move' }, null, 'finish'];
    s = bad.reduce<SimState>((acc, e) => applyEvent(acc, e as never), s);
    expect(s.log).toEqual([
      { t: 1000, type: 'open' },
      { t: 1000, type: 'laserOn' },
    ]);
    expect(s.finishedAt).toBeNull();
  });
  it('is pure: the state given is never changed', () => {
    const s = hold(press(opened(), 'laserOn', 'fireStart'), 1, 0, 300);
    const before = structuredClone(s);
    advance(applyEvent(s, { t: s.t + 50, type: 'move', dx: 0, dy: 1 }), s.t + 500);
    expect(s).toEqual(before);
  });
  it('clamps a forged far-future time to the session limit', () => {
    const s = replay(placenta, [
      { t: 0, type: 'open' },
      { t: 0, type: 'move', dx: 1, dy: 0 },
      { t: 1e15, type: 'finish' },
    ]);
    expect(s.finishedAt).toBe(MAX_SESSION_MS);
    expect(s.scope).toEqual({ x: 1, y: 0 });
  });
});
