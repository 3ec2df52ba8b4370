// The learner's types against the true ones, one line an anastomosis or false mark, under the debrief map: what
// was typed wrong first, with how that kind is told, then what was not marked, marks on nothing, and what was right.
import type { AnastomosisKind, Debrief } from '../domain/simulator/index.ts';
import type { DebriefAnastomosis } from '../domain/simulator/debrief.ts';
import { fill } from '../i18n/fill.ts';
import type { DebriefLabels } from './debrief-labels.ts';

export type TypeVerdict = 'wrong' | 'unmarked' | 'false' | 'right';

export interface TypeLine {
  verdict: TypeVerdict;
  text: string;
}

const ORDER: readonly TypeVerdict[] = ['wrong', 'unmarked', 'false', 'right'];

const HINT = { AV: 'hintAV', VA: 'hintVA', AA: 'hintAA', VV: 'hintVV' } as const satisfies Record<AnastomosisKind, keyof DebriefLabels>;

/** The sentence saying what the learner typed against what it was; the map titles each anastomosis with it too. */
export function typedSentence(a: Pick<DebriefAnastomosis, 'kind' | 'markedAs'>, labels: DebriefLabels): string {
  if (!a.markedAs) return fill(labels.notTyped, { kind: a.kind });
  return fill(a.markedAs === a.kind ? labels.typedRightAs : labels.youTyped, { typed: a.markedAs, kind: a.kind });
}

/**
 * The lines in the order they teach most; empty in a task with nothing to type (navigation). A false mark stored
 * before its type was kept has no type to tell, so it is left to the map's cross.
 */
export function typeLines(debrief: Debrief, labels: DebriefLabels): TypeLine[] {
  const lines: TypeLine[] = debrief.anastomoses.map((a) => {
    const verdict: TypeVerdict = !a.markedAs ? 'unmarked' : a.markedAs === a.kind ? 'right' : 'wrong';
    const text = typedSentence(a, labels);
    return { verdict, text: verdict === 'wrong' ? `${text} ${labels[HINT[a.kind]]}` : text };
  });
  for (const m of debrief.falseMarks) if (m.kind) lines.push({ verdict: 'false', text: fill(labels.falseTyped, { typed: m.kind }) });
  return lines.sort((a, b) => ORDER.indexOf(a.verdict) - ORDER.indexOf(b.verdict));
}
