// One launch's whole setting: the case's parameters, the placenta drawn for the launch's variant, the entry
// sites the learner chooses from (and the trocar drawn for logs that chose none), the navigation targets, what
// drifts in the way over the plate and the classified tissue grid.
import { entrySites } from './entry.ts';
import { generatePlacenta } from './generate.ts';
import { generateIntruders, type Intruder } from './intruders.ts';
import { distance, type Vec2 } from './geometry.ts';
import type { CaseParams } from './params.ts';
import type { Placenta } from './placenta.ts';
import { createRng, type Rng } from './rng.ts';
import type { Trocar } from './scope.ts';
import { buildTissueMap, type TissueMap } from './tissue.ts';
import { normalize, sub, vec3 } from './vec3.ts';

/** Everything a simulation runs on; built the same way by the page and by the server's replay. */
export interface Scenario {
  params: CaseParams;
  seed: number;
  placenta: Placenta;
  /** The trocar of an attempt whose 'open' names no site: drawn at random, as before sites could be chosen. */
  trocar: Trocar;
  /** The entry sites the intro's sketch offers, by index (see entry.ts); the 'open' event names one. */
  sites: Trocar[];
  /** Navigation task: points on the plate to reach, in order. */
  targets: Vec2[];
  /** What drifts over the plate, in the way of the beam and the view (intruders.ts). */
  intruders: Intruder[];
  tissue: TissueMap;
}

/**
 * Where the cannula enters. Posterior placenta: through the anterior wall, 55-75 mm above the plate, so a
 * straight scope meets the plate nearly square. Anterior placenta: the plate is on the entry wall, so the
 * trocar goes in beside its edge, only 25-40 mm above its plane, and a straight scope meets it obliquely.
 */
function placeTrocar(rng: Rng, placenta: Placenta): Trocar {
  const u = rng.unitVector();
  const r = placenta.radiusMm;
  const entry =
    placenta.position === 'posterior'
      ? vec3(u.x * rng.range(0, 0.3) * r, u.y * rng.range(0, 0.3) * r, rng.range(55, 75))
      : vec3(u.x * (r + rng.range(8, 20)), u.y * (r + rng.range(8, 20)), rng.range(25, 40));
  return { entry, axis: normalize(sub(vec3(0, 0, 0), entry)) };
}

function placeTargets(rng: Rng, count: number, radius: number): Vec2[] {
  const targets: Vec2[] = [];
  for (let tries = 0; targets.length < count && tries < 2000; tries += 1) {
    const p = { x: rng.range(-0.7, 0.7) * radius, y: rng.range(-0.7, 0.7) * radius };
    if (p.x * p.x + p.y * p.y > (0.7 * radius) ** 2) continue;
    if (targets.every((q) => distance(p, q) >= 25)) targets.push(p);
  }
  return targets;
}

/** The scenario of one launch: `seed` comes from seedFor(course, level, case, variant). */
export function buildScenario(params: CaseParams, seed: number): Scenario {
  const placenta = generatePlacenta(seed, params);
  // A second stream, so adding a draw here never changes the placenta.
  const rng = createRng((seed ^ 0x9e3779b9) >>> 0);
  const trocar = placeTrocar(rng, placenta);
  const targets = params.task === 'navigation' ? placeTargets(rng, params.targets, placenta.radiusMm) : [];
  return {
    params,
    seed: seed >>> 0,
    placenta,
    trocar,
    sites: entrySites(placenta.position),
    targets,
    intruders: generateIntruders(seed, placenta, params),
    tissue: buildTissueMap(placenta),
  };
}
