// A scripted learner for the API tests and bench:replay: it plays a case through the same model the page runs,
// with held controls changed at a hand's pace to values a touch slider sends, so the log it records is one the server replays to the same result.
import {
  liveSimulation,
  quantizeControl,
  viewOf,
  type AnastomosisKind,
  type Controls,
  type LiveSimulation,
  type Scenario,
  type ScopeKind,
  type SimEvent,
  type Vec2,
  type Vec3,
} from '../../src/domain/simulator/index.ts';

/**
 * How often the scripted hand looks and changes the held controls: about 8 times a second (below the inhuman-input
 * rate), never on a timer's beat, which the server flags as no hand's rhythm (plausibility.ts).
 */
const STEP_MS = [97, 143, 118, 171, 104, 129, 156, 112, 138, 91] as const;
const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

export class Player {
  readonly scenario: Scenario;
  readonly sim: LiveSimulation;
  t = 0;
  private steps = 0;
  private held: Controls = { turnX: 0, turnY: 0, insert: 0, roll: 0 };

  constructor(scenario: Scenario, scope: ScopeKind = 'straight') {
    this.scenario = scenario;
    this.sim = liveSimulation(scenario);
    this.sim.apply({ t: 0, type: 'open', scope });
  }

  get events(): SimEvent[] {
    return this.sim.state.log;
  }

  /** Lets `ms` of simulation time pass with the controls as they are held. */
  wait(ms: number): this {
    this.t += ms;
    this.sim.advance(this.t);
    return this;
  }

  press(...types: Array<'laserOn' | 'laserOff' | 'fireStart' | 'fireStop' | 'mark' | 'cancelMark' | 'finish'>): this {
    for (const type of types) this.sim.apply({ t: this.t, type });
    return this;
  }

  hold(controls: Controls): this {
    const h = this.held;
    if (h.turnX === controls.turnX && h.turnY === controls.turnY && h.insert === controls.insert && h.roll === controls.roll) return this;
    this.held = controls;
    this.sim.apply({ t: this.t, type: 'input', ...controls });
    return this;
  }

  /** Steers the aim onto `target` from about `distanceMm` away; true once it is within `toleranceMm` and still. */
  aimAt(target: Vec2, { distanceMm = 12, toleranceMm = 0.6, timeoutMs = 30_000 } = {}): boolean {
    const s = this.sim.state;
    const { trocar, placenta } = this.scenario;
    for (const until = this.t + timeoutMs; this.t < until; this.wait(STEP_MS[this.steps++ % STEP_MS.length]!)) {
      const view = viewOf(s.pose, trocar, s.scope ?? 'straight', placenta.radiusMm);
      // Off the plate: turn back towards the centre of the plate.
      const aim = view.aim ?? { point: { x: view.tip.x + view.look.x * 50, y: view.tip.y + view.look.y * 50 }, distanceMm: 50, cos: 1 };
      const right = cross(view.look, view.up);
      const ex = target.x - aim.point.x;
      const ey = target.y - aim.point.y;
      const along = (v: { x: number; y: number }) => ex * v.x + ey * v.y;
      const errorMm = Math.hypot(ex, ey);
      const near = errorMm <= toleranceMm && Math.abs(aim.distanceMm - distanceMm) < 3;
      if (near && s.rates.turnX === 0 && s.rates.turnY === 0 && s.rates.insert === 0) return true;
      const gain = 1 / Math.max(4, aim.distanceMm * 0.4);
      this.hold(
        near
          ? { turnX: 0, turnY: 0, insert: 0, roll: 0 }
          : {
              turnX: quantizeControl(along(right) * gain),
              turnY: quantizeControl(along(view.up) * gain),
              insert: quantizeControl((aim.distanceMm - distanceMm) / 15),
              roll: 0,
            },
      );
    }
    return false;
  }

  /** Fires for `ms` at where the aim is (the laser armed first). */
  burn(ms: number): this {
    if (!this.sim.state.laserOn) this.press('laserOn');
    return this.press('fireStart').wait(ms).press('fireStop');
  }

  /** Fires in half-second bursts until the anastomosis `id` is sealed, up to `maxMs`; whether it was. */
  sealUntil(id: string, maxMs = 8000): boolean {
    for (let fired = 0; fired < maxMs && !this.sim.state.sealed.includes(id); fired += 500) this.burn(500);
    return this.sim.state.sealed.includes(id);
  }

  /** Marks the point under the beam as an anastomosis of `kind`. */
  mark(kind: AnastomosisKind): this {
    this.press('mark');
    this.sim.apply({ t: this.t, type: 'classify', kind });
    return this;
  }

  finish(): this {
    return this.wait(500).press('finish');
  }
}
