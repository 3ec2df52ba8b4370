import { DEBRIEF_KEYS } from '../simulator/debrief-text.ts';
import { fill } from '../i18n/fill.ts';

/** The strings the attempt lists show (course page, My account, /admin-users). */
export const ATTEMPT_KEYS = [
  'attempts.recent',
  'attempts.case',
  'attempts.course',
  'attempts.score',
  'attempts.time',
  'attempts.date',
  'attempts.none',
  'attempts.error',
] as const;

export type AttemptStrings = Record<(typeof ATTEMPT_KEYS)[number], string>;

/** The strings of the debrief dialog opened from a history row: the simulator's own debrief words and the dialog's. */
export const DEBRIEF_DIALOG_KEYS = [
  ...DEBRIEF_KEYS,
  'sim.task.navigation',
  'sim.task.selective',
  'sim.task.solomon',
  'attempts.details',
  'attempts.debriefOf',
  'attempts.debriefLoading',
  'attempts.debriefError',
  'attempts.debriefNetwork',
  'attempts.debriefGone',
  'attempts.retry',
  'attempts.close',
  'attempts.noMap',
  'attempts.flagged',
] as const;

export type DebriefDialogStrings = Record<(typeof DEBRIEF_DIALOG_KEYS)[number], string>;

/** "Module 1, case 2" in the page's language. */
export function caseLabel(strings: AttemptStrings, level: number, caseIndex: number): string {
  return fill(strings['attempts.case'], { level, case: caseIndex });
}
