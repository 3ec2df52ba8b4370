import { ApiError, ErrorCode } from '../api/errors.ts';
import type { Key } from '../i18n/en.ts';

/** How one area words its failures: by the error's code, else the field it refused, else its status, else `fallback`. */
interface Wording<V extends string = Key> {
  readonly codes?: Readonly<Record<string, V>>;
  /** By the top-level field of the first issue of a refused input. */
  readonly fields?: Readonly<Record<string, V>>;
  /** 0 is the network: /api could not be reached. */
  readonly statuses?: Readonly<Record<number, V>>;
  readonly fallback: V;
}

const PAYMENT = {
  codes: {
    [ErrorCode.paymentTimeout]: 'checkout.error.timeout',
    [ErrorCode.paymentMismatch]: 'checkout.error.mismatch',
    [ErrorCode.planUnavailable]: 'checkout.error.unavailable',
  },
  statuses: { 404: 'checkout.error.unavailable' },
} as const;

/**
 * Firebase Auth's codes. An unknown address is worded as a wrong password: the sign-in form never tells whether an
 * account exists for an address (no account enumeration).
 */
const AUTH_CODES = {
  'auth/wrong-password': 'auth.error.wrongPassword',
  'auth/invalid-credential': 'auth.error.wrongPassword',
  'auth/invalid-login-credentials': 'auth.error.wrongPassword',
  'auth/user-not-found': 'auth.error.wrongPassword',
  'auth/email-already-in-use': 'auth.error.emailInUse',
  'auth/invalid-email': 'auth.error.invalidEmail',
  'auth/missing-email': 'auth.error.invalidEmail',
  'auth/weak-password': 'auth.error.weakPassword',
  'auth/too-many-requests': 'auth.error.tooMany',
  'auth/network-request-failed': 'auth.error.network',
  'auth/popup-closed-by-user': 'auth.error.popupClosed',
  'auth/cancelled-popup-request': 'auth.error.popupClosed',
  'auth/requires-recent-login': 'auth.error.recentLogin',
} as const;

/**
 * The translated message of every failure the stores report, per area: the same failure is worded for where it
 * happens (a 404 is a course gone in the editor, a user gone on the admin screen, a plan no longer on sale at checkout).
 */
const MESSAGES = {
  course: {
    codes: { [ErrorCode.coursePublished]: 'course.error.published' },
    statuses: {
      0: 'course.error.network',
      400: 'course.error.invalid',
      401: 'course.error.unauthorized',
      403: 'course.error.forbidden',
      404: 'course.error.notFound',
      // A course deleted with its learners' history kept (archived) can no longer change: gone, as far as the editor goes.
      409: 'course.error.notFound',
    },
    fallback: 'course.error.generic',
  },
  adminUsers: {
    codes: { [ErrorCode.emailUnverified]: 'adminUsers.error.unverified' },
    statuses: {
      0: 'adminUsers.error.network',
      400: 'adminUsers.error.invalid',
      401: 'adminUsers.error.forbidden',
      403: 'adminUsers.error.forbidden',
      404: 'adminUsers.error.gone',
      409: 'adminUsers.error.lastAdmin',
    },
    fallback: 'adminUsers.error.generic',
  },
  plan: {
    fields: {
      title: 'pricing.form.error.title',
      price: 'pricing.form.error.price',
      duration: 'pricing.form.error.duration',
      description: 'pricing.form.error.description',
      courses: 'pricing.form.error.courses',
    },
    fallback: 'pricing.form.error.generic',
  },
  paypalSdk: { fallback: 'checkout.error.sdk' },
  checkoutOrder: { ...PAYMENT, fallback: 'checkout.error.create' },
  checkoutCapture: { ...PAYMENT, fallback: 'checkout.error.capture' },
  accountDeletion: { codes: { [ErrorCode.lastAdmin]: 'delete.lastAdmin' }, fallback: 'delete.error' },
  /** Firebase Auth's codes, and our own /api calls made while signing in or up. */
  auth: { codes: AUTH_CODES, statuses: { 0: 'auth.error.network' }, fallback: 'auth.error.generic' },
  /** Asking for a reset link: an address without an account is told the link is on its way, as any other. */
  passwordReset: {
    codes: { ...AUTH_CODES, 'auth/user-not-found': 'reset.sent' },
    statuses: { 0: 'auth.error.network' },
    fallback: 'auth.error.generic',
  },
} as const satisfies Record<string, Wording>;

