// Assessment windows: a director or an administrator opens one for a course, and for as long as it lasts its short
// code turns a launch into an assessed one (no guided steps). A course may require its cases to be passed that way.

/** No 0/O, 1/I/L or 5/S: a code read aloud or copied from a board is typed right the first time. */
export const ASSESSMENT_CODE_ALPHABET = '2346789ABCDEFGHJKMNPQRTUVWXYZ';
export const ASSESSMENT_CODE_LENGTH = 6;
/** How long a window may stay open, in minutes: long enough for one case, short enough for one session. */
export const ASSESSMENT_MIN_MINUTES = 15;
export const ASSESSMENT_MAX_MINUTES = 8 * 60;

/** A code made of `bytes` (one random byte per character; values beyond the last whole alphabet are drawn again by the caller). */
export function assessmentCodeOf(bytes: Uint8Array): string | null {
  const n = ASSESSMENT_CODE_ALPHABET.length;
  const usable = 256 - (256 % n);
  let code = '';
  for (const b of bytes) {
    if (b >= usable) continue;
    code += ASSESSMENT_CODE_ALPHABET[b % n];
    if (code.length === ASSESSMENT_CODE_LENGTH) return code;
  }
  return null;
}

/** The code as stored: capitals, without the spaces and dashes a person types between groups; null when it cannot be one. */
export function normalizeAssessmentCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== ASSESSMENT_CODE_LENGTH) return null;
  for (const ch of code) if (!ASSESSMENT_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** How far ahead a sitting may be scheduled, in days. */
export const ASSESSMENT_MAX_DAYS_AHEAD = 90;

/** The parts of a window its state depends on. */
export interface WindowTimes {
  startsAt: Date;
  expiresAt: Date;
  closedAt: Date | null;
}

export type WindowState = 'scheduled' | 'open' | 'expired' | 'closed';

/** Scheduled until it starts, then open until it expires or its opener closes it early. */
export function windowState(w: WindowTimes, now: Date): WindowState {
  if (w.closedAt && w.closedAt.getTime() <= now.getTime()) return 'closed';
  if (now.getTime() < w.startsAt.getTime()) return 'scheduled';
  return now.getTime() < w.expiresAt.getTime() ? 'open' : 'expired';
}

/** Whether a window admits this learner: a sitting for named learners admits only them. */
export const admitsLearner = (w: { learners: readonly string[] }, uid: string) => w.learners.length === 0 || w.learners.includes(uid);

/**
 * What became of a launch made with a code: `pending` while its token may still bring an attempt, `abandoned` when
 * none came; `sent` when it was stored as assessed, `expired` when it arrived after its window ended (kept as practice),
 * `flagged` when its input was not a hand's.
 */
export type LaunchFate = 'pending' | 'sent' | 'abandoned' | 'expired' | 'flagged';

export function launchFate(attempt: { flagged: boolean; assessed: boolean } | null, tokenExpiresAt: Date, now: Date): LaunchFate {
  if (!attempt) return now.getTime() < tokenExpiresAt.getTime() ? 'pending' : 'abandoned';
  if (attempt.flagged) return 'flagged';
  return attempt.assessed ? 'sent' : 'expired';
}

/** Launches of one case a learner may make in a sitting: one, and one more for each the director granted. */
export const launchesAllowed = (grants: number) => 1 + grants;

/** What a certificate certifies: that a course was completed (practice anywhere), or that each case was passed in an assessed sitting. */
export type CertificateKind = 'completion' | 'assessed';

/** An assessed sitting as a certificate names it: who opened it and when it started. */
export interface Sitting {
  openedBy: string;
  startsAt: string;
}

/** Assessed only when every case it lists was passed in an assessed sitting. */
export const certificateKindOf = (cases: ReadonlyArray<{ assessed?: boolean }>): CertificateKind =>
  cases.length > 0 && cases.every((c) => c.assessed === true) ? 'assessed' : 'completion';

/** Whether an attempt counts towards passing a case: never when flagged; in a course requiring assessment, only when assessed. */
export const countsForPass = (attempt: { flagged: boolean; assessed: boolean }, assessmentRequired: boolean) =>
  !attempt.flagged && (attempt.assessed || !assessmentRequired);
