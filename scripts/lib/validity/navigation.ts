// Navigation players: scripted stand-ins for learners of three skill levels steering to the targets, and two
// sweeps that ignore the targets and comb the plate instead. They press keys (-1, 0, 1) at a hand's pace, judge
// from the view how far to turn and advance (the scope's feel: a bot reads it off the model's pose), and act only
// through the event log; the score comes from replaying it.
import {
  liveSimulation,
  SCOPE,
  shortestRoute,
  TARGET,
  type Controls,
  type LiveSimulation,
  type Scenario,
  type SimEvent,
  type Trocar,
  type Vec2,
  type Vec3,
} from '../../../src/domain/simulator/index.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';
import type { Group, Player } from './types.ts';

const RELEASED: Controls = { turnX: 0, turnY: 0, insert: 0, roll: 0 };
type Axis = 'turnX' | 'turnY' | 'insert';
const AXES: readonly Axis[] = ['turnX', 'turnY', 'insert'];
/** What insertion still travels after its key is let go at full rate, in ms of full rate: the easing's tail. */
const COAST_MS = 96;
/** Below this tip height a careful hand lifts by LIFT_MM before travelling, mm. */
const LOW_MM = 8;
const LIFT_MM = 8;
/** Turning ramps to full speed in this long (simulation.ts): a press of p ms from rest turns p²/RAMP ms' worth. */
const RAMP_MS = 250;

const dot = (a: Vec3, b: Vec3) => a.x * b.x + a.y * b.y + a.z * b.z;
const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

/** A hand on the keys: holds controls, lets time pass, and logs only changes, as the page's keyboard does. */
class Hand {
  readonly sim: LiveSimulation;
  t = 0;
  private held = RELEASED;

  constructor(scenario: Scenario) {
    this.sim = liveSimulation(scenario);
    this.sim.apply({ t: 0, type: 'open', scope: 'straight' });
  }

  get state() {
    return this.sim.state;
  }

  wait(ms: number): void {
    this.t += Math.max(0, Math.round(ms));
    this.sim.advance(this.t);
  }

  hold(c: Controls): void {
    const h = this.held;
    if (h.turnX === c.turnX && h.turnY === c.turnY && h.insert === c.insert && h.roll === c.roll) return;
    this.held = { ...c };
    this.sim.apply({ t: this.t, type: 'input', ...c });
  }

  /**
   * One move: each axis pressed towards its sign for its own duration (ms, at most `stepMs`) and released in turn;
   * a press as long as the step stays down into the next one, unless `settleMs` follows: then every key comes
   * up and the hand watches the view settle that long.
   */
  move(press: Record<Axis, number>, stepMs: number, settleMs = 0): void {
    const start = this.t;
    const keys = { ...RELEASED };
    for (const axis of AXES) if (press[axis] !== 0) keys[axis] = Math.sign(press[axis]);
    this.hold({ ...keys });
    const at = (axis: Axis) => Math.round(Math.abs(press[axis]) / 10) * 10;
    const releases = [...new Set(AXES.map(at).filter((ms) => ms > 0 && ms < stepMs))].sort((a, b) => a - b);
    for (const ms of releases) {
      this.wait(start + ms - this.t);
      for (const axis of AXES) if (at(axis) <= ms) keys[axis] = 0;
      this.hold({ ...keys });
    }
    this.wait(start + stepMs - this.t);
    if (settleMs > 0) {
      this.hold(RELEASED);
      this.wait(settleMs);
    }
  }

  finish(): SimEvent[] {
    this.hold(RELEASED);
    this.sim.apply({ t: this.t, type: 'finish' });
    return this.sim.state.log;
  }
}

/** The shaft's direction and depth that look at `point` from `distanceMm` with the straight scope. */
function poseFor(trocar: Trocar, point: Vec2, distanceMm: number): { dir: Vec3; depthMm: number } {
  const to = { x: point.x - trocar.entry.x, y: point.y - trocar.entry.y, z: -trocar.entry.z };
  const reach = Math.hypot(to.x, to.y, to.z);
  return { dir: { x: to.x / reach, y: to.y / reach, z: to.z / reach }, depthMm: reach - distanceMm };
}

