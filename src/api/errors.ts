import type { z } from '@hono/zod-openapi';
import type { ErrorBody as ErrorSchema } from './shared.ts';

/** Every error code a failed /api call can carry in `{ error, message, issues }`, and the two the browser adds itself. */
export const ErrorCode = {
  invalidJson: 'invalid_json',
  invalidBody: 'invalid_body',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  tooManyRequests: 'too_many_requests',
  internal: 'internal',
  /** A simulator launch token that is forged, expired or for another case. */
  invalidToken: 'invalid_token',
  /** An assessment code no window open to this learner for this course has. */
  assessmentCodeUnknown: 'assessment_code_unknown',
  /** The assessment window of the code has expired or was closed. */
  assessmentCodeExpired: 'assessment_code_expired',
  /** The code's sitting was scheduled for later: it does not work before its start time. */
  assessmentNotStarted: 'assessment_not_started',
  /** The learner has launched this case in this sitting as many times as it allows (one, unless the director grants another). */
  assessmentLaunchUsed: 'assessment_launch_used',
  /** The caller stored as many attempts in the last 24 hours as a day keeps (Retry-After says until when). */
  attemptDailyCap: 'attempt_daily_cap',
  /** Too many attempts are being scored at once; trying again shortly is safe. */
  busy: 'busy',
  /** An attempt's log took longer to replay than the server allows. */
  replayOverBudget: 'replay_over_budget',
  /** PayPal answered an error (or could not be reached); nothing was added. */
  paymentFailed: 'payment_failed',
  /** PayPal did not answer in time; retrying is safe (the same PayPal-Request-Id). */
  paymentTimeout: 'payment_timeout',
  /** The buyer has not approved the order in PayPal yet. */
  paymentNotApproved: 'payment_not_approved',
  /** The plan was hidden, deleted or repriced after the order was created: nothing was captured. */
  planUnavailable: 'plan_unavailable',
  /** PayPal captured something other than the order (amount, currency, plan or status): no subscription, needs a person. */
  paymentMismatch: 'payment_mismatch',
  /** The change (taking away the admin flag, deleting the account) would leave nobody an administrator. */
  lastAdmin: 'last_admin',
  /** A role given by address (a group's member or director) to a profile that has not verified that address yet. */
  emailUnverified: 'email_unverified',
  /** A group's page refused to someone who directed the group until an administrator removed them or made them a member. */
  noLongerDirector: 'no_longer_director',
  /** A director asked for more group invitations than an hour allows (LIMITS.invitations): none of the request's was made. */
  invitationLimit: 'invitation_limit',
  /** Deleting a course asked for as a draft's (never published) found it published since: nothing was deleted. */
  coursePublished: 'course_published',
  /** A local stand-in (form mail) was asked to fail, so the failure path can be tried. */
  sandboxFailure: 'sandbox_failure',
  /** The browser could not reach /api at all. */
  network: 'network',
  /** A failed answer without an error body of ours (a proxy's page, say). */
  http: 'http',
} as const;

/** The codes as a literal union: fail() on the server and ApiError in the browser take nothing else. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

const CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));
const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && CODES.has(code);

/** An /api failure's body: the schema's, with `error` one of the codes (the OpenAPI document keeps it a plain string). */
export type ErrorBody = Omit<z.infer<typeof ErrorSchema>, 'error'> & { error: ErrorCode };

/** One reason input was refused: the dotted path of the field ('' for the whole input) and what is wrong with it. */
export type Issue = NonNullable<ErrorBody['issues']>[number];

/** A failed /api call as the browser sees it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly issues: readonly Issue[];
  constructor(status: number, code: ErrorCode, message: string, issues: readonly Issue[] = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The ApiError of a failed answer, from its status and its JSON body (null when it had none, `http` when it is not ours). */
export function apiErrorOf(status: number, body: unknown, statusText: string): ApiError {
  const err = (body ?? {}) as Partial<Omit<ErrorBody, 'error'>> & { error?: unknown };
  return new ApiError(status, isErrorCode(err.error) ? err.error : ErrorCode.http, err.message ?? statusText, Array.isArray(err.issues) ? err.issues : []);
}