/**
 * The failures whose words the island chooses itself (a screen of its own, a retry button, a redirect): the store
 * reports one outcome per failure, looked up the same way as a message.
 */
const OUTCOMES = {
  /**
   * Sending an attempt: the learner's sign-in was refused (expired, or signed out elsewhere), the launch link expired,
   * the plan no longer covers the course, the launch already saved another log, too fast, the day's attempts stored already.
   */
  attempt: {
    codes: { [ErrorCode.unauthorized]: 'signedOut', [ErrorCode.attemptDailyCap]: 'capped' },
    statuses: { 401: 'expired', 403: 'refused', 409: 'used', 429: 'limited' },
    fallback: 'failed',
  },
  /** Opening a stored attempt. */
  debrief: { codes: { [ErrorCode.noLongerDirector]: 'revoked' }, statuses: { 0: 'network', 404: 'gone' }, fallback: 'failed' },
  /** A press on play: not entitled (to pricing), not signed in (to login). */
  launch: { statuses: { 401: 'signIn', 403: 'denied' }, fallback: 'error' },
  /**
   * An assessment code typed in the open-case dialog: no window of this course open to the learner has it, it has
   * closed, its sitting starts later, the case was launched in it already, too many tried.
   */
  assessmentCode: {
    codes: {
      [ErrorCode.assessmentCodeUnknown]: 'unknown',
      [ErrorCode.assessmentCodeExpired]: 'expired',
      [ErrorCode.assessmentNotStarted]: 'notStarted',
      [ErrorCode.assessmentLaunchUsed]: 'used',
    },
    statuses: { 429: 'limited' },
    fallback: 'error',
  },
  /** A certificate's public page: an unknown id is a certificate we never issued. */
  verification: { statuses: { 404: 'unknown' }, fallback: 'error' },
  /** A group's page and the admin's changes to it: not one of its directors, the group gone, or refused input. */
  groups: {
    codes: { [ErrorCode.noLongerDirector]: 'revoked', [ErrorCode.invitationLimit]: 'limited', [ErrorCode.emailUnverified]: 'unverified' },
    statuses: { 400: 'invalid', 403: 'refused', 404: 'notFound' },
    fallback: 'failed',
  },
  /** Finding a user: an unknown uid (404), or text the server cannot take as an id or address (400), is nobody, not a failure. */
  userSearch: { statuses: { ...MESSAGES.adminUsers.statuses, 400: 'notFound', 404: 'notFound' }, fallback: MESSAGES.adminUsers.fallback },
} as const satisfies Record<string, Wording<string>>;

const TABLE = { ...MESSAGES, ...OUTCOMES };
type Messages = typeof TABLE;
export type ErrorArea = keyof Messages;
type KeysOf<W> = W extends unknown ? { [P in keyof W]: W[P] extends string ? W[P] : W[P][keyof W[P]] }[keyof W] : never;
/** The keys of the messages an area can show. */
export type ErrorKey<A extends ErrorArea> = KeysOf<Messages[A]>;
/** The fields an area has a message of their own for. */
export type ErrorField<A extends ErrorArea> = Messages[A] extends { fields: infer F } ? keyof F : never;

const lookup = <K extends PropertyKey>(table: Readonly<Record<K, string>> | undefined, at: K): string | undefined =>
  table && Object.hasOwn(table, at) ? table[at] : undefined;

/** The field a refused input names first (its first issue's top-level field), when the area has a message for it. */
export function errorField<A extends ErrorArea>(area: A, err: unknown): ErrorField<A> | null {
  const field = err instanceof ApiError ? err.issues[0]?.path.split('.')[0] : undefined;
  return field !== undefined && lookup((TABLE[area] as Wording<string>).fields, field) ? (field as ErrorField<A>) : null;
}

/** The key of the message to show for a failure in an area: an ApiError, a Firebase error, or anything thrown. */
export function errorKey<A extends ErrorArea>(area: A, err: unknown): ErrorKey<A> {
  const wording: Wording<string> = TABLE[area];
  const code = (err as { code?: unknown } | null | undefined)?.code;
  const field = errorField(area, err);
  const key =
    (typeof code === 'string' ? lookup(wording.codes, code) : undefined) ??
    (field === null ? undefined : lookup(wording.fields, field as string)) ??
    (err instanceof ApiError ? lookup(wording.statuses, err.status) : undefined) ??
    wording.fallback;
  return key as ErrorKey<A>;
}
