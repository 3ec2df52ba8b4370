import { OpenAPIHono, type Hook, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode, type ErrorBody, type Issue } from '../api/errors.ts';
import type { Caller } from './auth.ts';
import type { Answer } from './catalogue-answer.ts';
import type { Deps } from './deps.ts';
import { logFailure } from './log.ts';
import { users } from './db/schema.ts';
import { eq } from 'drizzle-orm';

/** What every sub-app can read from the request context. */
export interface Env {
  Variables: { deps: Deps; caller: Caller | null; isAdmin: boolean };
}

/** The contract's error answer, its code one of ErrorCode; typed by its status so each route's declared errors line up. `requestId` names a logged failure. */
export function fail<S extends ContentfulStatusCode>(c: Context, status: S, error: ErrorCode, message: string, requestId?: string) {
  if (requestId) c.header('X-Request-Id', requestId);
  const body: ErrorBody = requestId ? { error, message, requestId } : { error, message };
  return c.json(body, status);
}

/** The 500 answer: the failure is logged once, without the data it was about, under a request id the body and X-Request-Id carry. */
export function internalError(c: Context, err: unknown) {
  const requestId = logFailure(c.req.method, c.req.path, err);
  return fail(c, 500, ErrorCode.internal, `Something went wrong on our side (request ${requestId})`, requestId);
}

/** Answers JSON already serialized (the catalogue cache) without serializing it again; typed as the value it holds. */
export function rawJson<T>(c: Context, cached: { value: T; json: string }) {
  return c.body(cached.json, 200, { 'content-type': 'application/json; charset=UTF-8' }) as unknown as TypedResponse<T, 200, 'json'>;
}

/** An answer made ahead (bytes and every header, catalogue-answer.ts) as the route's typed JSON answer; a 304 is typed alike. */
export function prepared<T>(answer: Answer) {
  return new Response(answer.body, { status: answer.status, headers: answer.headers }) as unknown as TypedResponse<T, 200, 'json'>;
}

/** The 400 for refused input: every issue as data, and the first one as the message ("path: message"). */
export function invalid(c: Context, issues: Issue[]) {
  const first = issues[0];
  const where = first?.path ? `${first.path}: ` : '';
  return c.json({ error: ErrorCode.invalidBody, message: `${where}${first?.message ?? 'Invalid request'}`, issues }, 400);
}

/** Turns a failed zod validation into the contract's 400 body. */
const validationHook: Hook<unknown, Env, string, unknown> = (result, c) => {
  if (result.success) return;
  const issues = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return invalid(c, issues);
};

/** A sub-app with the contract's validation errors. */
export function subApp() {
  return new OpenAPIHono<Env>({ defaultHook: validationHook });
}

/** Reads the bearer token, if any; an invalid token on a public route simply means anonymous. */
export const identify: MiddlewareHandler<Env> = async (c, next) => {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer (.+)$/);
  const caller = match?.[1] ? await c.get('deps').verify(match[1]) : null;
  c.set('caller', caller);
  c.set('isAdmin', false);
  await next();
};

export const requireUser = createMiddleware<Env>(async (c, next) => {
  if (!c.get('caller')) return fail(c, 401, ErrorCode.unauthorized, 'A valid Firebase ID token is required');
  await next();
});

export async function callerIsAdmin(c: Context<Env>): Promise<boolean> {
  const caller = c.get('caller');
  if (!caller) return false;
  const [row] = await c.get('deps').db.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, caller.uid));
  return row?.isAdmin === true;
}

export const requireAdmin = createMiddleware<Env>(async (c, next) => {
  if (!c.get('caller')) return fail(c, 401, ErrorCode.unauthorized, 'A valid Firebase ID token is required');
  if (!(await callerIsAdmin(c))) return fail(c, 403, ErrorCode.forbidden, 'Administrators only');
  c.set('isAdmin', true);
  await next();
});

/** A route of the contract with the middleware that guards it here (who may call it). */
export function guarded<R extends RouteConfig, M extends MiddlewareHandler<Env>[]>(route: R, ...middleware: M) {
  return { ...route, middleware };
}
