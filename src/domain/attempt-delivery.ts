// How a played attempt reaches the learner's record when it cannot be sent at once: until when the server still takes
// it (the launch's life, then a week to send what was started within it), and what the browser does after a try to
// send it (try again later, wait for the learner's sign-in, or stop because the server refused it for good).

/** How long after its launch's life an attempt started within it may still be sent: back online within a week. */
export const LATE_SEND_MS = 7 * 86_400_000;

/** Clocks drift, and the page starts its log before its first frame. */
export const SEND_GRACE_MS = 5000;

/** When the attempt's launch was signed and ends (ms since the epoch, the token's iat and exp), and what the send says. */
export interface SendTiming {
  issuedAt: number;
  expiresAt: number;
  /** When the server received it. */
  now: number;
  /** The log's last event (ms of surgery clock since the fetoscopy opened). */
  lastT: number;
  /** How long before sending the page opened the fetoscopy, on the page's own clock (a difference, so its setting does not matter). */
  startedAgoMs?: number | undefined;
}

/**
 * Whether the server takes an attempt by its times: never a log longer than the time since its launch; within the
 * launch's life, any; after it, for LATE_SEND_MS, one the page says it started within the life, whose log fits
 * between that start and now. Late or not, one launch still makes one attempt (the server looks it up first).
 */
export function sendTimingVerdict({ issuedAt, expiresAt, now, lastT, startedAgoMs }: SendTiming): 'ok' | 'longerThanLaunch' | 'tooLate' | 'notStartedInLife' {
  if (lastT > now - issuedAt + SEND_GRACE_MS) return 'longerThanLaunch';
  if (now <= expiresAt) return 'ok';
  if (now > expiresAt + LATE_SEND_MS) return 'tooLate';
  if (startedAgoMs === undefined) return 'notStartedInLife';
  const startedAt = now - startedAgoMs;
  return startedAt <= expiresAt + SEND_GRACE_MS && lastT <= startedAgoMs + SEND_GRACE_MS ? 'ok' : 'notStartedInLife';
}

/** A try to send that failed: the answer's status (0: the server could not be reached) and error code. */
export interface SendFailure {
  status: number;
  code: string;
}

/**
 * What the browser does with a kept attempt after a failed try: `retry` later (the network, the server down or busy,
 * a rate limit or the day's cap: nothing is wrong with the attempt), `signIn` (kept until the learner it was launched
 * for signs in), or `refused` for good (the launch expired, the plan no longer covers the course, the launch stored
 * another log, a log the server will never take): kept on the device with its reason until the learner removes it.
 */
export type AfterFailure = { next: 'retry'; inMs: number } | { next: 'signIn' } | { next: 'refused' };

/** The first retry's wait, doubled after each failed try up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 5000;
export const RETRY_MAX_MS = 10 * 60_000;

const TRANSIENT_CODES: ReadonlySet<string> = new Set(['network', 'too_many_requests', 'attempt_daily_cap', 'replay_over_budget']);

/** Whether a failure says nothing about the attempt itself, so the same send may succeed later. */
export function isTransient({ status, code }: SendFailure): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500 || TRANSIENT_CODES.has(code);
}

/** The wait before the next try, after `tries` failed ones. */
export const retryDelayMs = (tries: number): number => Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, tries - 1));

/** The rule above for one failure, after `tries` failed tries (this one included). */
export function afterFailure(failure: SendFailure, tries: number): AfterFailure {
  if (isTransient(failure)) return { next: 'retry', inMs: retryDelayMs(tries) };
  // The learner's own sign-in was refused (signed out, or in another account): not the attempt.
  if (failure.code === 'unauthorized') return { next: 'signIn' };
  return { next: 'refused' };
}

/** Where a kept attempt stands, as the browser keeps it between tries. */
export interface KeptState {
  tries: number;
  /** When to try again unprompted (ms since the epoch); a visit of the simulator or My learning tries at once. */
  nextTryAt: number;
  refused: boolean;
}

/** Whether a kept attempt is tried now: never one refused for good; on a visit, every other one; otherwise once its wait is over. */
export const dueForSending = (kept: KeptState, now: number, visit: boolean): boolean => !kept.refused && (visit || now >= kept.nextTryAt);
