// The debrief's words: which dictionary key names each score component and gives its one piece of advice, and
// the map's labels. Shared by the simulator page and the learner's history, which both receive these sections.
import type { ComponentId, SimMetrics } from '../domain/simulator/index.ts';
import type { Key } from '../i18n/en.ts';
import type { Sections } from '../i18n/index.ts';
import type { DebriefLabels } from './debrief-labels.ts';

/** A component at or above this share reads "good"; below it the advice says what to improve. */
export const ADVICE_GOOD = 0.8;

/** Per component: its name, and the sentence for a good result and for one that needs work. */
export const COMPONENT_KEYS = {
  targets: { name: 'sim.component.targets', good: 'sim.advice.targets.good', improve: 'sim.advice.targets.improve' },
  identification: { name: 'sim.component.identification', good: 'sim.advice.identification.good', improve: 'sim.advice.identification.improve' },
  classification: { name: 'sim.component.classification', good: 'sim.advice.classification.good', improve: 'sim.advice.classification.improve' },
  sealing: { name: 'sim.component.sealing', good: 'sim.advice.sealing.good', improve: 'sim.advice.sealing.improve' },
  order: { name: 'sim.component.order', good: 'sim.advice.order.good', improve: 'sim.advice.order.improve' },
  solomon: { name: 'sim.component.solomon', good: 'sim.advice.solomon.good', improve: 'sim.advice.solomon.improve' },
  collateral: { name: 'sim.component.collateral', good: 'sim.advice.collateral.good', improve: 'sim.advice.collateral.improve' },
  technique: { name: 'sim.component.technique', good: 'sim.advice.technique.good', improve: 'sim.advice.technique.improve' },
  contacts: { name: 'sim.component.contacts', good: 'sim.advice.contacts.good', improve: 'sim.advice.contacts.improve' },
  time: { name: 'sim.component.time', good: 'sim.advice.time.good', improve: 'sim.advice.time.improve' },
  path: { name: 'sim.component.path', good: 'sim.advice.path.good', improve: 'sim.advice.path.improve' },
  entry: { name: 'sim.component.entry', good: 'sim.advice.entry.good', improve: 'sim.advice.entry.improve' },
  review: { name: 'sim.component.review', good: 'sim.advice.review.good', improve: 'sim.advice.review.improve' },
} as const satisfies Record<ComponentId, { name: Key; good: Key; improve: Key }>;

/** The map's labels by their dictionary keys. */
export const MAP_LABEL_KEYS = {
  title: 'sim.debrief.map',
  equator: 'sim.debrief.equator',
  membrane: 'sim.debrief.membrane',
  sealed: 'sim.debrief.sealed',
  sealedByLine: 'sim.debrief.sealedByLine',
  residual: 'sim.debrief.residual',
  gap: 'sim.debrief.gap',
  burn: 'sim.debrief.burn',
  path: 'sim.debrief.path',
  falseMark: 'sim.debrief.falseMark',
  targetReached: 'sim.debrief.targetReached',
  targetMissed: 'sim.debrief.targetMissed',
  entry: 'sim.debrief.entry',
  bestSite: 'sim.debrief.bestSite',
  donorCord: 'sim.debrief.donorCord',
  recipientCord: 'sim.debrief.recipientCord',
  donor: 'sim.debrief.donor',
  recipient: 'sim.debrief.recipient',
  donorVessels: 'sim.debrief.donorVessels',
  recipientVessels: 'sim.debrief.recipientVessels',
  typedRight: 'sim.debrief.typedRight',
  typedWrong: 'sim.debrief.typedWrong',
  youTyped: 'sim.debrief.youTyped',
  typedRightAs: 'sim.debrief.typedRightAs',
  notTyped: 'sim.debrief.notTyped',
  falseTyped: 'sim.debrief.falseTyped',
  hintAV: 'sim.debrief.hint.AV',
  hintVA: 'sim.debrief.hint.VA',
  hintAA: 'sim.debrief.hint.AA',
  hintVV: 'sim.debrief.hint.VV',
} as const satisfies Record<Exclude<keyof DebriefLabels, 'dir'>, Key>;

