import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ErrorCode, type ErrorBody, type Issue } from '../../api/errors.ts';
import { logFailure } from './log.ts';

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

/** The 400 for refused input: every issue as data, and the first one as the message ("path: message"). */
export function invalid(c: Context, issues: Issue[]) {
  const first = issues[0];
  const where = first?.path ? `${first.path}: ` : '';
  return c.json({ error: ErrorCode.invalidBody, message: `${where}${first?.message ?? 'Invalid request'}`, issues }, 400);
}
