import { OpenAPIHono, type Hook, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../access/token.ts';
import type { Deps } from '../deps.ts';
import { invalid } from './errors.ts';

/** What every sub-app can read from the request context. */
export interface Env {
  Variables: { deps: Deps; caller: Caller | null; isAdmin: boolean };
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

/** A route of the contract with the middleware that guards it here (who may call it). */
export function guarded<R extends RouteConfig, M extends MiddlewareHandler<Env>[]>(route: R, ...middleware: M) {
  return { ...route, middleware };
}
