// A keyboard "autopilot" for the model tests: it sends the held-control events a person at the keys would,
// frame by frame, steering the aim with feedback in the camera's own frame.
import {
  buildScenario,
  defaultCaseParams,
  liveSimulation,
  normalizeCaseParams,
  seedFor,
  viewOf,
  type CaseParams,
  type Controls,
  type LiveSimulation,
  type Vec2,
} from '../../../src/domain/simulator/index.ts';

/** A live simulation of a case with some parameters overridden, opened with the given scope at t=0. */
export function openCase(overrides: Partial<CaseParams> = {}, variant = 7, scope: 'straight' | 'angled' = 'straight'): LiveSimulation {
  const params = normalizeCaseParams({ ...defaultCaseParams(2, 1), ...overrides }, defaultCaseParams(2, 1));
  const sim = liveSimulation(buildScenario(params, seedFor('test-course', 2, 1, variant)));
  sim.apply({ t: 0, type: 'open', scope });
  return sim;
}

/** A control in steps of 0.05, never below one step while there is any error: turning ramps up, so a small held rate barely moves. */
const clamp = (v: number) => (v === 0 ? 0 : Math.sign(v) * Math.max(0.05, Math.min(1, Math.round(Math.abs(v) * 20) / 20)));

/** Holds controls for `ms`, then releases them and lets the scope settle. */
export function hold(sim: LiveSimulation, controls: Partial<Controls>, ms: number): void {
  const t = sim.state.t;
  sim.apply({ t, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0, ...controls });
  sim.advance(t + ms);
  sim.apply({ t: t + ms, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 });
  sim.advance(t + ms + 400);
}

/**
 * Steers until the aim is within `tolerance` mm of `target` at `distanceMm` from the plate (± 1 mm), sending an
 * input event only when the quantized controls change, as the keyboard does. Returns whether it got there.
 */
export function steer(sim: LiveSimulation, target: Vec2, distanceMm = 10, tolerance = 0.4, frameMs = 16): boolean {
  const { trocar } = sim.state;
  const { placenta } = sim.state.scenario;
  let held = '';
  const send = (c: Controls) => {
    const key = `${c.turnX},${c.turnY},${c.insert}`;
    if (key === held) return;
    held = key;
    sim.apply({ t: sim.state.t, type: 'input', ...c });
  };
  for (let i = 0; i < 6000; i += 1) {
    const s = sim.state;
    const view = viewOf(s.pose, trocar, s.scope ?? 'straight', placenta.radiusMm);
    if (!s.aim) {
      send({ turnX: 0, turnY: 0, insert: -1, roll: 0 });
      sim.advance(s.t + frameMs);
      continue;
    }
    const e = { x: target.x - s.aim.point.x, y: target.y - s.aim.point.y };
    const right = { x: view.look.y * view.up.z - view.look.z * view.up.y, y: view.look.z * view.up.x - view.look.x * view.up.z };
    const ex = e.x * right.x + e.y * right.y;
    const ey = e.x * view.up.x + e.y * view.up.y;
    const miss = Math.hypot(e.x, e.y);
    const depthError = s.aim.distanceMm - distanceMm;
    const still = s.rates.turnX === 0 && s.rates.turnY === 0 && s.rates.insert === 0;
    if (miss <= tolerance && Math.abs(depthError) <= 1 && still && held === '0,0,0') return true;
    const near = miss <= tolerance && Math.abs(depthError) <= 1;
    send(near ? { turnX: 0, turnY: 0, insert: 0, roll: 0 } : { turnX: clamp(ex / 12), turnY: clamp(ey / 12), insert: clamp(depthError / 15), roll: 0 });
    sim.advance(s.t + frameMs);
  }
  send({ turnX: 0, turnY: 0, insert: 0, roll: 0 });
  return false;
}

/** Fires for `ms` with the laser on. */
export function fire(sim: LiveSimulation, ms: number): void {
  const t = sim.state.t;
  if (!sim.state.laserOn) sim.apply({ t, type: 'laserOn' });
  sim.apply({ t, type: 'fireStart' });
  sim.advance(t + ms);
  sim.apply({ t: t + ms, type: 'fireStop' });
}
