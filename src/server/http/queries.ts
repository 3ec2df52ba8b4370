import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** The SQL of the shared rate counters (rate_limits, unlogged): one counter per limit, key and window. */

/** Counts one request on each counter, creating those the window has not seen; answers the counts after it. */
export function countHits(db: Db, rows: Array<{ key: string; count: number; expiresAt: Date }>): Promise<Array<{ count: number }>> {
  return db
    .insert(rateLimits)
    .values(rows)
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
}

/** Drops the counters of windows that ended before `now`. */
export async function sweepCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}
