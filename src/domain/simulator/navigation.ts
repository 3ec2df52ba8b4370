// The navigation drill: when a target counts as reached, and the shortest feasible route through the targets that
// the path and the time are judged against. A target is reached the way a surgeon stops on a point before firing:
// the aim on it, from a working distance, the scope held still for a moment. Passing over it does not count.
import type { Vec2 } from './geometry.ts';
import { initialPose, SCOPE, tipOf, type Trocar } from './scope.ts';
import type { SimState } from './state.ts';
import { dot, length, normalize, sub, vec3, type Vec3 } from './vec3.ts';

export const TARGET = {
  /** The aim must be within this distance of the target: the ring drawn on the plate. */
  radiusMm: 5,
  /** Working distance along the line of sight, tip to plate: where the laser works (see laser.ts's window). */
  nearMm: 5,
  farMm: 20,
  /** The aim must stay on the target this long, with the scope still, for it to count. */
  holdMs: 500,
  /**
   * Still: no control held and every applied rate below this share of its top speed. The scope eases to a stop in
   * about 0.3 s; at this rate the aim drifts less than 0.5 mm a second from 20 mm.
   */
  steadyRate: 0.05,
} as const;

/** Whether the aim, the distance and the scope's stillness hold the current target this instant. */
export function onTarget(s: SimState): boolean {
  const target = s.scenario.targets[s.nextTarget];
  if (!target || !s.aim || s.inContact) return false;
  const { distanceMm, point } = s.aim;
  if (distanceMm < TARGET.nearMm || distanceMm > TARGET.farMm) return false;
  if (Math.hypot(point.x - target.x, point.y - target.y) > TARGET.radiusMm) return false;
  const { input, rates } = s;
  if (input.turnX !== 0 || input.turnY !== 0 || input.insert !== 0 || input.roll !== 0) return false;
  const top = Math.max(Math.abs(rates.turnX), Math.abs(rates.turnY), Math.abs(rates.insert), Math.abs(rates.roll));
  return top <= TARGET.steadyRate;
}

/**
 * Brings the hold up to time `t` (ms), the state's condition unchanged since the last check: starts it when the
 * current target is held, drops it when not, and counts every target held for TARGET.holdMs, each at the exact
 * instant its hold completed, so a jump over an idle stretch gives the same result as ticking through it.
 */
export function holdTargets(s: SimState, t: number): void {
  for (;;) {
    if (!onTarget(s)) {
      s.holdSince = null;
      return;
    }
    s.holdSince ??= s.t;
    const reachedAt = s.holdSince + TARGET.holdMs;
    if (reachedAt > t) return;
    s.targetTimes.push(reachedAt);
    s.nextTarget += 1;
    s.holdSince = reachedAt;
  }
}

/** The targets the learner sees now: only the next one, so the route to each is planned when it appears. */
export function visibleTargets(s: SimState): { index: number; point: Vec2 }[] {
  const point = s.scenario.targets[s.nextTarget];
  return point && s.finishedAt === null ? [{ index: s.nextTarget, point }] : [];
}

/** Samples of the working distance per target for the route search: every 0.5 mm from near to far. */
const ROUTE_SAMPLES = 31;
/**
 * The reference speed of the tip, mm/s: the scope's top insertion speed, and about the tip's top sideways speed
 * when turning at mid-depth (0.4 rad/s × 75 mm). The reference time is the route at this speed plus every hold.
 */
export const ROUTE_SPEED_MM_PER_S = 30;

/** The shortest route and the time it takes at the reference speed; the metrics and the debrief read these. */
export interface Route {
  lengthMm: number;
  timeMs: number;
  /** The tip's stops, one per target reachable with the straight scope; the search's answer, for the players. */
  stops: Vec3[];
}

/** Where the tip sits to look at `target` from `d` mm with the straight scope, or null where the scope cannot go. */
function tipFor(trocar: Trocar, target: Vec2, d: number): Vec3 | null {
  const toEntry = sub(trocar.entry, vec3(target.x, target.y, 0));
  const reach = length(toEntry);
  const u = normalize(toEntry);
  const depth = reach - d;
  const tip = vec3(target.x + u.x * d, target.y + u.y * d, u.z * d);
  if (depth < SCOPE.minDepthMm || depth > SCOPE.maxDepthMm || tip.z <= SCOPE.contactMm) return null;
  return dot(u, trocar.axis) <= -SCOPE.maxTiltCos ? tip : null;
}

const gap = (a: Vec3, b: Vec3) => length(sub(a, b));

/**
 * The shortest path of the tip from where the fetoscopy opens through every target in order, each seen with the
 * straight scope from a working distance. With the straight scope the tip must lie on the line from the entry to
 * the target, so each target's stops form a segment; the tip's reachable space (the 45° cone inside the cavity)
 * is convex, so straight moves between stops are feasible and the route is a shortest path over the sampled
 * segments: a small dynamic programme. A target the straight scope cannot see from a working distance is left
 * out of the route (an angled scope may reach it; the reference stays a lower bound either way).
 */
export function shortestRoute(trocar: Trocar, targets: readonly Vec2[]): Route {
  let from: { tip: Vec3; cost: number; stops: Vec3[] }[] = [{ tip: tipOf(initialPose(trocar), trocar), cost: 0, stops: [] }];
  let held = 0;
  for (const target of targets) {
    const next: typeof from = [];
    for (let i = 0; i < ROUTE_SAMPLES; i += 1) {
      const tip = tipFor(trocar, target, TARGET.nearMm + ((TARGET.farMm - TARGET.nearMm) * i) / (ROUTE_SAMPLES - 1));
      if (!tip) continue;
      let best = from[0]!;
      let bestCost = Infinity;
      for (const f of from) {
        const c = f.cost + gap(f.tip, tip);
        if (c < bestCost) [best, bestCost] = [f, c];
      }
      next.push({ tip, cost: bestCost, stops: [...best.stops, tip] });
    }
    if (next.length === 0) continue;
    from = next;
    held += 1;
  }
  let end = from[0]!;
  for (const f of from) if (f.cost < end.cost) end = f;
  return { lengthMm: end.cost, timeMs: Math.round((end.cost / ROUTE_SPEED_MM_PER_S) * 1000 + held * TARGET.holdMs), stops: end.stops };
}
