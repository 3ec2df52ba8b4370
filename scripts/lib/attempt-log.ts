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
/**
 * A first movement longer than `fromMm` overshoots: it heads for a point `beyond` × its length past the target,
 * and turns back for the target once it has run `notice` × its length past it (or after `giveUpMs`, where the
 * plate's rim or the trocar's cone stops it short).
 */
const FIRST_MISS = { fromMm: 10, beyond: 0.2, notice: 0.08, giveUpMs: 4000 } as const;
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

  press(...types: Array<'laserOn' | 'laserOff' | 'fireStart' | 'fireStop' | 'mark' | 'cancelMark' | 'exchange' | 'wipe' | 'review' | 'finish'>): this {
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

  /**
   * Steers the aim onto `target` from about `distanceMm` away; true once it is within `toleranceMm` and still. Like
   * a person's, the first movement towards a point farther than FIRST_MISS.fromMm misjudges it: it overshoots (a
   * primary submovement's miss; Meyer et al. 1988) and comes back.
   */
  aimAt(target: Vec2, { distanceMm = 12, toleranceMm = 0.6, timeoutMs = 30_000 } = {}): boolean {
    const s = this.sim.state;
    const { trocar, placenta } = this.scenario;
    let past = this.overshoot(target);
    for (const until = this.t + timeoutMs; this.t < until; this.wait(STEP_MS[this.steps++ % STEP_MS.length]!)) {
      const view = viewOf(s.pose, trocar, s.scope ?? 'straight', placenta.radiusMm);
      // Off the plate: turn back towards the centre of the plate.
      const aim = view.aim ?? { point: { x: view.tip.x + view.look.x * 50, y: view.tip.y + view.look.y * 50 }, distanceMm: 50, cos: 1 };
      if (past && ((aim.point.x - target.x) * past.dx + (aim.point.y - target.y) * past.dy >= past.runMm || this.t >= past.until)) past = null;
      const goal = past?.point ?? target;
      const right = cross(view.look, view.up);
      const ex = goal.x - aim.point.x;
      const ey = goal.y - aim.point.y;
      const along = (v: { x: number; y: number }) => ex * v.x + ey * v.y;
      const errorMm = Math.hypot(target.x - aim.point.x, target.y - aim.point.y);
      const near = !past && errorMm <= toleranceMm && Math.abs(aim.distanceMm - distanceMm) < 3;
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

  /** Where the first movement towards `target` heads instead, past it, along which line, and when the hand turns back; null for a short move. */
  private overshoot(target: Vec2): { point: Vec2; dx: number; dy: number; runMm: number; until: number } | null {
    const aim = this.sim.state.aim;
    if (!aim) return null;
    const length = Math.hypot(target.x - aim.point.x, target.y - aim.point.y);
    if (length < FIRST_MISS.fromMm) return null;
    const dx = (target.x - aim.point.x) / length;
    const dy = (target.y - aim.point.y) / length;
    const beyond = FIRST_MISS.beyond * length;
    return { point: { x: target.x + dx * beyond, y: target.y + dy * beyond }, dx, dy, runMm: FIRST_MISS.notice * length, until: this.t + FIRST_MISS.giveUpMs };
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
