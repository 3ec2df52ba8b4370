import type { Context, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ErrorCode } from '../../api/errors.ts';
import { fail } from '../http/errors.ts';
import type { Env } from '../http/sub-app.ts';
import { isAdminNow } from './queries.ts';

/** Reads the bearer token, if any; an invalid token on a public route simply means anonymous. */
export const identify: MiddlewareHandler<Env> = async (c, next) => {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer (.+)$/);
  const caller = match?.[1] ? await c.get('deps').verify(match[1]) : null;
  c.set('caller', caller);
  c.set('isAdmin', false);
  await next();
};

/** Refuses anonymous callers with 401: the routes about oneself. */
export const requireUser = createMiddleware<Env>(async (c, next) => {
  if (!c.get('caller')) return fail(c, 401, ErrorCode.unauthorized, 'A valid Firebase ID token is required');
  await next();
});

/** Whether the caller is an administrator now, read from the database on every call so a demotion counts at once. */
export async function callerIsAdmin(c: Context<Env>): Promise<boolean> {
  const caller = c.get('caller');
  if (!caller) return false;
  return isAdminNow(c.get('deps').db.db, caller.uid);
}

/** Refuses anyone but an administrator (401 anonymous, 403 signed in). */
export const requireAdmin = createMiddleware<Env>(async (c, next) => {
  if (!c.get('caller')) return fail(c, 401, ErrorCode.unauthorized, 'A valid Firebase ID token is required');
  if (!(await callerIsAdmin(c))) return fail(c, 403, ErrorCode.forbidden, 'Administrators only');
  c.set('isAdmin', true);
  await next();
});
