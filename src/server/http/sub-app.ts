import { OpenAPIHono, type Hook, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Caller } from '../access/token.ts';
import type { Deps } from '../deps.ts';
import { invalid } from './errors.ts';
import { POLLUTING, pollutedBody } from './polluting-keys.ts';

/** What every sub-app can read from the request context. */
export interface Env {
  Variables: { deps: Deps; caller: Caller | null; isAdmin: boolean };
}

/**
 * Turns a failed zod validation into the contract's 400 body; a JSON body is refused too for a polluting key anywhere
 * in it (polluting-keys.ts), which zod would refuse in one place and drop in another, and named once, by that check.
 */
const validationHook: Hook<unknown, Env, string, unknown> = async (result, c) => {
  const polluted = result.target === 'json' ? await pollutedBody(c) : [];
  if (result.success && !polluted.length) return;
  const named = (issue: z.core.$ZodIssue) => issue.code === 'unrecognized_keys' && issue.keys.every((key) => POLLUTING.has(key));
  const refused = result.success ? [] : result.error.issues.filter((issue) => !named(issue));
  const issues = refused.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return invalid(c, [...polluted, ...issues]);
};

/** A sub-app with the contract's validation errors. */
export function subApp() {
  return new OpenAPIHono<Env>({ defaultHook: validationHook });
}

/** A route of the contract with the middleware that guards it here (who may call it). */
export function guarded<R extends RouteConfig, M extends MiddlewareHandler<Env>[]>(route: R, ...middleware: M) {
  return { ...route, middleware };
}