/** The shaft's direction and depth that put the tip at `tip`. */
function poseAt(trocar: Trocar, tip: Vec3): { dir: Vec3; depthMm: number } {
  const to = { x: tip.x - trocar.entry.x, y: tip.y - trocar.entry.y, z: tip.z - trocar.entry.z };
  const depthMm = Math.hypot(to.x, to.y, to.z);
  return { dir: { x: to.x / depthMm, y: to.y / depthMm, z: to.z / depthMm }, depthMm };
}

/** How long each key must be held at full rate (ms, signed) to bring the scope to `want`; the coast is counted. */
function needed(hand: Hand, want: { dir: Vec3; depthMm: number }, anticipates: boolean): Record<Axis, number> {
  const { pose, rates } = hand.state;
  const right = cross(pose.dir, pose.up);
  const need = {
    turnX: dot(want.dir, right) / SCOPE.turnPerMs,
    turnY: dot(want.dir, pose.up) / SCOPE.turnPerMs,
    insert: (want.depthMm - pose.depthMm) / SCOPE.insertPerMs,
  };
  if (anticipates) {
    need.insert -= rates.insert * COAST_MS;
    for (const axis of ['turnX', 'turnY'] as const) need[axis] -= (Math.sign(rates[axis]) * rates[axis] * rates[axis] * RAMP_MS) / 2;
  }
  return need;
}

/** How long to press a key from rest to move `ms` of full rate: turning ramps up, so short moves take longer presses. */
function pressFor(axis: Axis, ms: number): number {
  const size = Math.abs(ms);
  return axis === 'insert' || size >= RAMP_MS ? ms : Math.sign(ms) * Math.sqrt(size * RAMP_MS);
}

const tipOfPose = (trocar: Trocar, p: { dir: Vec3; depthMm: number }): Vec3 => ({
  x: trocar.entry.x + p.dir.x * p.depthMm,
  y: trocar.entry.y + p.dir.y * p.depthMm,
  z: trocar.entry.z + p.dir.z * p.depthMm,
});
const tipNow = (hand: Hand): Vec3 => tipOfPose(hand.state.scenario.trocar, hand.state.pose);

/** The point `leadMm` beyond the tip's projection on the segment from `a` to `b`, kept on the segment. */
function ahead(a: Vec3, b: Vec3, tip: Vec3, leadMm: number): Vec3 {
  const ab = { x: b.x - a.x, y: b.y - a.y, z: b.z - a.z };
  const len = Math.hypot(ab.x, ab.y, ab.z);
  if (len < 1e-9) return b;
  const along = Math.min(len, Math.max(0, dot({ x: tip.x - a.x, y: tip.y - a.y, z: tip.z - a.z }, ab) / len) + leadMm) / len;
  return { x: a.x + ab.x * along, y: a.y + ab.y * along, z: a.z + ab.z * along };
}

/** The working distance a target is looked at from, so that the slanting shaft keeps the tip `clearanceMm` up. */
function workingDistance(trocar: Trocar, point: Vec2, wantMm: number, clearanceMm: number): number {
  const reach = Math.hypot(point.x - trocar.entry.x, point.y - trocar.entry.y, trocar.entry.z);
  const rise = trocar.entry.z / reach;
  return Math.min(TARGET.farMm - 1, Math.max(TARGET.nearMm + 1, wantMm, clearanceMm / rise));
}

/** How a level of skill steers; every figure is drawn per move or per target from these ranges. */
interface Skill {
  /** Time between looks at the screen (and key changes), ms. */
  stepMs: [number, number];
  /** Lets go of a key early by the scope's coast; otherwise overshoots by it. */
  anticipates: boolean;
  /** Each judgement of how far to go is off by up to this share. */
  misjudge: number;
  /** The shortest press the hand makes, ms: finer corrections are left undone. */
  tapMs: number;
  /**
   * After a tap or a wrong turn the hand lets go and watches the view settle this long before the next look, ms:
   * the scope's glide to rest (about 0.25 s) and a person's reaction to where it stopped.
   */
  watchMs: [number, number];
  /** The aim error accepted before stopping on a target, mm. */
  toleranceMm: number;
  /** Uses the working distances of the shortest route; otherwise aims for a distance from `distanceMm`. */
  plans: boolean;
  distanceMm: [number, number];
  /** The height above the plate the tip is kept at, mm (contact is 3 mm). */
  clearanceMm: number;
  /** Moves one axis at a time: backs off to `overviewMm` from the plate, turns, then advances. */
  oneAxis: boolean;
  overviewMm: number;
  /** Looks at the screen this long before moving to each new target, ms. */
  orientMs: [number, number];
  /** Moves the tip along the straight line to its stop (a point this far ahead on it, mm), not by the shortest turn. */
  leadMm: number | null;
  /**
   * Share of moves turned the wrong way (left for right in an image rolled by the scope, the commonest beginner's
   * error), kept up until noticed after `noticeMs`; and share of looks followed by a pause to think, `pauseMs`.
   */
  confusion: number;
  noticeMs: [number, number];
  hesitation: number;
  pauseMs: [number, number];
}

