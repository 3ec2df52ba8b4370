import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from '../http/errors.ts';
import type { Env } from '../http/sub-app.ts';
import { dayFullSince, type DailyCap } from './queries.ts';

/**
 * Attempts one person may store in 24 hours (RATE_LIMIT_SCALE multiplies it, for tests and benchmarks). A session of
 * practice is a few dozen; without a cap, the simulator's rate limit lets about 900 an hour of 10,000-event logs
 * pile up, and each of them is theirs to export.
 */
export const ATTEMPTS_PER_DAY = 100;
const DAY_MS = 86_400_000;

/** The caller's cap as of `now`: checked before scoring (to spare the replay) and again where the attempt is stored. */
export const dailyCapOf = (c: Context<Env>, now: Date): DailyCap => ({ cap: ATTEMPTS_PER_DAY * c.get('deps').config.rateLimitScale, dayMs: DAY_MS, now });

/** The 429 for a day full since `fullSince` (Retry-After: until the oldest attempt counted is a day old). */
export function dailyCapReached(c: Context<Env>, { cap, now }: DailyCap, fullSince: Date) {
  const wait = Math.max(1, Math.ceil((fullSince.getTime() + DAY_MS - now.getTime()) / 1000));
  c.header('Retry-After', String(wait));
  return fail(
    c,
    429,
    ErrorCode.attemptDailyCap,
    `You stored ${cap} attempts in the last 24 hours, the most a day keeps: this one was not stored. Try again in ${Math.ceil(wait / 3600)} h`,
  );
}

/** The 429 to send before scoring when the caller stored their day's attempts already, else null. */
export async function dailyAttemptCap(c: Context<Env>, uid: string, now: Date) {
  const cap = dailyCapOf(c, now);
  const fullSince = await dayFullSince(c.get('deps').db.db, uid, cap);
  return fullSince ? dailyCapReached(c, cap, fullSince) : null;
}
