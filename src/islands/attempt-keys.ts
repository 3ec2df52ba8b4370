/** The strings the attempt lists show (course page, My account, /admin-users). */
export const ATTEMPT_KEYS = [
  'attempts.progress',
  'attempts.recent',
  'attempts.case',
  'attempts.course',
  'attempts.best',
  'attempts.count',
  'attempts.score',
  'attempts.time',
  'attempts.date',
  'attempts.none',
  'attempts.error',
] as const;

export type AttemptStrings = Record<(typeof ATTEMPT_KEYS)[number], string>;

/** "Module 1, case 2" in the page's language. */
export function caseLabel(strings: AttemptStrings, level: number, caseIndex: number): string {
  return strings['attempts.case'].replace('{{level}}', String(level)).replace('{{case}}', String(caseIndex));
}
