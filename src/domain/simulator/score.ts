// The score out of 100, per task, from the metrics: every component, weight and reference in one place
// (docs/simulator.md's table is written from this file).
import type { SimMetrics } from './metrics.ts';
import type { Task } from './params.ts';
import { GATE_TOLERANCE, toleratedOf } from './tolerance.ts';
import { workShare } from './work.ts';

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
  'entry',
  'review',
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
 *   In the laser tasks both are judged for the whole case: divided by the share of the work done (workDone), so
 *   that a novice who seals half and draws half the line in 160 s is judged at 320 s. Solomon: full marks to
 *   200 s and 1 m of path (scripted experts take about 150 s and 0.86 m), none from 600 s and 3 m.
 * - review: the checklist's last step inside the fetoscopy is to survey the whole vascular equator for residual
 *   anastomoses before withdrawing (Peeters et al. 2016): the share of the equator's ten sections the aim surveyed
 *   after "Done: review" (review.ts), times the share of the work done when the review began (work.ts: a survey
 *   before the work reviews nothing). What the review finds and seals counts in sealing; this counts the look, so a
 *   learner who finishes without it leaves 5 points (and the residual anastomoses the look would have shown).
 * - entry: choosing the trocar site on ultrasound so the scope meets the whole equator squarely is the first
 *   step of the operation in expert consensus (Quintero; Deprest et al.); a small weight, as its consequences
 *   already show in the other components.
 * - navigation: a target counts only once held (navigation.ts: aim within 5 mm, 5-20 mm away, scope still for
 *   0.5 s), so everyone who finishes reaches them all and `targets` (30) no longer tells skill apart; path and time
 *   (25 each) do, judged against the shortest feasible route for the layout and its time at 30 mm/s plus the
 *   holds, not against fixed millimetres and minutes that a far-apart layout makes harder. Path: full marks to
 *   1.3× the route (an expert's keys and corrections), none from 4×. Time: full marks to 2.5× (the reference
 *   has no time to look or aim finely), none from 8×. A sweep of the plate, gliding or stopping every few
 *   millimetres, covers 20-40× the route in 5-100× the time, so it gets targets, contacts and entry at most:
 *   50 < 70. Scripted players over 50 variants of each seeded case (tests/unit/simulator/validity-navigation.test.ts):
 *   experts about 1.2× path and 2.3× time, intermediates 1.9× and 3.5×, novices 4× and 12×.
 * The weights of each task add up to 100. `falloff` ranges: 1 up to `good`, 0 from `limit`, linear between.
 */
