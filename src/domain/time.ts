/** Firestore-style timestamp (whole seconds and nanoseconds): the shape of a subscription's next_billing_time in user records. */
export interface Timestamp {
  seconds: number;
  nanoseconds: number;
}

export function toTimestamp(date: Date): Timestamp {
  const ms = date.getTime();
  const seconds = Math.floor(ms / 1000);
  return { seconds, nanoseconds: (ms - seconds * 1000) * 1_000_000 };
}

export function toDate(ts: Timestamp): Date {
  return new Date(ts.seconds * 1000 + Math.floor(ts.nanoseconds / 1_000_000));
}

/** Adds whole months in UTC, clamping the day to the end of the target month (31 Jan + 1 = 28/29 Feb). */
export function addMonthsClamped(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date.getTime());
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** A duration as mm:ss, as the simulator and the attempt lists show surgery time. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** How long Firebase counts a sign-in as recent enough for deleting the account or changing the password. */
export const RECENT_SIGN_IN_MS = 5 * 60_000;

/** Whether a sign-in at `lastSignIn` (as Firebase's user metadata writes it) is still recent at `now`. */
export function signedInRecently(lastSignIn: string | undefined, now: number): boolean {
  const at = lastSignIn ? Date.parse(lastSignIn) : NaN;
  return Number.isFinite(at) && now - at < RECENT_SIGN_IN_MS;
}
