// The end of the operation: once the learner says they are done, a final review in which they survey the whole
// vascular equator for anastomoses still open (and may seal what they find) before Finish; then what the
// operation means for the twins, computed from what stayed open and what was touched: the outcome card.
// Residual anastomoses after laser are the cause of recurrent twin-twin transfusion (the larger ones) and of
// twin anaemia-polycythaemia sequence (the few, thin ones, under about 1 mm: Lopriore et al., Am J Obstet Gynecol
// 2007; Slaghekke et al., Lancet 2014); contacts with the plate, the cavity's time open and burns off the plate
// are those of membrane rupture and chorioamniotic separation (Beck et al., Ultrasound Obstet Gynecol 2012), and
// a beam fired through the inter-twin membrane makes a septostomy.
import { distance } from './geometry.ts';
import { inSight } from './sight.ts';
import { lineCoverage } from './line.ts';
import type { SimState } from './state.ts';
import { workShare } from './work.ts';

export const REVIEW = {
  /** The equator is surveyed in this many sections of equal numbers of its points. */
  sections: 10,
  /** A section counts as surveyed once the aim came this close to one of its points, from at most `viewMm` away. */
  nearMm: 12,
  viewMm: 40,
  /** An anastomosis this wide or wider left open keeps the transfusion going: recurrence. Thinner ones: TAPS. */
  largeMm: 1.5,
  /** Membrane rupture: contacts with the plate, joules fired off the plate (into wall and membranes), minutes open. */
  ruptureContacts: { moderate: 1, high: 3 },
  ruptureOffPlateJ: { moderate: 60, high: 300 },
  ruptureMinutes: 60,
} as const;

const ALL_SECTIONS = (1 << REVIEW.sections) - 1;

/** Begins the review ('review' event), once: it counts for the work done by then, and surveys where the aim is. */
export function startReview(s: SimState): boolean {
  if (s.reviewAt !== null) return false;
  const { task } = s.scenario.params;
  const { placenta, tissue } = s.scenario;
  const line = task === 'solomon' ? lineCoverage(placenta.equator, tissue, s.fluence).completeness : 0;
  s.reviewAt = s.t;
  s.reviewWork = workShare(task, s.sealed.length, placenta.anastomoses.length, line);
  surveyAim(s);
  return true;
}

/** Marks the section of the equator the aim now surveys, while a review is under way: in sight, nothing drifting in between. */
export function surveyAim(s: SimState): void {
  if (s.reviewAt === null || s.surveyed === ALL_SECTIONS || !s.aim || s.aim.distanceMm > REVIEW.viewMm || !inSight(s)) return;
  const points = s.scenario.placenta.equator;
  let best = -1;
  let bestD: number = REVIEW.nearMm;
  for (let i = 0; i < points.length; i += 1) {
    const d = distance(points[i]!, s.aim.point);
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  if (best >= 0) s.surveyed |= 1 << Math.min(REVIEW.sections - 1, Math.floor((best * REVIEW.sections) / points.length));
}

/** Share of the equator surveyed during the review, 0-1. */
export function surveyedShare(surveyed: number): number {
  let n = 0;
  for (let bits = surveyed & ALL_SECTIONS; bits !== 0; bits &= bits - 1) n += 1;
  return n / REVIEW.sections;
}

export type RiskId = 'recurrence' | 'taps' | 'rupture';
export const RISKS: readonly RiskId[] = ['recurrence', 'taps', 'rupture'];
export type RiskLevel = 'low' | 'moderate' | 'high';

/** What the operation leaves the twins with: null for a navigation case, where nothing was treated. */
export interface Prognosis {
  reviewed: boolean;
  /** Share of the equator surveyed in the review, and the anastomoses it found and sealed. */
  surveyed: number;
  foundAtReview: number;
  /** Arterio-venous anastomoses (AV, VA) left open, by width, and superficial ones (AA, VV) left open. */
  openLarge: number;
  openSmall: number;
  openSuperficial: number;
  risks: Record<RiskId, RiskLevel>;
}

const level = (value: number, limits: { moderate: number; high: number }): RiskLevel =>
  value >= limits.high ? 'high' : value >= limits.moderate ? 'moderate' : 'low';

export function prognosisOf(s: SimState): Prognosis | null {
  if (s.scenario.params.task === 'navigation') return null;
  let openLarge = 0;
  let openSmall = 0;
  let openSuperficial = 0;
  for (const a of s.scenario.placenta.anastomoses) {
    if (s.sealed.includes(a.id)) continue;
    if (a.kind === 'AA' || a.kind === 'VV') openSuperficial += 1;
    else if (a.diameterMm >= REVIEW.largeMm) openLarge += 1;
    else openSmall += 1;
  }
  const minutes = s.openedAt === null ? 0 : ((s.finishedAt ?? s.t) - s.openedAt) / 60_000;
  const rupture = [
    level(s.contacts, REVIEW.ruptureContacts),
    level(s.energy.offPlate, REVIEW.ruptureOffPlateJ),
    minutes > REVIEW.ruptureMinutes ? 'moderate' : 'low',
    // The beam through a fold or a loose sheet of membrane in its way (intruders.ts) makes a hole in it: a
    // septostomy. A membrane already separated from the chorion is itself a risk of early rupture.
    s.strikes.membrane + s.strikes.amnion > 0 ? 'high' : s.scenario.params.complication === 'separation' ? 'moderate' : 'low',
  ] as const;
  return {
    reviewed: s.reviewAt !== null,
    surveyed: surveyedShare(s.surveyed),
    foundAtReview: s.reviewSealed.length,
    openLarge,
    openSmall,
    openSuperficial,
    risks: {
      recurrence: openLarge > 0 ? 'high' : openSuperficial > 0 ? 'moderate' : 'low',
      taps: openSmall > 0 ? 'high' : 'low',
      rupture: rupture.includes('high') ? 'high' : rupture.includes('moderate') ? 'moderate' : 'low',
    },
  };
}
