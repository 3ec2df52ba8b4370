import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from './errors.ts';
import { type Env } from './sub-app.ts';
import { LIMITS } from './rate-counters.ts';

/**
 * Launches and attempts share one budget per user (LIMITS.simulator). It is counted by user only: trainees
 * behind one hospital address each keep their own. Answers the 429 to send, or null when within the budget.
 */
export async function simulatorLimit(c: Context<Env>, uid: string) {
  const { config, limiter } = c.get('deps');
  const limit = LIMITS.simulator;
  const wait = await limiter.hit({ ...limit, max: limit.max * config.rateLimitScale }, [`uid:${uid}`]);
  if (wait <= 0) return null;
  c.header('Retry-After', String(wait));
  return fail(c, 429, ErrorCode.tooManyRequests, `Too many simulator launches and attempts: try again in ${wait} s`);
}
