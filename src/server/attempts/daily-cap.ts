import { and, desc, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { attempts } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import type { Env } from '../http/sub-app.ts';

/**
 * Attempts one person may store in 24 hours (RATE_LIMIT_SCALE multiplies it, for tests and benchmarks). A session of
 * practice is a few dozen; without a cap, the simulator's rate limit lets about 900 an hour of 10,000-event logs
 * pile up, and each of them is theirs to export.
 */
export const ATTEMPTS_PER_DAY = 100;
const DAY_MS = 86_400_000;

/** The 429 to send when the caller stored their day's attempts already (Retry-After: until the oldest of them is a day old), else null. */
export async function dailyAttemptCap(c: Context<Env>, uid: string, now: Date) {
  const { config, db } = c.get('deps');
  const cap = ATTEMPTS_PER_DAY * config.rateLimitScale;
  // The cap-th newest attempt of the last day: while there is one, the day's budget is spent.
  const [nth] = await db.db
    .select({ createdAt: attempts.createdAt })
    .from(attempts)
    .where(and(eq(attempts.userId, uid), gt(attempts.createdAt, new Date(now.getTime() - DAY_MS))))
    .orderBy(desc(attempts.createdAt))
    .offset(cap - 1)
    .limit(1);
  if (!nth) return null;
  const wait = Math.max(1, Math.ceil((nth.createdAt.getTime() + DAY_MS - now.getTime()) / 1000));
  c.header('Retry-After', String(wait));
  return fail(
    c,
    429,
    ErrorCode.attemptDailyCap,
    `You stored ${cap} attempts in the last 24 hours, the most a day keeps: this one was not stored. Try again in ${Math.ceil(wait / 3600)} h`,
  );
}
