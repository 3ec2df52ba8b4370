// The millisecond clock: smooth bounded scope movement, sighting of anastomoses and burning, tick by tick.
// Every tick is the same function of the state alone, so advancing in frames or in one jump gives the same bits.
import { LASER, makeSpot } from './coagulation.ts';
import { distance, type Vec2 } from './geometry.ts';
import { MAX_SESSION_MS } from './events.ts';
import { SCOPE, type SimState } from './state.ts';

/** Whether an anastomosis is in sight from an aim point: deeper (less visible) ones need the scope closer. */
export function isInSight(aim: Vec2, position: Vec2, visibility: number): boolean {
  const v = Math.max(0, Math.min(1, visibility));
  const reach = SCOPE.fieldOfView * (SCOPE.hiddenSightFraction + (1 - SCOPE.hiddenSightFraction) * v);
  return distance(aim, position) <= reach;
}

/** Adds the anastomoses in sight from an aim (by default the scope's) to `state.seen` (mutates a working copy). */
export function noteSightings(state: SimState, aim: Vec2 = state.scope): void {
  if (state.seen.length === state.placenta.anastomoses.length) return;
  for (const a of state.placenta.anastomoses) {
    if (!state.seen.includes(a.id) && isInSight(aim, a.position, a.visibility)) state.seen.push(a.id);
  }
}

function burn(state: SimState, aim: Vec2): void {
  const last = state.spots[state.spots.length - 1];
  if (last && distance(last.position, aim) <= LASER.resumeFraction * last.radius) {
    state.spots[state.spots.length - 1] = makeSpot(last.position, last.durationMs + 1);
  } else {
    state.spots.push(makeSpot(aim, 1));
  }
}

/**
 * Runs the clock of a working copy up to `until` (clamped to MAX_SESSION_MS). Nothing moves before the
 * fetoscopy opens, and the clock stops for good at 'finish'. Idle stretches are skipped in one step.
 */
export function advanceInPlace(state: SimState, until: number): void {
  const end = Math.min(MAX_SESSION_MS, Math.floor(until));
  if (state.finishedAt !== null || end <= state.t) return;
  if (state.openedAt === null) {
    state.t = end;
    return;
  }
  const radius = state.placenta.radius;
  let { x: px, y: py } = state.scope;
  let { x: vx, y: vy } = state.velocity;
  const tx = state.input.x * SCOPE.maxSpeedPerMs;
  const ty = state.input.y * SCOPE.maxSpeedPerMs;
  const idleInput = tx === 0 && ty === 0;
  const burning = state.laserOn && state.firing;
  while (state.t < end) {
    if (idleInput && vx === 0 && vy === 0 && !burning) {
      if (state.laserOn) state.laserArmedMs += end - state.t;
      state.t = end;
      break;
    }
    vx += (tx - vx) * SCOPE.smoothingPerMs;
    vy += (ty - vy) * SCOPE.smoothingPerMs;
    if (idleInput && vx * vx + vy * vy < SCOPE.restSpeedPerMs * SCOPE.restSpeedPerMs) {
      vx = 0;
      vy = 0;
    }
    if (vx !== 0 || vy !== 0) {
      let nx = px + vx;
      let ny = py + vy;
      const len2 = nx * nx + ny * ny;
      if (len2 > radius * radius) {
        const len = Math.sqrt(len2);
        nx = (nx / len) * radius;
        ny = (ny / len) * radius;
        const outward = (vx * nx + vy * ny) / radius;
        if (outward > 0) {
          vx -= (outward * nx) / radius;
          vy -= (outward * ny) / radius;
        }
      }
      if (nx !== px || ny !== py) {
        state.pathLength += Math.sqrt((nx - px) * (nx - px) + (ny - py) * (ny - py));
        px = nx;
        py = ny;
        noteSightings(state, { x: px, y: py });
      }
    }
    if (state.laserOn) state.laserArmedMs += 1;
    if (burning) {
      burn(state, { x: px, y: py });
      state.laserFiringMs += 1;
    }
    state.t += 1;
  }
  state.scope = { x: px, y: py };
  state.velocity = { x: vx, y: vy };
}
