// A hand on the keyboard: what a scripted player does to the fetoscope, as key presses and releases at human
// rates. It watches a live simulation of its own log, as a learner watches the screen, and plans each movement
// with the model, as a trained hand knows how far a key held for so long turns the scope; then it acts with the
// reaction time and motor noise of its skill. Everything it does is an event in `events`.
import {
  COMPLICATION,
  inSight,
  liveSimulation,
  obstruction,
  quantizeControl,
  SCOPE,
  turbidityAt,
  TURBIDITY,
  viewOf,
  type Controls,
  type LiveSimulation,
  type Scenario,
  type ScopeKind,
  type SimEvent,
  type Vec2,
} from '../../../src/domain/simulator/index.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';
import { reached } from './run.ts';
import { tipOf, type Pose, type Trocar } from '../../../src/domain/simulator/scope.ts';
import { add, cross, dot, normalize, orthogonalTo, scale, vec3 } from '../../../src/domain/simulator/vec3.ts';

/** How a hand moves: the figures that tell an expert's from a novice's. */
export interface Skill {
  /** Pause after a movement before the next one: seeing where the scope went and deciding, in ms (min, max). */
  reactionMs: readonly [number, number];
  /** Standard deviation of a key hold's length, relative to the hold meant: motor noise. */
  motorNoise: number;
  /** Close enough: the aim within this many mm of the point meant, the distance within `distanceToleranceMm`. */
  toleranceMm: number;
  distanceToleranceMm: number;
  /** The tip kept at least this high over the plate when aiming obliquely (mm): lower, contacts come easily. */
  safeHeightMm: number;
  /** Longest single hold of a key while steering, in ms: longer moves are broken into several. */
  maxHoldMs: number;
  /** Moves tried before giving up on a point. */
  patience: number;
  /**
   * How far ahead (ms) the eye sees the cord, a limb or the membrane drift into the beam's way (intruders.ts) and the
   * foot lifts the pedal, or keeps it up until the way is clear; absent, the hand fires into whatever is there.
   */
  beamWatchMs?: number;
}

/** The shortest key tap a hand makes, in ms; a movement needing less than half of it is not attempted. */
const MIN_TAP_MS = 40;
/** After releasing the keys the turn runs down in up to 250 ms: the hand waits for it before judging. */
const SETTLE_MS = 260;
/** A stick's turn is let go once the tip has swung down to this share of the safe height (the turn still runs down after). */
const SWING_STOP = 0.8;
/** How often the eye checks what it waits for while a stick or touch control is held, ms. */
const WATCH_MS = 20;
/** How often the eye looks along the beam for what drifts into its way while the pedal is down, ms of simulation time. */
const BEAM_LOOK_MS = 20;
/** The berth (mm) a watching eye gives what drifts near the beam while the scope moves: the beam sweeps faster than it drifts. */
const BEAM_BERTH_MM = 5;
/** How far from the plate a hand looks at a point a fold of membrane hides from higher up, mm. */
const UNDER_FOLD_MM = 8;
/** Longest a careful hand waits, pedal up, for something in the beam's way to drift on, ms. */
const BEAM_WAIT_MS = 30_000;
/** How far the advance coasts after release, as ms at the speed it had: it runs down by 4 % every 4 ms tick (simulation.ts). */
const COAST_MS = 100;
/**
 * Turning speeds up to full over this long and slows down as long after release (simulation.ts): a tap of p ms
 * turns p² / TURN_RAMP_MS ms' worth of full speed, a longer hold p ms' worth.
 */
const TURN_RAMP_MS = 250;
const turnHold = (fullSpeedMs: number) => {
  const m = Math.abs(fullSpeedMs);
  return Math.sign(fullSpeedMs) * (m >= TURN_RAMP_MS ? m : Math.sqrt(TURN_RAMP_MS * m));
};

