import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ErrorCode } from '../../api/errors.ts';
import { siteOrigin, type Config } from '../config.ts';
import { fail } from './errors.ts';
import { type Env } from './sub-app.ts';

/**
 * Same-origin calls pass, scheme, host and port compared: in production against SITE_URL, locally against the http
 * address the request was sent to. Another site's calls only from the configured origins (with CORS headers), others
 * are refused.
 */
export function crossOrigin(config: Pick<Config, 'corsOrigins' | 'production' | 'siteUrl' | 'port'>): MiddlewareHandler<Env> {
  const allowed = config.corsOrigins;
  const withHeaders = cors({ origin: allowed, allowHeaders: ['authorization', 'content-type'], maxAge: 600 });
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin) return next();
    const own = config.production ? siteOrigin(config) : `http://${c.req.header('host') ?? new URL(c.req.url).host}`;
    if (URL.parse(origin)?.origin === own) return next();
    if (!allowed.includes(origin)) return fail(c, 403, ErrorCode.forbidden, 'Cross-origin requests are not allowed from this origin');
    return withHeaders(c, next);
  };
}
