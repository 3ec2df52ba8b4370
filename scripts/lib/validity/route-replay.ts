// A program that plays the navigation drill from the layout instead of the screen: it reads every target from the
// scenario and glides to each along the shortest route, heading exactly at it, slowing to land on it and never
// correcting. It paces itself like a hand (irregular looks a few times a second, touch values) so that only the
// plan gives it away: the server must flag it 'planned' (plausibility.ts, planned.ts) though its score passes.
import {
  CONTROL_STEP,
  liveSimulation,
  quantizeControl,
  SCOPE,
  shortestRoute,
  stepPose,
  viewOf,
  type Scenario,
  type ScopeKind,
  type SimEvent,
} from '../../../src/domain/simulator/index.ts';
import type { Pose, Trocar } from '../../../src/domain/simulator/scope.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';

/** The small turn (rad) the model's response is measured with; turnsFor answers in multiples of it. */
export const TURN_STEP = 0.001;

/** The tip kept this high over the plate, mm (contact is 3 mm). */
const CLEARANCE_MM = 6;

const aimOf = (pose: Pose, trocar: Trocar, scope: ScopeKind = 'straight') => viewOf(pose, trocar, scope, Infinity).aim;

/** The turns (right, up) that move the aim by (dx, dy) on the plate, from the model's own response: its Jacobian. */
export function turnsFor(pose: Pose, trocar: Trocar, dx: number, dy: number, scope: ScopeKind = 'straight'): { x: number; y: number } | null {
  const now = aimOf(pose, trocar, scope);
  const a = aimOf(stepPose(pose, trocar, TURN_STEP, 0, 0, 0), trocar, scope);
  const b = aimOf(stepPose(pose, trocar, 0, TURN_STEP, 0, 0), trocar, scope);
  if (!now || !a || !b) return null;
  const [ax, ay, bx, by] = [a.point.x - now.point.x, a.point.y - now.point.y, b.point.x - now.point.x, b.point.y - now.point.y];
  const det = ax * by - bx * ay;
  return Math.abs(det) < 1e-12 ? null : { x: (dx * by - bx * dy) / det, y: (ax * dy - dx * ay) / det };
}

export interface RouteReplayOptions {
  /** Wait after each target appears before setting off, ms: 0 goes the instant it is shown, as a replayed plan can. */
  startMs: readonly [number, number];
}

/** The same from the image's axes alone, where the model's response is flat (the shaft against the trocar's cone). */
export function cameraTurns(pose: Pose, trocar: Trocar, dx: number, dy: number, scope: ScopeKind = 'straight'): { x: number; y: number } {
  const view = viewOf(pose, trocar, scope, Infinity);
  const right = { x: view.look.y * view.up.z - view.look.z * view.up.y, y: view.look.z * view.up.x - view.look.x * view.up.z };
  return { x: dx * right.x + dy * right.y, y: dx * view.up.x + dy * view.up.y };
}

/** The log of a replay of the shortest route through the scenario's targets. */
export function routeReplay(scenario: Scenario, rng: Rng, { startMs }: RouteReplayOptions): SimEvent[] {
  const sim = liveSimulation(scenario);
  const s = sim.state;
  const { trocar, targets } = scenario;
  const route = shortestRoute(trocar, targets);
  let t = 0;
  const wait = (ms: number) => {
    t += Math.max(0, Math.round(ms));
    sim.advance(t);
  };
  sim.apply({ t, type: 'open', scope: 'straight' });
  for (const [i, target] of targets.entries()) {
    // The plan knows when the target will count, and sets off after its chosen wait.
    for (let until = t + 20_000; s.nextTarget < i && t < until;) wait(4);
    if (s.nextTarget < i) break;
    wait(rng.range(startMs[0], startMs[1]));
    // The route's stop over the target, its working distance kept inside the window (5-20 mm) so the hold counts,
    const stop = route.stops[i];
    // and far enough along a slanting line of sight for the tip to stay CLEARANCE_MM above the plate.
    const rise = trocar.entry.z / Math.hypot(target.x - trocar.entry.x, target.y - trocar.entry.y, trocar.entry.z);
    const planned = stop ? Math.hypot(stop.x - target.x, stop.y - target.y, stop.z) : 12;
    const workingMm = Math.min(19, Math.max(12, planned, CLEARANCE_MM / rise));
    let arrived = false;
    for (let look = 0; look < 1500 && s.nextTarget === i; look += 1) {
      const aim = aimOf(s.pose, trocar);
      if (!aim) break;
      const ex = target.x - aim.point.x;
      const ey = target.y - aim.point.y;
      const turns = turnsFor(s.pose, trocar, ex, ey) ?? cameraTurns(s.pose, trocar, ex, ey);
      const miss = Math.hypot(ex, ey);
      // Straight at it: both turns in the ratio that moves the aim along the line to it, slowing for the last look
      // (the turn left to make against what full speed turns in 0.4 s), never slower than the touch slider's first step.
      const most = Math.max(Math.abs(turns.x), Math.abs(turns.y), 1e-12);
      const speed = Math.max(CONTROL_STEP, Math.min(1, (most * TURN_STEP) / (SCOPE.turnPerMs * 400)));
      // Once on the target's ring it turns no more (the hold counts anywhere on it) unless it drifted off.
      if (miss < 3) arrived = true;
      const turning = arrived ? miss > 4.5 : miss >= 3;
      const controls = {
        turnX: turning ? quantizeControl((turns.x / most) * speed) : 0,
        turnY: turning ? quantizeControl((turns.y / most) * speed) : 0,
        // Depth once over the target; on the way, only away from the plate when the tip runs low.
        insert: miss < 8 ? quantizeControl((aim.distanceMm - workingMm) / 8) : s.tipHeightMm < CLEARANCE_MM ? -0.5 : 0,
        roll: 0,
      };
      const held = s.input;
      if (held.turnX !== controls.turnX || held.turnY !== controls.turnY || held.insert !== controls.insert || held.roll !== 0) {
        sim.apply({ t, type: 'input', ...controls });
      }
      wait(rng.range(30, 60));
    }
  }
  wait(rng.range(300, 900));
  sim.apply({ t, type: 'finish' });
  return s.log;
}
