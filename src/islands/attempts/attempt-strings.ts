import type { Sections } from '../../i18n/index.ts';
import { fill } from '../../i18n/fill.ts';

/** What an attempt history reads: its table, and the debrief dialog in the simulator's own debrief words, flags' reasons and outcome card. */
export const ATTEMPT_SECTIONS = ['attempts', 'sim.debrief', 'sim.component', 'sim.advice', 'sim.task', 'sim.flag', 'sim.prognosis'] as const;

export type AttemptStrings = Sections<(typeof ATTEMPT_SECTIONS)[number]>;

/** "Module 1, case 2" in the page's language. */
export function caseLabel(strings: AttemptStrings, level: number, caseIndex: number): string {
  return fill(strings['attempts.case'], { level, case: caseIndex });
}