const SKILLS: Record<Group, Skill> = {
  expert: {
    stepMs: [220, 320],
    anticipates: true,
    misjudge: 0.1,
    tapMs: 40,
    watchMs: [400, 550],
    toleranceMm: 2.5,
    plans: true,
    distanceMm: [10, 15],
    clearanceMm: 6,
    oneAxis: false,
    overviewMm: 0,
    orientMs: [300, 600],
    leadMm: 12,
    confusion: 0,
    noticeMs: [0, 0],
    hesitation: 0,
    pauseMs: [0, 0],
  },
  intermediate: {
    stepMs: [160, 240],
    anticipates: false,
    misjudge: 0.3,
    tapMs: 60,
    watchMs: [400, 650],
    toleranceMm: 3,
    plans: false,
    distanceMm: [9, 17],
    clearanceMm: 5,
    oneAxis: false,
    overviewMm: 0,
    orientMs: [600, 1500],
    leadMm: null,
    confusion: 0.08,
    noticeMs: [250, 500],
    hesitation: 0.1,
    pauseMs: [300, 800],
  },
  novice: {
    stepMs: [250, 400],
    anticipates: false,
    misjudge: 0.5,
    tapMs: 80,
    watchMs: [500, 900],
    toleranceMm: 3.5,
    plans: false,
    distanceMm: [7, 16],
    clearanceMm: 4,
    oneAxis: true,
    overviewMm: 30,
    orientMs: [1500, 4000],
    leadMm: null,
    confusion: 0.25,
    noticeMs: [400, 900],
    hesitation: 0.25,
    pauseMs: [500, 2000],
  },
};

/** Whether the aim is on `point` within `toleranceMm`, from inside the working distance. */
function onPoint(hand: Hand, point: Vec2, toleranceMm: number): boolean {
  const { aim, inContact } = hand.state;
  if (!aim || inContact) return false;
  const near = aim.distanceMm >= TARGET.nearMm + 0.5 && aim.distanceMm <= TARGET.farMm - 0.5;
  return near && Math.hypot(point.x - aim.point.x, point.y - aim.point.y) <= toleranceMm;
}

/**
 * Steers to target `index` at `distanceMm` and keeps still until the target counter moves on; false when
 * `timeoutMs` runs out first. Far off, keys stay down; close in, taps as long as the remaining turn needs.
 */