export const SCORING = {
  weights: {
    navigation: { targets: 30, contacts: 15, time: 25, path: 25, entry: 5 },
    selective: {
      identification: 20,
      classification: 10,
      sealing: 30,
      order: 8,
      review: 5,
      collateral: 8,
      technique: 5,
      contacts: 5,
      time: 4,
      entry: 5,
    },
    solomon: {
      identification: 12,
      classification: 6,
      sealing: 22,
      order: 4,
      solomon: 22,
      review: 5,
      collateral: 8,
      technique: 6,
      contacts: 5,
      time: 2,
      path: 3,
      entry: 5,
    },
  } satisfies Record<Task, Partial<Record<ComponentId, number>>>,
  /** Each false mark takes back half an anastomosis found. */
  falseMarkCost: 0.5,
  /** Each unsealed stretch of the equator beyond the first costs 5 % of the line on top of its length: a broken line leaks. */
  gapCost: 0.05,
  contacts: { good: 0, limit: 5 },
  collateralJ: { good: 10, limit: 300 },
  /** Navigation: path and time as multiples of the shortest feasible route through the targets (metrics.ts). */
  route: {
    path: { good: 1.3, limit: 4 },
    time: { good: 2.5, limit: 8 },
  },
  timeMs: {
    selective: { good: 180_000, limit: 720_000 },
    solomon: { good: 200_000, limit: 600_000 },
  } satisfies Record<Exclude<Task, 'navigation'>, Range>,
  pathMm: {
    selective: { good: 1_000, limit: 5_000 },
    solomon: { good: 1_000, limit: 3_000 },
  } satisfies Record<Exclude<Task, 'navigation'>, Range>,
  /**
   * What no amount of completeness makes up for: each gate's measure sets a ceiling on the whole score, 100 up to
   * `free`, falling linearly to `floor` at `limit` and staying there beyond. The pass mark is 70 unless a case sets
   * its own, and every floor is below it:
   * - contacts: each touch of the plate bleeds and clouds the view; from 3 the score stays below 70 (3 → 64).
   * - collateral: joules on healthy tissue (see SimMetrics.collateralEnergyJ); from 150 J, about twice what
   *   sealing a large anastomosis takes, the score stays below 70.
   * - offWindow: share of the energy fired from outside the working window (5-20 mm, within 40° of
   *   perpendicular): from half of it the score stays below 70.
   * - unidentified: share of the anastomoses not identified (1 - identification): coagulating what one has not
   *   identified is not the operation; with none identified a case cannot be passed (ceiling 60).
   * - misclassified: typing is the decision the selective technique rests on (the sequence is AV, VA, then AA/VV,
   *   and an AV read as VA is sealed out of turn); calling a crossing that is no anastomosis one is the same error
   *   of judgement. Counted: anastomoses typed wrong plus marks on no anastomosis, beyond `tolerance` of the
   *   anastomoses (one in five, rounded down: none up to 4, one from 5, two from 10; generate.ts draws the kinds so
   *   that no one kind covers more than the rest allow). The first error beyond it sets 65, below the pass mark,
   *   the second 52, the third and more 40: typing everything alike, at random or marking every vessel end at the
   *   equator cannot pass.
   * - sequence (Solomon): the technique is selective coagulation of every anastomosis first, then the line that
   *   joins them (Slaghekke et al. 2014). Counted: anastomoses sealed once a line had begun (line.ts), beyond
   *   `tolerance` of them (one in four, rounded down: the line exists to close the few a surgeon missed). A line
   *   drawn first seals them all out of sequence and cannot pass.
   * - fetus: the beam went into the cord, a limb or the fold of membrane drifting between the tip and the plate
   *   (intruders.ts): a burnt cord or fetus, or a hole in the membrane (septostomy), is the harm the operation
   *   must never do, so the first strike sets 60, below the pass mark, and three or more 40. A careful surgeon
   *   sees the thing come into the view and lifts the pedal (the scripted ones do, a reaction ahead).
   * - complication: a case given a complication (complications.ts) asks one thing of the learner, and one failure
   *   to do it sets 60, below the pass mark: firing through the blood of an entry bleed before it was exchanged
   *   or had cleared, firing through the loose amnion of a separation, firing at the donor swimming by. The last
   *   two are strikes as well (the fetus gate); the complication's gate names what the case was there to teach.
   * - residual: anastomoses left open at the end, by spot or line, beyond one in four (rounded down): a residual
   *   anastomosis is what brings twin-twin transfusion back, or TAPS (Slaghekke et al. 2014), whatever else was
   *   done well.
   */
  gates: {
    contacts: { free: 0, limit: 5, floor: 40 },
    collateral: { free: 30, limit: 250, floor: 40 },
    offWindow: { free: 0.2, limit: 0.7, floor: 40 },
    unidentified: { free: 0, limit: 1, floor: 60 },
    misclassified: { free: 0, limit: 3, floor: 40, start: 65, tolerance: GATE_TOLERANCE.misclassified },
    sequence: { free: 0, limit: 3, floor: 40, start: 65, tolerance: GATE_TOLERANCE.sequence },
    residual: { free: 0, limit: 3, floor: 40, start: 65, tolerance: GATE_TOLERANCE.residual },
    fetus: { free: 0, limit: 3, floor: 40, start: 60 },
    complication: { free: 0, limit: 2, floor: 60, start: 60 },
  } satisfies Record<string, GateRange>,
} as const;

/** A gate (see ceilingOf); one that counts errors forgives `tolerance` of the anastomoses first (toleratedOf). */
type GateRange = { free: number; limit: number; floor: number; start?: number; tolerance?: number };
export type GateId = keyof typeof SCORING.gates;
/** Every gate, for the contract. */
export const GATES = Object.keys(SCORING.gates) as [GateId, ...GateId[]];

