// The line of sight and the beam, and what drifts across them (intruders.ts): what the laser strikes before the
// plate, and whether the plate where the scope aims can be seen, marked and surveyed.
import type { Vec2 } from './geometry.ts';
import { inTheWay, type Intruder } from './intruders.ts';
import { viewOf } from './scope.ts';
import type { SimState } from './state.ts';
import type { Vec3 } from './vec3.ts';

/** A point of the plate as a point in space. */
const onPlate = (p: Vec2): Vec3 => ({ x: p.x, y: p.y, z: 0 });

/** How far a beam fired off the plate is followed for what drifts in its way, mm. */
const OFF_PLATE_REACH_MM = 120;

/**
 * What drifts between the tip and where it aims (or, aimed off the plate, along the beam) at `t`, the pose held, or
 * null; with `marginMm`, what comes that close to the beam.
 */
export function obstruction(s: SimState, t = s.t, marginMm = 0): Intruder | null {
  const { intruders } = s.scenario;
  if (intruders.length === 0) return null;
  const view = viewOf(s.pose, s.trocar, s.scope ?? 'straight', s.scenario.placenta.radiusMm);
  const to = view.aim
    ? onPlate(view.aim.point)
    : { x: view.tip.x + view.look.x * OFF_PLATE_REACH_MM, y: view.tip.y + view.look.y * OFF_PLATE_REACH_MM, z: view.tip.z + view.look.z * OFF_PLATE_REACH_MM };
  return inTheWay(intruders, t, view.tip, to, marginMm);
}

/** Whether the plate where the scope aims is in sight: aimed at it, nothing drifting in between. */
export const inSight = (s: SimState): boolean => s.aim !== null && obstruction(s) === null;