function reach(hand: Hand, rng: Rng, skill: Skill, index: number, target: Vec2, distanceMm: number, timeoutMs: number): boolean {
  const { trocar } = hand.state.scenario;
  const goal = poseFor(trocar, target, distanceMm);
  // Low over a slanting plate, a careful hand travels a few millimetres higher: up its line of sight first, across
  // to above the stop, then down the new line of sight, so a wobble on the way never touches the plate.
  const low = (tip: Vec3) => tip.z < LOW_MM;
  const start = tipNow(hand);
  const from = skill.leadMm !== null && low(start) ? tipOfPose(trocar, { dir: hand.state.pose.dir, depthMm: hand.state.pose.depthMm - LIFT_MM }) : start;
  const approach = skill.leadMm !== null && low(tipOfPose(trocar, goal)) ? poseFor(trocar, target, distanceMm + LIFT_MM) : goal;
  const to = tipOfPose(trocar, approach);
  let leg: 'lift' | 'travel' | 'descend' = from === start ? 'travel' : 'lift';
  let phase: 'overview' | 'turn' | 'advance' = skill.oneAxis && (hand.state.aim?.distanceMm ?? 0) < skill.overviewMm ? 'overview' : 'turn';
  for (const until = hand.t + timeoutMs; hand.t < until;) {
    if (hand.state.nextTarget > index) return true;
    const step = rng.range(skill.stepMs[0], skill.stepMs[1]);
    if (onPoint(hand, target, skill.toleranceMm)) {
      hand.move({ turnX: 0, turnY: 0, insert: 0 }, step);
      continue;
    }
    const tip = tipNow(hand);
    const gap = (a: Vec3) => Math.hypot(a.x - tip.x, a.y - tip.y, a.z - tip.z);
    if (leg === 'lift' && gap(from) < 1.5) leg = 'travel';
    if (leg === 'travel' && gap(to) < 1.5) leg = 'descend';
    const want = skill.leadMm === null || leg === 'descend' ? goal : leg === 'lift' ? poseAt(trocar, from) : poseAt(trocar, ahead(from, to, tip, skill.leadMm));
    const need = needed(hand, want, skill.anticipates);
    if (skill.oneAxis) {
      const aim = hand.state.aim;
      const miss = aim ? Math.hypot(target.x - aim.point.x, target.y - aim.point.y) : Infinity;
      if (phase === 'overview' && (aim?.distanceMm ?? Infinity) >= skill.overviewMm) phase = 'turn';
      if (phase === 'turn' && miss <= skill.toleranceMm) phase = 'advance';
      if (phase === 'advance' && miss > skill.toleranceMm + 1) phase = 'turn';
      if (phase === 'overview') [need.turnX, need.turnY, need.insert] = [0, 0, -(skill.overviewMm + 2 - (aim?.distanceMm ?? 0)) / SCOPE.insertPerMs];
      else if (phase === 'advance') [need.turnX, need.turnY] = [0, 0];
      else {
        need.insert = 0;
        if (Math.abs(need.turnX) >= Math.abs(need.turnY)) need.turnY = 0;
        else need.turnX = 0;
      }
    }
    const press = { turnX: 0, turnY: 0, insert: 0 };
    for (const axis of AXES) {
      const ms = pressFor(axis, need[axis] * (1 + skill.misjudge * rng.range(-1, 1)));
      if (Math.abs(ms) >= skill.tapMs) press[axis] = Math.sign(ms) * Math.min(step, Math.abs(ms));
    }
    // Nearly there but not on it: the shortest tap on the key that is most off.
    if (AXES.every((a) => press[a] === 0)) {
      const most = AXES.reduce((a, b) => (Math.abs(need[a]) >= Math.abs(need[b]) ? a : b));
      press[most] = Math.sign(need[most]) * skill.tapMs;
    }
    if (rng.next() < skill.hesitation) hand.move({ turnX: 0, turnY: 0, insert: 0 }, rng.range(skill.pauseMs[0], skill.pauseMs[1]));
    if (rng.next() < skill.confusion && (press.turnX !== 0 || press.turnY !== 0)) {
      // The wrong way, until the view is seen to drift off.
      const notice = rng.range(skill.noticeMs[0], skill.noticeMs[1]);
      hand.move({ turnX: -Math.sign(press.turnX) * notice, turnY: -Math.sign(press.turnY) * notice, insert: 0 }, notice, rng.range(...skill.watchMs));
      continue;
    }
    const tapping = AXES.some((a) => press[a] !== 0 && Math.abs(press[a]) < step);
    // After a tap the hand waits to see where the view settles before the next look.
    hand.move(press, step, tapping ? rng.range(...skill.watchMs) : 0);
  }
  return hand.state.nextTarget > index;
}

/**
 * Careful people the plausibility checks must never accuse: an expert's aim at a slow, hesitant pace (long looks,
 * short taps, pauses), and a corrective one who misjudges often and puts it right. Not among the skill groups: the
 * bench and the navigation validity test read only how often they are flagged.
 */
const CAREFUL: Record<'nav-careful-slow' | 'nav-careful-corrective', Skill> = {
  'nav-careful-slow': {
    ...SKILLS.expert,
    stepMs: [300, 500],
    anticipates: false,
    plans: false,
    watchMs: [600, 1100],
    orientMs: [1500, 4000],
    leadMm: null,
    hesitation: 0.3,
    pauseMs: [500, 2500],
    noticeMs: [300, 700],
  },
  'nav-careful-corrective': {
    ...SKILLS.expert,
    anticipates: false,
    plans: false,
    misjudge: 0.5,
    tapMs: 60,
    leadMm: null,
    confusion: 0.1,
    noticeMs: [250, 600],
    hesitation: 0.15,
    pauseMs: [300, 1200],
  },
};

