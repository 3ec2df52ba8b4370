// Builds a launch's placenta from its seed and the case's parameters: the same pair always gives the same placenta.
import { generateEquator, generateMembrane } from './equator.ts';
import { distance, pointAlong, polylineLength, type Vec2 } from './geometry.ts';
import type { CaseParams } from './params.ts';
import {
  ANASTOMOSIS_KINDS,
  PLACENTA_RADIUS_MM,
  type Anastomosis,
  type AnastomosisKind,
  type Placenta,
  type PlacentalPosition,
  type Twin,
  type Vessel,
} from './placenta.ts';
import { createRng, type Rng } from './rng.ts';
import { GATE_TOLERANCE, toleratedOf } from './tolerance.ts';
import { decoy, drawBackLookalikes, feeders, growTree } from './vessels.ts';

/** How often each kind appears: arterio-venous ones dominate in twin-twin transfusion, AA and VV are rarer. */
export const ANASTOMOSIS_KIND_WEIGHTS: Readonly<Record<AnastomosisKind, number>> = { AV: 0.4, VA: 0.3, AA: 0.15, VV: 0.15 };

/** Widest anastomosis drawn, in mm: the connecting vessels of large AV anastomoses are about 2-3 mm. */
const LARGEST_MM = 2.8;
/** Decoys in the easiest case; each level of difficulty adds one. */
const DECOYS_BASE = 1;

function pickKind(rng: Rng): AnastomosisKind {
  let r = rng.next();
  for (const [kind, weight] of Object.entries(ANASTOMOSIS_KIND_WEIGHTS) as [AnastomosisKind, number][]) {
    if (r < weight) return kind;
    r -= weight;
  }
  return 'AV';
}

/** The kind a placenta has too few of is taken from its partner: arterio-venous ones in either direction, direct ones alike. */
const PARTNER: Readonly<Record<AnastomosisKind, AnastomosisKind>> = { AV: 'VA', VA: 'AV', AA: 'VV', VV: 'AA' };
/** The direct kind an arterio-venous one becomes: the artery's end joins an artery, or the vein's a vein. */
const DIRECT: Readonly<Record<AnastomosisKind, AnastomosisKind>> = { AV: 'AA', VA: 'VV', AA: 'AA', VV: 'VV' };

/**
 * The drawn kinds, with no one kind on more anastomoses than the typing gate lets a learner get wrong without
 * failing (score.ts, misclassified): the last ones of a kind that covers too many are given its partner kind,
 * so that typing every anastomosis alike is always more errors than the gate forgives; and from three on, more
 * direct anastomoses than it forgives, so that guessing between AV and VA alone always fails. A modelling choice: real
 * placentas may have all their anastomoses of one kind, but a case whose answer is "all AV" teaches no typing.
 */
function mixedKinds(kinds: AnastomosisKind[]): AnastomosisKind[] {
  if (kinds.length < 2) return kinds;
  const tolerated = toleratedOf({ tolerance: GATE_TOLERANCE.misclassified }, kinds.length);
  // From three on, more direct ones (AA or VV) than the gate forgives: telling AV from VA is not all there is to typing.
  const direct = (k: AnastomosisKind) => k === 'AA' || k === 'VV';
  for (let i = kinds.length - 1; i > 0 && kinds.length >= 3 && kinds.filter(direct).length <= tolerated; i -= 1) kinds[i] = DIRECT[kinds[i]!];
  const cap = kinds.length - 1 - tolerated;
  for (const kind of ANASTOMOSIS_KINDS) {
    let over = kinds.filter((k) => k === kind).length - cap;
    for (let i = kinds.length - 1; i > 0 && over > 0; i -= 1) {
      if (kinds[i] !== kind) continue;
      kinds[i] = PARTNER[kind];
      over -= 1;
    }
  }
  return kinds;
}

