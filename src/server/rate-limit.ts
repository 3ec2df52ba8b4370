import type { Context, MiddlewareHandler } from 'hono';
import { ErrorCode } from '../api/errors.ts';
import { fail, type Env } from './http.ts';

/** How many requests a caller may make in a window, counted both per signed-in user and per address. */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

interface Window {
  start: number;
  count: number;
}

/** The caller's address: the socket's, or the first X-Forwarded-For hop when the server sits behind a trusted proxy. */
export function clientAddress(c: Context<Env>): string {
  if (c.get('deps').config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/** The limits of the routes that create accounts, take payments or send mail; RATE_LIMIT_SCALE multiplies them (tests). */
export const LIMITS = {
  signup: { name: 'signup', max: 10, windowMs: 10 * 60_000 },
  payments: { name: 'payments', max: 30, windowMs: 10 * 60_000 },
  forms: { name: 'forms', max: 5, windowMs: 10 * 60_000 },
  /** Simulator launches and attempts together, per user. */
  simulator: { name: 'simulator', max: 30, windowMs: 60_000 },
} satisfies Record<string, Limit>;

/** Fixed-window counters kept in memory: each instance limits what reaches it. */
export class RateLimiter {
  private windows = new Map<string, Window>();

  /** Counts one hit for every key; answers the seconds to wait when any key is over its limit, else 0. */
  hit(limit: Limit, keys: string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const id = `${limit.name}:${key}`;
      let w = this.windows.get(id);
      if (!w || now - w.start >= limit.windowMs) {
        w = { start: now, count: 0 };
        this.windows.set(id, w);
      }
      w.count++;
      if (w.count > limit.max) wait = Math.max(wait, Math.ceil((w.start + limit.windowMs - now) / 1000));
    }
    if (this.windows.size > 50_000) this.sweep(now, limit.windowMs);
    return wait;
  }

  private sweep(now: number, windowMs: number) {
    for (const [id, w] of this.windows) if (now - w.start >= windowMs) this.windows.delete(id);
  }
}

/** Refuses with 429 and Retry-After once the caller (by uid and by address) is over `limit`. */
export function rateLimit(limit: Limit): MiddlewareHandler<Env> {
  return async (c, next) => {
    const uid = c.get('caller')?.uid;
    const keys = [`ip:${clientAddress(c)}`, ...(uid ? [`uid:${uid}`] : [])];
    const { config, limiter } = c.get('deps');
    const wait = limiter.hit({ ...limit, max: limit.max * config.rateLimitScale }, keys);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(c, 429, ErrorCode.tooManyRequests, `Too many requests: try again in ${wait} s`);
    }
    await next();
  };
}