/** A gate that held the score below what its components earned, and the ceiling it set. */
export interface Gate {
  id: GateId;
  ceiling: number;
}

/**
 * The result: an integer from 0 to 100, each component's value (0-1) and its weight in this attempt (order's
 * weight goes to the rest when it did not count), and the gates that capped it, lowest ceiling first.
 */
export interface Score {
  score: number;
  components: Partial<Record<ComponentId, number>>;
  weights: Partial<Record<ComponentId, number>>;
  gates: Gate[];
}

/** 1 at or below `good`, 0 at or above `limit`, linear in between. */
export function falloff(value: number, range: Range): number {
  if (value <= range.good) return 1;
  if (value >= range.limit) return 0;
  return (range.limit - value) / (range.limit - range.good);
}

/**
 * A gate's ceiling for its measure, whole points rounded down: 100 up to `free`, then falling linearly to `floor`
 * at `limit`; a gate that counts errors (`start`) sets `start` at the first error beyond `free` and falls from there.
 */
export function ceilingOf(value: number, gate: GateRange): number {
  if (value <= gate.free) return 100;
  const [top, from] = gate.start === undefined ? [100, gate.free] : [gate.start, gate.free + 1];
  const share = Math.max(0, Math.min(1, (value - from) / (gate.limit - from)));
  return Math.floor(top - (top - gate.floor) * share + 1e-9);
}

/** Errors of judgement in identification: anastomoses typed wrong, and marks on what is no anastomosis. */
const typeErrors = (m: Pick<SimMetrics, 'found' | 'typesCorrect' | 'falseMarks'>) => m.found - m.typesCorrect + m.falseMarks;

const unit = (v: number) => Math.max(0, Math.min(1, v));

/** Anastomoses identified: marks on them, less half a point per false mark. */
const identified = (m: SimMetrics) => Math.max(0, m.found - SCORING.falseMarkCost * m.falseMarks);

/** Whether anything was treated (or, in navigation, reached): until then time and path have nothing to measure. */
const treated = (m: SimMetrics) => m.anastomosesSealed > 0 || m.targetsReached > 0 || (m.task === 'solomon' && m.solomonCompleteness > 0);

/**
 * The share of a laser case's work done: anastomoses sealed and, in a Solomon case, the line drawn. Time and path
 * are judged as if the rest had been done at the same pace, so that doing half the work is not being twice as fast.
 */
function workDone(m: SimMetrics): number {
  return Math.max(0.01, workShare(m.task, m.anastomosesSealed, m.anastomosesTotal, m.solomonCompleteness));
}

function componentValue(id: ComponentId, m: SimMetrics): number {
  const total = m.anastomosesTotal;
  switch (id) {
    case 'targets':
      return m.targetsTotal > 0 ? m.targetsReached / m.targetsTotal : 1;
    case 'identification':
      return total > 0 ? unit(identified(m) / total) : 1;
    case 'classification':
      // Types count only for anastomoses identified: false marks take back their share, as they do identification's.
      if (total === 0) return 1;
      return m.found > 0 ? unit((m.typesCorrect / total) * (identified(m) / m.found)) : 0;
    case 'sealing':
      return total > 0 ? m.anastomosesSealed / total : 1;
    case 'order':
      return m.orderScore ?? 0;
    case 'solomon':
      return unit(m.solomonCompleteness - SCORING.gapCost * Math.max(0, m.solomonGaps - 1));
    case 'collateral':
      return falloff(m.collateralEnergyJ, SCORING.collateralJ);
    case 'technique':
      return m.energyTotalJ > 0 ? m.techniqueShare : 0;
    case 'contacts':
      return falloff(m.contacts, SCORING.contacts);
    case 'time':
      if (!treated(m)) return 0;
      return m.task === 'navigation'
        ? falloff(m.surgeryTimeMs / Math.max(1, m.routeMs), SCORING.route.time)
        : falloff(m.surgeryTimeMs / workDone(m), SCORING.timeMs[m.task]);
    case 'path':
      if (!treated(m)) return 0;
      return m.task === 'navigation'
        ? falloff(m.pathLengthMm / Math.max(1, m.routeMm), SCORING.route.path)
        : falloff(m.pathLengthMm / workDone(m), SCORING.pathMm[m.task]);
    case 'entry':
      return m.entryReach;
    case 'review':
      return m.reviewSurveyed * m.reviewWork;
  }
}