type Axis = keyof Controls;
const AXES: readonly Axis[] = ['turnX', 'turnY', 'insert', 'roll'];
const RATE: Record<Axis, number> = { turnX: SCOPE.turnPerMs, turnY: SCOPE.turnPerMs, insert: SCOPE.insertPerMs, roll: SCOPE.rollPerMs };

/** A standard normal draw from the player's stream. */
export function gaussian(rng: Rng): number {
  const u = Math.max(1e-12, rng.next());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

/** Where the line of sight meets the plate for a pose: point and distance, or null off the plate. */
function aimOf(pose: Pose, trocar: Trocar, scope: ScopeKind, radius: number): { x: number; y: number; d: number; cos: number } | null {
  const aim = viewOf(pose, trocar, scope, radius).aim;
  return aim ? { x: aim.point.x, y: aim.point.y, d: aim.distanceMm, cos: aim.cos } : null;
}

/**
 * The pose after a small turn (rad) and advance (mm), as the keys would move it away from the cone's edge: the
 * hand's sense of direction holds there too, where the model's own step stops the shaft.
 */
function turned(pose: Pose, turnX: number, turnY: number, insert: number): Pose {
  const right = cross(pose.dir, pose.up);
  const dir = normalize(add(pose.dir, add(scale(right, turnX), scale(pose.up, turnY))), pose.dir);
  return { dir, up: orthogonalTo(pose.up, dir, pose.up), depthMm: pose.depthMm + insert };
}

/** Solves the 3 × 3 system m · u = e by Cramer's rule; null when it is singular. */
function solve3(m: number[][], e: number[]): number[] | null {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return null;
  return [0, 1, 2].map((col) => det(m.map((row, i) => row.map((v, j) => (j === col ? e[i]! : v)))) / d);
}

/**
 * What the hand plays with, as the page offers it (controls.ts): the keys (-1, 0, 1); a touch screen's on-screen
 * stick and depth slider, dragged by a thumb that reaches part of their travel and wavers on the way; or a gamepad's
 * sticks, pushed most of the way, read with a little noise and nothing inside their dead zone (gamepad.ts). Touch
 * and gamepad give any multiple of the page's 0.25 step; roll is two buttons on both, pressed as keys are.
 */
export type Device = 'keys' | 'touch' | 'gamepad';

interface Analog {
  /** How far the control is pushed, as a share of its travel (drawn per movement). */
  push: readonly [number, number];
  /** The waver of the held value, a share of the travel (standard deviation), read every `everyMs`. */
  noise: number;
  everyMs: readonly [number, number];
  /** Readings within this of centre count as none. */
  deadZone: number;
}

const ANALOG: Record<Exclude<Device, 'keys'>, Analog> = {
  // A thumb drags the stick part of its travel and wavers by a few percent of it (2 px of a 40 px travel) as it holds.
  touch: { push: [0.5, 1], noise: 0.05, everyMs: [60, 160], deadZone: 0 },
  // A stick is pushed most of the way; the pad reads it with a few percent of noise, nothing within 0.2 of centre (gamepad.ts).
  gamepad: { push: [0.75, 1], noise: 0.05, everyMs: [80, 200], deadZone: 0.2 },
};

export class Hand {
  readonly sim: LiveSimulation;
  readonly rng: Rng;
  readonly skill: Skill;
  readonly device: Device;
  readonly events: SimEvent[] = [];
  t = 0;
  /** The pedal was lifted (or not pressed) for something in the beam's way: pressed again once the way is clear. */
  private lifted = false;
  /** Whether the hand is steering onto a point (aimAt): the pedal it lifted stays up until it is there. */
  private steering = false;

  constructor(scenario: Scenario, rng: Rng, skill: Skill, device: Device = 'keys') {
    this.sim = liveSimulation(scenario);
    this.rng = rng;
    this.skill = skill;
    this.device = device;
  }

  get state() {
    return this.sim.state;
  }

  /** Whether the foot means the pedal down: firing, or lifted for something in the beam's way until it passes. */
  get pedal(): boolean {
    return this.state.firing || this.lifted;
  }

  private emit(event: SimEvent): void {
    this.events.push(event);
    this.sim.apply(event);
  }

  /**
   * Time passes with the keys as they are. A hand that watches the beam lifts the pedal when it sees something about
   * to drift into the beam's way, and presses it again, a moment after, once the way is clear; not while it steers
   * (aimAt), where the beam would burn wherever the scope is on its way.
   */
  wait(ms: number): void {
    this.advanceTo(this.t + Math.max(0, Math.round(ms)));
    if (this.steering || !this.lifted || this.state.firing || !this.state.laserOn) return;
    const until = this.t + BEAM_WAIT_MS;
    while (this.threatened() && this.t < until) this.advanceTo(this.t + 100);
    if (this.threatened()) return;
    this.advanceTo(this.t + Math.round(0.5 * this.rng.range(...this.skill.reactionMs)));
    if (this.threatened()) return;
    this.lifted = false;
    this.emit({ t: this.t, type: 'fireStart' });
  }

  /** Whether the eye sees something in the beam's way now or drifting into it within its look-ahead. */
  private threatened(): boolean {
    const ahead = this.skill.beamWatchMs ?? 0;
    const s = this.state;
    if (ahead <= 0 || s.scenario.intruders.length === 0) return false;
    const moving = s.rates.turnX !== 0 || s.rates.turnY !== 0 || s.rates.insert !== 0 || s.input.turnX !== 0 || s.input.turnY !== 0 || s.input.insert !== 0;
    for (let dt = 0; dt <= ahead; dt += 100) if (obstruction(s, s.t + dt, moving ? BEAM_BERTH_MM : 0)) return true;
    return false;
  }

  /** Runs the clock to `t`; while the pedal is down, a watching eye looks along the beam and the foot lifts it. */
  private advanceTo(t: number): void {
    if (!(this.skill.beamWatchMs && this.state.firing)) {
      this.t = Math.max(this.t, t);
      this.sim.advance(this.t);
      return;
    }
    while (this.t < t) {
      if (this.state.firing && this.threatened()) {
        this.lifted = true;
        this.emit({ t: this.t, type: 'fireStop' });
      }
      this.t = Math.min(t, this.t + BEAM_LOOK_MS);
      this.sim.advance(this.t);
    }
  }

  /** The pause of a person looking and deciding. */
  react(scale = 1): void {
    const [min, max] = this.skill.reactionMs;
    this.wait(scale * this.rng.range(min, max));
  }

  open(scope: ScopeKind, site?: number): void {
    this.emit({ t: this.t, type: 'open', scope, ...(site === undefined ? {} : { site }) });
  }

  /** Sees the fluid too bloody to fire through (an entry bleed) and exchanges it, waiting for the exchange to end. */
  clearFluid(): void {
    if (turbidityAt(this.state, this.t) <= COMPLICATION.blindAbove) return;
    this.emit({ t: this.t, type: 'exchange' });
    this.wait(TURBIDITY.exchangeMs);
    this.react();
  }

  /** The log, finished: the runner may read the state it led to from `reached`. */
  done(): SimEvent[] {
    reached.set(this.events, this.sim.state);
    return this.events;
  }

  act(type: 'laserOn' | 'laserOff' | 'fireStart' | 'fireStop' | 'mark' | 'cancelMark' | 'review' | 'finish'): void {
    if (type === 'fireStop' || type === 'laserOff') this.lifted = false;
    // What is hidden behind something drifting over the plate cannot be marked, and every eye sees that it is hidden:
    // the hand brings the scope down under it (a fold of membrane floats above the working distance), then waits for
    // what still hides the point to drift on before it marks.
    if (type === 'mark' && this.state.aim && !inSight(this.state)) {
      this.aimAt(this.state.aim.point, UNDER_FOLD_MM);
      for (let waited = 0; waited < BEAM_WAIT_MS && !inSight(this.state); waited += 100) this.wait(100);
    }
    // A hand that watches the beam does not press the pedal into something in its way: it waits (wait()) for it to pass.
    if (type === 'fireStart' && this.threatened()) {
      this.lifted = true;
      this.wait(0);
      return;
    }
    this.emit({ t: this.t, type });
  }

  classify(kind: 'AV' | 'VA' | 'AA' | 'VV'): void {
    this.emit({ t: this.t, type: 'classify', kind });
  }

  /**
   * Makes a movement: the controls held for the given signed durations at full speed (ms; the sign picks the
   * direction), with the hand's device. Then the scope glides to rest.
   */
  press(holds: Partial<Record<Axis, number>>, there?: () => boolean): void {
    if (this.device === 'keys') this.keys(holds);
    else this.push(holds, ANALOG[this.device], there);
  }

  /** Holds keys for the given durations and lets go of each when its time is up: one event when they go down, one each time a key comes up. */
  private keys(holds: Partial<Record<Axis, number>>): void {
    const held: Controls = { turnX: 0, turnY: 0, insert: 0, roll: 0 };
    const ends: { axis: Axis; at: number }[] = [];
    for (const axis of AXES) {
      const ms = holds[axis] ?? 0;
      if (Math.abs(ms) < MIN_TAP_MS / 2) continue;
      held[axis] = Math.sign(ms);
      ends.push({ axis, at: Math.max(MIN_TAP_MS, Math.round(Math.abs(ms))) });
    }
    if (ends.length === 0) return;
    const start = this.t;
    this.emit({ t: start, type: 'input', ...held });
    ends.sort((a, b) => a.at - b.at);
    for (const [i, end] of ends.entries()) {
      // Keys let go within a few ms of each other come up together.
      if (i + 1 < ends.length && ends[i + 1]!.at - end.at < 15) {
        held[end.axis] = 0;
        continue;
      }
      this.advanceTo(start + end.at);
      held[end.axis] = 0;
      this.emit({ t: this.t, type: 'input', ...held });
    }
    this.wait(SETTLE_MS);
  }

  /**
   * The same movement with a stick or a touch control: pushed part of the way in the direction the holds give, for
   * as long as the longest hold at full speed would take at that push, the value wavering with the device's noise
   * (each change one event), then let go; or sooner, once the aim is seen `there` (a stick is steered by eye).
   */
  private push(holds: Partial<Record<Axis, number>>, device: Analog, there?: () => boolean): void {
    if (Math.abs(holds.roll ?? 0) >= MIN_TAP_MS / 2) this.keys({ roll: holds.roll! });
    const analog = { turnX: holds.turnX ?? 0, turnY: holds.turnY ?? 0, insert: holds.insert ?? 0 };
    const longest = Math.max(Math.abs(analog.turnX), Math.abs(analog.turnY), Math.abs(analog.insert));
    if (longest < MIN_TAP_MS / 2) return;
    const push = this.rng.range(...device.push);
    const end = this.t + Math.max(MIN_TAP_MS, longest / push);
    // The thumb wavers on the control it holds: the pivot stick's two axes together, the depth control alone.
    const pivot = analog.turnX !== 0 || analog.turnY !== 0;
    const value = (hold: number, held: boolean) => {
      if (!held) return 0;
      const v = (push * hold) / longest + device.noise * gaussian(this.rng);
      return Math.abs(v) < device.deadZone ? 0 : quantizeControl(v);
    };
    let held = '0,0,0';
    while (this.t < end && !(held !== '0,0,0' && there?.())) {
      const values = { turnX: value(analog.turnX, pivot), turnY: value(analog.turnY, pivot), insert: value(analog.insert, analog.insert !== 0), roll: 0 };
      const key = `${values.turnX},${values.turnY},${values.insert}`;
      if (key !== held) {
        held = key;
        this.emit({ t: this.t, type: 'input', ...values });
      }
      // The eye watches between the control's readings: it lets go as soon as it sees the aim there.
      const next = Math.min(end, this.t + Math.round(this.rng.range(...device.everyMs)));
      while (this.t < next && !(held !== '0,0,0' && there?.())) {
        this.advanceTo(Math.min(next, this.t + WATCH_MS));
      }
    }
    if (held !== '0,0,0') this.emit({ t: this.t, type: 'input', turnX: 0, turnY: 0, insert: 0, roll: 0 });
    this.wait(SETTLE_MS);
  }

  /** A hold's length as this hand makes it: the length meant, with its motor noise. */
  private noisy(ms: number): number {
    return ms * Math.max(0.2, 1 + this.skill.motorNoise * gaussian(this.rng));
  }

  /** The roll (rad) that brings the image's "up" away from the plate: the angled scope then looks most squarely at it. */
  private rollNeeded(pose: Pose): number {
    const want = orthogonalTo(vec3(0, 0, 1), pose.dir, pose.up);
    const right = cross(pose.dir, pose.up);
    return Math.atan2(dot(want, right), dot(want, pose.up));
  }

  /**
   * Steers until the aim is within the skill's tolerance of `target` at `distanceMm` from the plate, one planned
   * movement at a time with a look in between. Returns whether it got there within the skill's patience.
   */
  aimAt(target: Vec2, distanceMm: number, tolerance = this.skill.toleranceMm): boolean {
    const outer = this.steering;
    this.steering = true;
    try {
      return this.steer(target, distanceMm, tolerance);
    } finally {
      this.steering = outer;
    }
  }

  private steer(target: Vec2, distanceMm: number, tolerance: number): boolean {
    for (let move = 0; move < this.skill.patience; move += 1) {
      const s = this.state;
      const scope = s.scope ?? 'straight';
      const { trocar } = s;
      // Off the plate the hand still knows which way it lies: the aim is taken on the plate's plane, past its rim.
      const now = aimOf(s.pose, trocar, scope, Infinity);
      if (!now) return false;
      const want = Math.max(distanceMm, this.skill.safeHeightMm / Math.max(0.2, now.cos));
      if (now.d * now.cos < 0.8 * this.skill.safeHeightMm) {
        // Too close to the plate: back out first, before anything else.
        this.press({ insert: this.noisy((now.d - want) / RATE.insert) });
        this.react();
        continue;
      }
      const e = [target.x - now.x, target.y - now.y, want - now.d];
      const roll = scope === 'angled' ? this.rollNeeded(s.pose) : 0;
      const rollFine = Math.abs(roll) < 0.15;
      if (Math.hypot(e[0]!, e[1]!) <= tolerance && Math.abs(e[2]!) <= this.skill.distanceToleranceMm && rollFine) return true;
      // How the aim answers a small turn of each key and a small advance: the hand's feel for the instrument.
      const columns = [turned(s.pose, 0.01, 0, 0), turned(s.pose, 0, 0.01, 0), turned(s.pose, 0, 0, 1)].map((pose, i) => {
        // Judged on the plate's plane, past its rim too: a point near the rim is steered to like any other.
        const a = aimOf(pose, trocar, scope, Infinity);
        const step = i < 2 ? 0.01 : 1;
        return a ? [(a.x - now.x) / step, (a.y - now.y) / step, (a.d - now.d) / step] : [0, 0, 0];
      });
      const m = [0, 1, 2].map((row) => columns.map((c) => c[row]!));
      const u = solve3(m, e);
      if (!u) return false;
      // Beyond the trocar's cone the shaft stops while the advance goes on, into the plate: a point out there is
      // out of reach, and on the way to it the hand turns first and adjusts the depth after.
      const beyond = dot(turned(s.pose, u[0]!, u[1]!, 0).dir, trocar.axis) < SCOPE.maxTiltCos;
      if (beyond && dot(s.pose.dir, trocar.axis) < SCOPE.maxTiltCos + 0.002) return false;
      const holds: Partial<Record<Axis, number>> = {
        turnX: turnHold(u[0]! / RATE.turnX),
        turnY: turnHold(u[1]! / RATE.turnY),
        insert: beyond ? 0 : u[2]! / RATE.insert,
        roll: rollFine ? 0 : roll / RATE.roll,
      };
      const longest = Math.max(...AXES.map((a) => Math.abs(holds[a] ?? 0)));
      const cut = longest > this.skill.maxHoldMs ? this.skill.maxHoldMs / longest : 1;
      for (const a of AXES) holds[a] = this.noisy((holds[a] ?? 0) * cut);
      if (AXES.every((a) => Math.abs(holds[a] ?? 0) < MIN_TAP_MS / 2)) return Math.hypot(e[0]!, e[1]!) <= 2 * tolerance;
      // Turning about the trocar swings the tip, and near the plate it may swing into it: there the hand backs
      // out before turning and advances after, as one is taught to.
      // With a stick, the hand lets go once it sees the aim on the point (the turn's run-down then carries it a little on).
      // It lets go too when it sees the tip swing close to the plate, and backs out on the next move.
      // The eye judges the tip's swing by how fast the plate came nearer since its last look: it lets go where the
      // turn's run-down would still carry the tip below that height.
      let seen = { t: this.t, height: this.state.tipHeightMm };
      const onIt = () => {
        const height = this.state.tipHeightMm;
        const sinking = this.t > seen.t ? Math.max(0, (seen.height - height) / (this.t - seen.t)) : 0;
        seen = { t: this.t, height };
        if (height - sinking * COAST_MS <= SWING_STOP * this.skill.safeHeightMm) return true;
        const a = aimOf(this.state.pose, trocar, scope, Infinity);
        return a !== null && Math.hypot(target.x - a.x, target.y - a.y) <= tolerance;
      };
      // Advancing with a stick or slider, the hand lets go once it sees the plate as near as it means to come, less
      // the way the scope still coasts after it lets go (the advance runs down in about 100 ms).
      const nearEnough = () => {
        const coast = Math.abs(this.state.rates.insert) * SCOPE.insertPerMs * COAST_MS * Math.max(0, -this.state.pose.dir.z);
        return this.state.tipHeightMm - coast <= this.skill.safeHeightMm;
      };
      const afterTurn = turned(s.pose, u[0]!, u[1]!, 0);
      const tipAfterTurn = tipOf(afterTurn, trocar).z;
      // Advance the tip no lower than the safe height: the hand slows as the plate comes near, judging where to stop
      // with its motor noise, so an unsteady hand now and then runs on into the plate.
      const sinks = Math.max(1e-6, -afterTurn.dir.z);
      holds.insert = Math.min(holds.insert!, this.noisy(Math.max(0, (tipAfterTurn - this.skill.safeHeightMm) / sinks / RATE.insert)));
      if (s.tipHeightMm < 25 && (holds.insert! < 0 || tipAfterTurn < this.skill.safeHeightMm)) {
        const backOut = Math.min(holds.insert!, -Math.max(0, this.skill.safeHeightMm - tipAfterTurn) / RATE.insert);
        this.press({ insert: backOut });
        this.press({ turnX: holds.turnX!, turnY: holds.turnY!, roll: holds.roll! }, onIt);
        if (holds.insert! > 0) this.press({ insert: holds.insert! }, nearEnough);
      } else if (s.tipHeightMm < 25 && holds.insert! > 0) {
        this.press({ turnX: holds.turnX!, turnY: holds.turnY!, roll: holds.roll! }, onIt);
        this.press({ insert: holds.insert! }, nearEnough);
      } else this.press(holds, Math.abs(holds.insert ?? 0) < MIN_TAP_MS / 2 ? onIt : undefined);
      this.react();
    }
    return false;
  }
}