/** A learner of the given skill: looks at each target as it appears, steers to it, holds still, and finishes. */
function skilled(group: Group, named?: keyof typeof CAREFUL): Player {
  const skill = named ? CAREFUL[named] : SKILLS[group];
  return {
    name: named ?? `nav-${group}`,
    group: named ? 'careful' : group,
    tasks: ['navigation'],
    play(scenario, rng) {
      const hand = new Hand(scenario);
      const { trocar, targets } = scenario;
      const route = skill.plans ? shortestRoute(trocar, targets) : null;
      for (const [i, target] of targets.entries()) {
        hand.wait(rng.range(skill.orientMs[0], skill.orientMs[1]));
        const stop = route?.stops[i];
        const planned = stop ? Math.hypot(stop.x - target.x, stop.y - target.y, stop.z) : rng.range(skill.distanceMm[0], skill.distanceMm[1]);
        if (!reach(hand, rng, skill, i, target, workingDistance(trocar, target, planned, skill.clearanceMm), 90_000)) break;
      }
      hand.wait(rng.range(300, 900));
      return hand.finish();
    },
  };
}

/** A sweep's looks at the screen (and key changes), ms: a person combing the plate, at a hand's pace. */
const SWEEP_LOOK_MS: [number, number] = [700, 1000];

/**
 * Combs the plate row by row at a working distance, ignoring the targets: with `pauseMs` 0 it glides along the
 * rows without stopping; otherwise it stops every `spacingMm` for that long, which reaches a target it stops on.
 */
function sweep(name: string, pauseMs: number, spacingMm: number): Player {
  return {
    name,
    group: 'degenerate',
    tasks: ['navigation'],
    play(scenario, rng) {
      const hand = new Hand(scenario);
      const { trocar, targets, placenta } = scenario;
      const skill = SKILLS.expert;
      const edge = placenta.radiusMm * 0.7 + TARGET.radiusMm;
      const points: Vec2[] = [];
      for (let y = -edge, row = 0; y <= edge; y += spacingMm, row += 1) {
        const half = Math.sqrt(Math.max(0, edge * edge - y * y));
        const xs: number[] = [];
        for (let x = -half; x < half; x += pauseMs > 0 ? spacingMm : 2 * half) xs.push(x);
        xs.push(half);
        points.push(...(row % 2 ? xs.reverse() : xs).map((x) => ({ x, y })));
      }
      // One pass: a stop every few millimetres already takes several minutes, ten times a drill's reference time.
      for (const point of points) {
        const want = poseFor(trocar, point, workingDistance(trocar, point, 12, skill.clearanceMm));
        // Glides on: the keys stay down until the aim is within a few steps of the point.
        for (const until = hand.t + 4000; hand.t < until;) {
          const step = rng.range(...SWEEP_LOOK_MS);
          const need = needed(hand, want, true);
          if (AXES.every((a) => Math.abs(need[a]) < (pauseMs > 0 ? skill.tapMs : 2 * step))) break;
          const press = { turnX: 0, turnY: 0, insert: 0 };
          for (const axis of AXES) {
            const ms = pressFor(axis, need[axis]);
            if (Math.abs(ms) >= skill.tapMs) press[axis] = Math.sign(ms) * Math.min(step, Math.abs(ms));
          }
          hand.move(press, step);
        }
        if (pauseMs > 0) hand.move({ turnX: 0, turnY: 0, insert: 0 }, pauseMs);
        if (hand.state.nextTarget >= targets.length) break;
      }
      return hand.finish();
    },
  };
}

/** Opens the fetoscopy and finishes a moment later. */
const finishAtOnce: Player = {
  name: 'nav-finish-at-once',
  group: 'degenerate',
  tasks: ['navigation'],
  play(scenario, rng) {
    const hand = new Hand(scenario);
    hand.wait(rng.range(2000, 6000));
    return hand.finish();
  },
};

/** The careful players, for the flags' false accusations (bench:validity, validity-navigation.test.ts). */
export const carefulPlayers: readonly Player[] = [skilled('expert', 'nav-careful-slow'), skilled('expert', 'nav-careful-corrective')];

export const navigationPlayers: readonly Player[] = [
  skilled('expert'),
  skilled('intermediate'),
  skilled('novice'),
  sweep('nav-sweep', 0, 8),
  sweep('nav-sweep-stop-and-go', 700, 7),
  finishAtOnce,
];
