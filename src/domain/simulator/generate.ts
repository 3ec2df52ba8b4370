// Builds a case's placenta from its seed and level: the same seed always gives the same placenta.
import { difficultyFor, type Difficulty } from './difficulty.ts';
import { generateEquator, type EquatorLayout } from './equator.ts';
import { distanceToPolyline, pointAlong, polylineLength, type Vec2 } from './geometry.ts';
import type { Anastomosis, AnastomosisKind, Placenta, PlacentalPosition, Twin } from './placenta.ts';
import { createRng, type Rng } from './rng.ts';
import { feeders, growTree } from './vessels.ts';

/** How often each kind appears: arterio-venous ones dominate in twin-twin transfusion, AA and VV are rarer. */
export const ANASTOMOSIS_KIND_WEIGHTS: Readonly<Record<AnastomosisKind, number>> = { AV: 0.4, VA: 0.3, AA: 0.15, VV: 0.15 };

const CORD_MAX_RADIUS = 0.75;
const CORD_EQUATOR_CLEARANCE = 0.25;

function pickKind(rng: Rng): AnastomosisKind {
  let r = rng.next();
  for (const [kind, weight] of Object.entries(ANASTOMOSIS_KIND_WEIGHTS) as [AnastomosisKind, number][]) {
    if (r < weight) return kind;
    r -= weight;
  }
  return 'AV';
}

function placeCord(rng: Rng, twin: Twin, layout: EquatorLayout): Vec2 {
  const sign = twin === 'donor' ? 1 : -1;
  for (let i = 0; i < 1000; i += 1) {
    const p = { x: rng.range(-CORD_MAX_RADIUS, CORD_MAX_RADIUS), y: rng.range(-CORD_MAX_RADIUS, CORD_MAX_RADIUS) };
    const inside = p.x * p.x + p.y * p.y <= CORD_MAX_RADIUS * CORD_MAX_RADIUS;
    if (inside && sign * layout.side(p) > 0 && distanceToPolyline(p, layout.points) >= CORD_EQUATOR_CLEARANCE) return p;
  }
  return { x: layout.normal.x * sign * 0.6, y: layout.normal.y * sign * 0.6 };
}

function placeAnastomoses(rng: Rng, equator: Vec2[], difficulty: Difficulty, position: PlacentalPosition): Anastomosis[] {
  const count = rng.int(difficulty.anastomosisCount[0], difficulty.anastomosisCount[1]);
  const length = polylineLength(equator);
  const start = length * 0.1;
  const slot = (length * 0.8) / count;
  const hide = position === 'anterior' ? difficulty.anteriorVisibility : 1;
  return Array.from({ length: count }, (_, i) => ({
    id: `a${i + 1}`,
    kind: pickKind(rng),
    position: pointAlong(equator, start + slot * (i + 0.5 + rng.range(-0.3, 0.3))),
    radius: rng.range(difficulty.anastomosisRadius[0], difficulty.anastomosisRadius[1]),
    visibility: hide * rng.range(difficulty.visibility[0], difficulty.visibility[1]),
  }));
}

/** The public entry point: one placenta per (seed, level), identical in the browser and on the server. */
export function generatePlacenta(seed: number, level: number): Placenta {
  const difficulty = difficultyFor(level);
  const rng = createRng(seed);
  const position: PlacentalPosition = rng.next() < difficulty.anteriorChance ? 'anterior' : 'posterior';
  const layout = generateEquator(rng, difficulty);
  const cords = { donor: placeCord(rng, 'donor', layout), recipient: placeCord(rng, 'recipient', layout) };
  const anastomoses = placeAnastomoses(rng, layout.points, difficulty, position);
  const vessels = [
    ...growTree(rng, 'donor', cords.donor, layout),
    ...growTree(rng, 'recipient', cords.recipient, layout),
    ...anastomoses.flatMap((a) => feeders(rng, a, cords)),
  ];
  return {
    seed: seed >>> 0,
    level: difficulty.tier,
    position,
    radius: 1,
    cords: [
      { twin: 'donor', position: cords.donor },
      { twin: 'recipient', position: cords.recipient },
    ],
    vessels,
    equator: layout.points,
    anastomoses,
  };
}
