// The outcome card under the debrief: what the operation leaves the twins with (review.ts computes it from the
// model's state), worded as teaching: each risk with its level and why, and what the final review surveyed.
import { prognosisOf, RISKS, type Prognosis, type RiskId, type RiskLevel, type SimState } from '../domain/simulator/index.ts';
import type { SimKey, Translate } from './strings.ts';

export interface PrognosisLine {
  id: RiskId;
  level: RiskLevel;
  /** "TTTS recurrence: high risk" */
  head: string;
  text: string;
}

const NAME_KEYS: Record<RiskId, PrognosisKey> = { recurrence: 'sim.prognosis.recurrence', taps: 'sim.prognosis.taps', rupture: 'sim.prognosis.rupture' };
const LEVEL_KEYS: Record<RiskLevel, PrognosisKey> = {
  low: 'sim.prognosis.level.low',
  moderate: 'sim.prognosis.level.moderate',
  high: 'sim.prognosis.level.high',
};
const TEXT_KEYS: Record<RiskId, Partial<Record<RiskLevel, PrognosisKey>>> = {
  recurrence: { low: 'sim.prognosis.recurrence.low', moderate: 'sim.prognosis.recurrence.moderate', high: 'sim.prognosis.recurrence.high' },
  taps: { low: 'sim.prognosis.taps.low', high: 'sim.prognosis.taps.high' },
  rupture: { low: 'sim.prognosis.rupture.low', moderate: 'sim.prognosis.rupture.moderate', high: 'sim.prognosis.rupture.high' },
};

/** The card's words: the simulator's dictionary, or an island's picked sections holding them. */
type PrognosisKey = Extract<SimKey, `sim.prognosis.${string}`>;

/**
 * The card's sentences for a prognosis, in the page's language; `facts` are the counts the rupture line names. The
 * simulator's debrief and a stored attempt's (the history's debrief dialog) both read it.
 */
export function prognosisText(
  p: Prognosis,
  facts: { contacts: number; offPlateJ: number; minutes: number },
  t: (key: PrognosisKey, vars?: Record<string, string | number>) => string,
  lang: string,
): { review: string; lines: PrognosisLine[] } {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 0 });
  const unit = (value: number, unit: 'minute' | 'joule') =>
    unit === 'joule'
      ? `${number.format(value)} J`
      : new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  const share = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(p.surveyed);
  const review = p.reviewed ? t('sim.prognosis.reviewed', { share, found: number.format(p.foundAtReview) }) : t('sim.prognosis.notReviewed');
  const vars: Record<RiskId, Record<string, string>> = {
    recurrence: { n: number.format(p.risks.recurrence === 'high' ? p.openLarge : p.openSuperficial) },
    taps: { n: number.format(p.openSmall) },
    rupture: { contacts: number.format(facts.contacts), joules: unit(facts.offPlateJ, 'joule'), minutes: unit(facts.minutes, 'minute') },
  };
  const lines = RISKS.map((id) => {
    const level = p.risks[id];
    return {
      id,
      level,
      head: `${t(NAME_KEYS[id])}: ${t(LEVEL_KEYS[level])}`,
      text: t(TEXT_KEYS[id][level]!, vars[id]),
    };
  });
  return { review, lines };
}

/** Fills the debrief's outcome card from the finished state; hidden for a navigation case. */
export function showPrognosis(state: SimState, t: Translate, lang: string): void {
  const card = document.getElementById('sim-prognosis')!;
  const p = prognosisOf(state);
  card.hidden = p === null;
  if (!p) return;
  const minutes = state.openedAt === null ? 0 : ((state.finishedAt ?? state.t) - state.openedAt) / 60_000;
  const { review, lines } = prognosisText(p, { contacts: state.contacts, offPlateJ: state.energy.offPlate, minutes }, t, lang);
  document.getElementById('sim-prognosis-review')!.textContent = review;
  document.getElementById('sim-prognosis-list')!.replaceChildren(
    ...lines.map((line) => {
      const li = document.createElement('li');
      li.dataset.risk = line.id;
      li.dataset.level = line.level;
      const head = document.createElement('strong');
      head.textContent = line.head;
      li.append(head, ` ${line.text}`);
      return li;
    }),
  );
}
