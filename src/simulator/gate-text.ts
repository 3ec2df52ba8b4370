// Why a score was capped, gate by gate, in the attempt's own figures: the live debrief, the final result and the
// learner's history all read these notes, so a capped learner is told the same thing wherever they look.
import { GATES, LASER, SCORING, toleratedOf, type Complication, type Gate, type GateId, type SimMetrics } from '../domain/simulator/index.ts';
import type { Key } from '../i18n/en.ts';

/** Each gate's short reason, for the one-line headline ("Score capped at 64: the fetoscope touched the placenta"). */
const GATE_KEYS = {
  contacts: 'sim.debrief.gate.contacts',
  collateral: 'sim.debrief.gate.collateral',
  offWindow: 'sim.debrief.gate.offWindow',
  unidentified: 'sim.debrief.gate.unidentified',
  misclassified: 'sim.debrief.gate.misclassified',
  sequence: 'sim.debrief.gate.sequence',
  residual: 'sim.debrief.gate.residual',
  fetus: 'sim.debrief.gate.fetus',
  complication: 'sim.debrief.gate.complication',
} as const satisfies Record<GateId, Key>;

/** Each gate's explanation with its measure; used where the attempt's metrics hold that measure. */
const WHY_KEYS = {
  contacts: 'sim.debrief.why.contacts',
  collateral: 'sim.debrief.why.collateral',
  offWindow: 'sim.debrief.why.offWindow',
  unidentified: 'sim.debrief.why.unidentified',
  misclassified: 'sim.debrief.why.misclassified',
  sequence: 'sim.debrief.why.sequence',
  residual: 'sim.debrief.why.residual',
  fetus: 'sim.debrief.why.fetus',
} as const satisfies Record<Exclude<GateId, 'complication'>, Key>;

/** The complication's gate explains what the case's complication asked (complications.ts). */
const COMPLICATION_WHY_KEYS = {
  'entry-bleed': 'sim.debrief.why.complication.entry-bleed',
  separation: 'sim.debrief.why.complication.separation',
  'moving-donor': 'sim.debrief.why.complication.moving-donor',
} as const satisfies Record<Complication, Key>;

export type GateNoteKey = (typeof WHY_KEYS)[keyof typeof WHY_KEYS] | (typeof COMPLICATION_WHY_KEYS)[Complication] | (typeof GATE_KEYS)[GateId];

/** A gate's explanation, for the attempt's figures. */
function whyKey(id: GateId, m: Partial<SimMetrics>): GateNoteKey {
  if (id !== 'complication') return WHY_KEYS[id];
  return m.complication ? COMPLICATION_WHY_KEYS[m.complication] : GATE_KEYS.complication;
}

/** One gate that held the score down: its ceiling, and the sentence (key and filled-in values) saying why. */
export interface GateNote {
  id: GateId;
  ceiling: number;
  key: GateNoteKey;
  vars: Record<string, string>;
}

const defined = (...values: (number | undefined)[]) => values.every((v) => typeof v === 'number' && Number.isFinite(v));

/** The measure behind a gate, in the page's language; null when the stored metrics do not hold it. */
function measureOf(id: GateId, m: Partial<SimMetrics>, lang: string): Record<string, string> | null {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 0, numberingSystem: 'latn' });
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0, numberingSystem: 'latn' });
  switch (id) {
    case 'contacts':
      return defined(m.contacts) ? { count: number.format(m.contacts!) } : null;
    case 'fetus':
      return defined(m.strikes) ? { count: number.format(m.strikes!) } : null;
    case 'complication':
      return m.complication ? {} : null;
    case 'collateral':
      return defined(m.collateralEnergyJ) ? { energy: number.format(m.collateralEnergyJ!), free: number.format(SCORING.gates.collateral.free) } : null;
    case 'offWindow':
      return defined(m.techniqueShare)
        ? {
            share: percent.format(1 - m.techniqueShare!),
            free: percent.format(SCORING.gates.offWindow.free),
            near: number.format(LASER.workingMinMm),
            far: number.format(LASER.workingMaxMm),
            angle: number.format((Math.acos(LASER.workingMinCos) * 180) / Math.PI),
          }
        : null;
    case 'unidentified':
      return defined(m.found, m.anastomosesTotal)
        ? { found: number.format(m.found!), total: number.format(m.anastomosesTotal!), falseMarks: number.format(m.falseMarks ?? 0) }
        : null;
    case 'misclassified':
      return defined(m.found, m.typesCorrect, m.falseMarks, m.anastomosesTotal)
        ? {
            mistyped: number.format(m.found! - m.typesCorrect!),
            found: number.format(m.found!),
            falseMarks: number.format(m.falseMarks!),
            tolerance: number.format(toleratedOf(SCORING.gates.misclassified, m.anastomosesTotal!)),
          }
        : null;
    case 'residual':
      return defined(m.anastomosesResidual, m.anastomosesTotal)
        ? {
            open: number.format(m.anastomosesResidual!),
            total: number.format(m.anastomosesTotal!),
            tolerance: number.format(toleratedOf(SCORING.gates.residual, m.anastomosesTotal!)),
          }
        : null;
    case 'sequence':
      return m.lineSealedIds && defined(m.anastomosesTotal)
        ? {
            late: number.format(m.lineSealedIds.length),
            total: number.format(m.anastomosesTotal!),
            tolerance: number.format(toleratedOf(SCORING.gates.sequence, m.anastomosesTotal!)),
          }
        : null;
  }
}

/** The gates that capped the score (lowest ceiling first, as stored), each with why, from the attempt's metrics. */
/** The laser gates among an attempt's: a FETO attempt's gates are not the laser result's to explain. */
export const laserGates = (gates: ReadonlyArray<{ id: string; ceiling: number }>): Gate[] =>
  gates.filter((g): g is Gate => (GATES as readonly string[]).includes(g.id));

export function gateNotes(gates: readonly Gate[], metrics: Partial<SimMetrics>, lang: string): GateNote[] {
  return gates.map((gate) => {
    const vars = measureOf(gate.id, metrics, lang);
    return vars ? { ...gate, key: whyKey(gate.id, metrics), vars } : { ...gate, key: GATE_KEYS[gate.id], vars: {} };
  });
}

type Say = (key: GateNoteKey | 'sim.debrief.capped', vars?: Record<string, string | number>) => string;

/** The headline over the notes: the score's ceiling and every gate that set one, as a list in the page's language. */
export function cappedHeadline(notes: readonly GateNote[], say: Say, lang: string): string {
  const reasons = new Intl.ListFormat(lang, { type: 'conjunction' }).format(notes.map((n) => say(GATE_KEYS[n.id])));
  return say('sim.debrief.capped', { score: notes[0]?.ceiling ?? 100, reason: reasons });
}