/**
 * The task's weights for this attempt. Order counts only where at least two ranks were sealed, so that there was
 * an order to get wrong; otherwise its weight goes to the rest in proportion, in whole points that add up to 100.
 */
function weightsOf(m: SimMetrics): Partial<Record<ComponentId, number>> {
  const base: Partial<Record<ComponentId, number>> = SCORING.weights[m.task];
  if (base.order === undefined || m.orderScore !== null) return base;
  const rest = (Object.entries(base) as [ComponentId, number][]).filter(([id]) => id !== 'order');
  const sum = rest.reduce((total, [, w]) => total + w, 0);
  const exact = rest.map(([id, w]) => ({ id, exact: (w * 100) / sum }));
  const weights = Object.fromEntries(exact.map(({ id, exact: e }) => [id, Math.floor(e)])) as Partial<Record<ComponentId, number>>;
  let left = 100 - Object.values(weights).reduce((total, w) => total + w, 0);
  // Largest remainders first; ties go to the heavier component, as listed.
  for (const { id } of [...exact].sort((a, b) => (b.exact % 1) - (a.exact % 1) || b.exact - a.exact)) {
    if (left <= 0) break;
    weights[id] = weights[id]! + 1;
    left -= 1;
  }
  return weights;
}

/** The ceilings this attempt's safety and identification set, each gate's measure read from the metrics. */
function ceilings(m: SimMetrics, weights: Partial<Record<ComponentId, number>>): Gate[] {
  const g = SCORING.gates;
  const gates: Gate[] = [
    { id: 'contacts', ceiling: ceilingOf(m.contacts, g.contacts) },
    { id: 'collateral', ceiling: ceilingOf(m.collateralEnergyJ, g.collateral) },
  ];
  if (m.energyTotalJ > 0) gates.push({ id: 'offWindow', ceiling: ceilingOf(1 - m.techniqueShare, g.offWindow) });
  gates.push({ id: 'fetus', ceiling: ceilingOf(m.strikes, g.fetus) });
  if (m.complication) gates.push({ id: 'complication', ceiling: ceilingOf(m.complicationManaged === false ? 1 : 0, g.complication) });
  const total = m.anastomosesTotal;
  if (weights.identification !== undefined && total > 0) {
    gates.push({ id: 'unidentified', ceiling: ceilingOf(1 - unit(identified(m) / total), g.unidentified) });
    gates.push({ id: 'misclassified', ceiling: ceilingOf(typeErrors(m) - toleratedOf(g.misclassified, total), g.misclassified) });
  }
  if (weights.sealing !== undefined && total > 0) {
    gates.push({ id: 'residual', ceiling: ceilingOf(m.anastomosesResidual - toleratedOf(g.residual, total), g.residual) });
  }
  if (m.task === 'solomon' && total > 0) {
    gates.push({ id: 'sequence', ceiling: ceilingOf(m.lineSealedIds.length - toleratedOf(g.sequence, total), g.sequence) });
  }
  return gates;
}

/**
 * The one scoring rule, used by the debrief and by the server after replay. The quality components count
 * in proportion to what was achieved, so finishing at once without treating scores 0, not 30; then the gates
 * cap the result, so that an unsafe or unidentified treatment cannot pass however complete.
 */
export function scoreAttempt(m: SimMetrics): Score {
  const weights = weightsOf(m);
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
  const earned = Math.round(Math.max(0, Math.min(100, primary + achieved * quality)));
  const gates = ceilings(m, weights)
    .filter((gate) => gate.ceiling < earned)
    .sort((a, b) => a.ceiling - b.ceiling);
  return { score: gates.length > 0 ? gates[0]!.ceiling : earned, components, weights, gates };
}