/** A debrief's words: the map, the components table and the benchmark line. */
export type DebriefStrings = Sections<'sim.debrief' | 'sim.component' | 'sim.advice'>;

/** The map's labels in one language. */
export function debriefLabels(strings: DebriefStrings, dir: 'ltr' | 'rtl'): DebriefLabels {
  const labels = Object.fromEntries(Object.entries(MAP_LABEL_KEYS).map(([field, key]) => [field, strings[key]]));
  return { ...(labels as Omit<DebriefLabels, 'dir'>), dir };
}

/**
 * The sentence for a good result states a fact ("you never touched the placenta", "every anastomosis was
 * sealed"), so it is chosen from the counts the panel showed during play, not from the component's share: one
 * contact still scores 0.8 of the contacts component, and the sentence must not deny it.
 */
function isGood(id: ComponentId, value: number, m: Partial<SimMetrics>): boolean {
  switch (id) {
    case 'contacts':
      return m.contacts !== undefined ? m.contacts === 0 : value >= 1;
    case 'sealing':
      return m.anastomosesResidual !== undefined ? m.anastomosesResidual === 0 : value >= 1;
    case 'targets':
      return m.targetsTotal !== undefined && m.targetsReached !== undefined ? m.targetsReached >= m.targetsTotal : value >= 1;
    case 'identification':
      // "You found every anastomosis, without false marks."
      return m.missed !== undefined && m.falseMarks !== undefined ? m.missed === 0 && m.falseMarks === 0 : value >= 1;
    case 'classification':
      // "Every anastomosis you marked had the right type."
      return m.found !== undefined && m.typesCorrect !== undefined ? m.found > 0 && m.typesCorrect === m.found : value >= 1;
    case 'order':
      // "You coagulated in the sequential order."
      return m.orderScore !== undefined && m.orderScore !== null ? m.orderScore >= 1 : value >= 1;
    case 'solomon':
      // "Your Solomon line runs from edge to edge without gaps": a gap, however short, denies it.
      return m.solomonGaps !== undefined ? m.solomonGaps === 0 : value >= 1;
    case 'entry':
      // "Let the scope meet all the work": only when the site reached every point of it.
      return value >= 1;
    case 'review':
      // "You surveyed the whole equator": only when every section of it was.
      return value >= 1;
    default:
      return value >= ADVICE_GOOD;
  }
}

/** A sentence of advice: its key and the values it states. */
export interface Advice {
  key: (typeof COMPONENT_KEYS)[ComponentId]['good' | 'improve'] | 'sim.advice.solomon.gaps';
  vars: Record<string, string>;
}

/** The one sentence to show beside a component's value; a line with gaps says how many the map shows in red. */
export function adviceOf(id: ComponentId, value: number, metrics: Partial<SimMetrics> = {}): Advice {
  if (isGood(id, value, metrics)) return { key: COMPONENT_KEYS[id].good, vars: {} };
  if (id === 'solomon' && (metrics.solomonGaps ?? 0) > 0) return { key: 'sim.advice.solomon.gaps', vars: { gaps: String(metrics.solomonGaps) } };
  return { key: COMPONENT_KEYS[id].improve, vars: {} };
}

/**
 * The components in the order the table lists them: heaviest first, as they weigh most on the score. `metrics`
 * are the same figures the attempt's counters came from (the local run's, or the server's replay of it).
 */
export function componentRows(components: Partial<Record<ComponentId, number>>, weights: Partial<Record<ComponentId, number>>, metrics: Partial<SimMetrics>) {
  return (Object.keys(weights) as ComponentId[])
    .filter((id) => id in COMPONENT_KEYS && typeof components[id] === 'number')
    .map((id) => {
      const advice = adviceOf(id, components[id]!, metrics);
      return { id, value: components[id]!, weight: weights[id] ?? 0, name: COMPONENT_KEYS[id].name, advice: advice.key, adviceVars: advice.vars };
    })
    .sort((a, b) => b.weight - a.weight);
}