function placeCord(rng: Rng, twin: Twin, side: (p: Vec2) => number, radius: number): Vec2 {
  const sign = twin === 'donor' ? 1 : -1;
  const reach = radius * 0.7;
  for (let i = 0; i < 1000; i += 1) {
    const p = { x: rng.range(-reach, reach), y: rng.range(-reach, reach) };
    if (p.x * p.x + p.y * p.y <= reach * reach && sign * side(p) >= radius * 0.25) return p;
  }
  return { x: 0, y: 0 };
}

function placeAnastomoses(rng: Rng, equator: Vec2[], params: CaseParams, position: PlacentalPosition): Anastomosis[] {
  const count = params.anastomoses;
  const length = polylineLength(equator);
  const slot = (length * 0.8) / count;
  const f = (params.difficulty - 1) / 4;
  const faint = position === 'anterior' ? 0.85 : 1;
  // The first one is always arterio-venous: the kind the sequential technique starts with.
  const kinds = mixedKinds(Array.from({ length: count }, (_, i): AnastomosisKind => (i === 0 ? 'AV' : pickKind(rng))));
  return kinds.map((kind, i) => ({
    id: `a${i + 1}`,
    kind,
    position: pointAlong(equator, length * 0.1 + slot * (i + 0.5 + rng.range(-0.3, 0.3))),
    diameterMm: i === count - 1 ? params.smallestMm : rng.range(params.smallestMm, Math.max(params.smallestMm, LARGEST_MM)),
    visibility: faint * rng.range(0.85 - 0.55 * f, 1 - 0.35 * f),
  }));
}

/** The public entry point: one placenta per (seed, parameters), identical in the browser and on the server. */
export function generatePlacenta(seed: number, params: CaseParams): Placenta {
  const radius = PLACENTA_RADIUS_MM;
  const rng = createRng(seed);
  const f = (params.difficulty - 1) / 4;
  const position: PlacentalPosition = params.placenta === 'either' ? (rng.next() < 0.5 ? 'anterior' : 'posterior') : params.placenta;
  const layout = generateEquator(rng, radius, radius * (0.04 + 0.1 * f), radius * (0.05 + 0.25 * f));
  const cords = { donor: placeCord(rng, 'donor', layout.side, radius), recipient: placeCord(rng, 'recipient', layout.side, radius) };
  // The anastomoses first, so that the decoys' junctions can keep apart from them (a mark must name one or the other).
  const anastomoses = placeAnastomoses(rng, layout.points, params, position);
  const trees = [...growTree(rng, 'donor', cords.donor, layout, radius), ...growTree(rng, 'recipient', cords.recipient, layout, radius)];
  const links = anastomoses.flatMap((a) => feeders(rng, a, trees, cords, layout));
  const decoys: Vessel[] = [];
  const decoysAt: Vec2[] = [];
  const length = polylineLength(layout.points);
  // Every case has decoys, more the harder it is: without them any pair ending at the equator would be an anastomosis.
  for (let i = 0, tries = 0; i < DECOYS_BASE + params.difficulty && tries < 400; tries += 1) {
    const at = pointAlong(layout.points, rng.range(0.08, 0.92) * length);
    if (anastomoses.some((a) => distance(a.position, at) < 7) || decoysAt.some((p) => distance(p, at) < 12)) continue;
    const twin: Twin = rng.next() < 0.5 ? 'donor' : 'recipient';
    const pair = decoy(rng, twin, at, trees, cords[twin], layout, i % 2 === 0);
    if (!pair) continue;
    decoys.push(...pair);
    decoysAt.push(at);
    i += 1;
  }
  return {
    seed: seed >>> 0,
    position,
    radiusMm: radius,
    cords: [
      { twin: 'donor', position: cords.donor },
      { twin: 'recipient', position: cords.recipient },
    ],
    vessels: drawBackLookalikes([...trees, ...decoys, ...links]),
    equator: layout.points,
    membrane: generateMembrane(rng, layout, radius, 6 + 4 * params.difficulty),
    anastomoses,
  };
}
