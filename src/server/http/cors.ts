import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from './errors.ts';
import { type Env } from './sub-app.ts';

/** Same-origin calls pass; another site's calls only from the configured origins (with CORS headers), others are refused. */
export function crossOrigin(allowed: string[]): MiddlewareHandler<Env> {
  const withHeaders = cors({ origin: allowed, allowHeaders: ['authorization', 'content-type'], maxAge: 600 });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin) return next();
    let sameOrigin = false;
    try {
      sameOrigin = new URL(origin).host === (c.req.header('host') ?? new URL(c.req.url).host);
    } catch {
      sameOrigin = false;
    }
    if (sameOrigin) return next();
    if (!allowed.includes(origin)) return fail(c, 403, ErrorCode.forbidden, 'Cross-origin requests are not allowed from this origin');
    return withHeaders(c, next);
  };
}
