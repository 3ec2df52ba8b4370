// The score out of 100, per task, from the metrics: every component, weight and reference in one place
// (the README's table is written from this file).
import type { SimMetrics } from './metrics.ts';
import type { Task } from './params.ts';

/** Every score component a task can have; each is worth 0 to 1 before weighting. */
export const COMPONENTS = [
  'targets',
  'identification',
  'classification',
  'sealing',
  'order',
  'solomon',
  'collateral',
  'technique',
  'contacts',
  'time',
  'path',
] as const;
export type ComponentId = (typeof COMPONENTS)[number];

/** The components that measure what was treated (or reached); the rest count only in proportion to them. */
export const PRIMARY: readonly ComponentId[] = ['targets', 'identification', 'classification', 'sealing', 'solomon'];

type Range = { good: number; limit: number };

/**
 * Why these numbers:
 * - sealing, solomon: residual anastomoses cause recurrent TTTS and TAPS; the Solomon trial (Slaghekke et al.,
 *   Lancet 2014) lowered TAPS from 16 % to 3 % with a continuous line along the whole equator.
 * - identification, classification: finding and typing every anastomosis is the hardest step; the Leuven/Leiden
 *   checklist (Peeters et al. 2015/2016) scores vessel identification, and missed anastomoses are its main outcome.
 * - order: Quintero's sequential selective technique coagulates AV (donor artery to recipient vein) first, then
 *   VA, then AA and VV.
 * - collateral: energy on normal vessels or tissue off the equator destroys functional placenta.
 * - technique: firing at a working distance and near-perpendicular is what the checklist and the laser physics
 *   ask for; contacts with the plate cause bleeding that ends the view.
 * - time, path: operating time and instrument path length separate experts from novices (Javaux et al. 2018).
 * The weights of each task add up to 100. `falloff` ranges: 1 up to `good`, 0 from `limit`, linear between.
 */
export const SCORING = {
  weights: {
    navigation: { targets: 55, contacts: 15, time: 15, path: 15 },
    selective: { identification: 20, classification: 10, sealing: 30, order: 15, collateral: 10, technique: 5, contacts: 5, time: 5 },
    solomon: { identification: 12, classification: 6, sealing: 22, order: 8, solomon: 22, collateral: 10, technique: 8, contacts: 5, time: 4, path: 3 },
  } satisfies Record<Task, Partial<Record<ComponentId, number>>>,
  /** Each false mark takes back half an anastomosis found. */
  falseMarkCost: 0.5,
  /** Each unsealed stretch of the equator beyond the first costs 5 % of the line on top of its length: a broken line leaks. */
  gapCost: 0.05,
  contacts: { good: 0, limit: 5 },
  collateralJ: { good: 10, limit: 300 },
  timeMs: {
    navigation: { good: 60_000, limit: 300_000 },
    selective: { good: 180_000, limit: 720_000 },
    solomon: { good: 300_000, limit: 900_000 },
  } satisfies Record<Task, Range>,
  pathMm: {
    navigation: { good: 400, limit: 2_000 },
    selective: { good: 1_000, limit: 5_000 },
    solomon: { good: 1_500, limit: 7_000 },
  } satisfies Record<Task, Range>,
} as const;

/** The result: an integer from 0 to 100, each component's value (0-1) and its weight in this task. */
export interface Score {
  score: number;
  components: Partial<Record<ComponentId, number>>;
  weights: Partial<Record<ComponentId, number>>;
}

/** 1 at or below `good`, 0 at or above `limit`, linear in between. */
export function falloff(value: number, range: Range): number {
  if (value <= range.good) return 1;
  if (value >= range.limit) return 0;
  return (range.limit - value) / (range.limit - range.good);
}

const unit = (v: number) => Math.max(0, Math.min(1, v));

function componentValue(id: ComponentId, m: SimMetrics): number {
  const total = m.anastomosesTotal;
  switch (id) {
    case 'targets':
      return m.targetsTotal > 0 ? m.targetsReached / m.targetsTotal : 1;
    case 'identification':
      return total > 0 ? unit((m.found - SCORING.falseMarkCost * m.falseMarks) / total) : 1;
    case 'classification':
      return total > 0 ? m.typesCorrect / total : 1;
    case 'sealing':
      return total > 0 ? m.anastomosesSealed / total : 1;
    case 'order':
      return m.anastomosesSealed > 0 ? m.orderScore : 0;
    case 'solomon':
      return unit(m.solomonCompleteness - SCORING.gapCost * Math.max(0, m.solomonGaps - 1));
    case 'collateral':
      return falloff(m.collateralEnergyJ, SCORING.collateralJ);
    case 'technique':
      return m.energyTotalJ > 0 ? m.techniqueShare : 0;
    case 'contacts':
      return falloff(m.contacts, SCORING.contacts);
    case 'time':
      return falloff(m.surgeryTimeMs, SCORING.timeMs[m.task]);
    case 'path':
      return falloff(m.pathLengthMm, SCORING.pathMm[m.task]);
  }
}

/**
 * The one scoring rule, used by the debrief and by the server after replay. The quality components count
 * in proportion to what was achieved, so finishing at once without treating scores 0, not 30.
 */
export function scoreAttempt(m: SimMetrics): Score {
  const weights: Partial<Record<ComponentId, number>> = SCORING.weights[m.task];
  const components: Partial<Record<ComponentId, number>> = {};
  let primary = 0;
  let primaryWeight = 0;
  let quality = 0;
  for (const [id, weight] of Object.entries(weights) as [ComponentId, number][]) {
    const value = componentValue(id, m);
    components[id] = value;
    if (PRIMARY.includes(id)) {
      primary += weight * value;
      primaryWeight += weight;
    } else quality += weight * value;
  }
  const achieved = primaryWeight > 0 ? primary / primaryWeight : 1;
  const score = Math.round(Math.max(0, Math.min(100, primary + achieved * quality)));
  return { score, components, weights };
}
