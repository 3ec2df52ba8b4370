import type { Context, MiddlewareHandler } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { addressKey, resolveClientAddress } from './client-address.ts';
import { fail } from './errors.ts';
import { type Env } from './sub-app.ts';
import { LIMITS, type Limit } from './rate-counters.ts';

/** The caller's address: the socket's, or behind trusted proxies the right-most X-Forwarded-For hop they did not add. */
export function clientAddress(c: Context<Env>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return resolveClientAddress(incoming?.socket?.remoteAddress ?? 'local', c.req.header('x-forwarded-for'), c.get('deps').config.trustProxy);
}

/** Refuses with 429 and Retry-After once the caller is over `limit`. */
export function rateLimit(limit: Limit): MiddlewareHandler<Env> {
  return async (c, next) => {
    const uid = limit.by === 'address' ? undefined : c.get('caller')?.uid;
    const key = uid ? `uid:${uid}` : `ip:${addressKey(clientAddress(c))}`;
    const { config, limiter } = c.get('deps');
    const wait = await limiter.hit({ ...limit, max: limit.max * config.rateLimitScale }, [key]);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(c, 429, ErrorCode.tooManyRequests, `Too many requests: try again in ${wait} s`);
    }
    await next();
  };
}

/**
 * The sign-up limit: the device first (its own random id), then the address being signed up, then the network address,
 * each counted only when the one before let the request through, so one abuser spends their own budgets and not the
 * hall's. Requests without a device id share their network address's device budget.
 */
export function signUpLimit(): MiddlewareHandler<Env> {
  return async (c, next) => {
    const { config, limiter } = c.get('deps');
    const address = `ip:${addressKey(clientAddress(c))}`;
    const device = c.req.header('x-device-id');
    const email = c.get('caller')?.email?.toLowerCase();
    const steps: Array<[Limit, string]> = [
      [LIMITS.signupDevice, device && /^[A-Za-z0-9_-]{8,64}$/.test(device) ? `device:${device}` : address],
      ...(email ? [[LIMITS.signupEmail, `email:${email}`] as [Limit, string]] : []),
      [LIMITS.signup, address],
    ];
    for (const [limit, key] of steps) {
      const wait = await limiter.hit({ ...limit, max: limit.max * config.rateLimitScale }, [key]);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        return fail(c, 429, ErrorCode.tooManyRequests, `Too many sign-ups: try again in ${wait} s`);
      }
    }
    await next();
  };
}
