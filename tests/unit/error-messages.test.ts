import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf, ErrorCode } from '../../src/api/errors.ts';
import { errorField, errorKey } from '../../src/stores/error-messages.ts';

const refused = (...paths: string[]) =>
  new ApiError(
    400,
    ErrorCode.invalidBody,
    'refused',
    paths.map((path) => ({ path, message: 'wrong' })),
  );

describe('a failed answer as an ApiError', () => {
  it('carries the code, message and issues of our error body', () => {
    const err = apiErrorOf(400, { error: 'invalid_body', message: 'price: Too small', issues: [{ path: 'price', message: 'Too small' }] }, 'Bad Request');
    expect(err).toMatchObject({ status: 400, code: 'invalid_body', message: 'price: Too small', issues: [{ path: 'price', message: 'Too small' }] });
  });

  it('falls back on the status text and the http code for a body that is not ours', () => {
    for (const body of [null, 'Bad gateway', { detail: 'x' }]) {
      expect(apiErrorOf(502, body, 'Bad Gateway')).toMatchObject({ status: 502, code: ErrorCode.http, message: 'Bad Gateway', issues: [] });
    }
  });

  it('takes only the codes of the contract: another code is a body that is not ours', () => {
    expect(apiErrorOf(409, { error: 'lastAdmin', message: 'No' }, 'Conflict')).toMatchObject({ status: 409, code: ErrorCode.http, message: 'No' });
  });
});

describe('the messages of failures', () => {
  it.each([
    ['checkoutOrder', ErrorCode.paymentTimeout, 504, 'checkout.error.timeout'],
    ['checkoutOrder', ErrorCode.paymentMismatch, 409, 'checkout.error.mismatch'],
    ['checkoutOrder', ErrorCode.planUnavailable, 409, 'checkout.error.unavailable'],
    ['checkoutOrder', ErrorCode.notFound, 404, 'checkout.error.unavailable'],
    ['checkoutOrder', ErrorCode.paymentFailed, 502, 'checkout.error.create'],
    ['checkoutCapture', ErrorCode.paymentTimeout, 504, 'checkout.error.timeout'],
    ['checkoutCapture', ErrorCode.paymentNotApproved, 409, 'checkout.error.capture'],
    ['checkoutCapture', ErrorCode.network, 0, 'checkout.error.capture'],
    ['accountDeletion', ErrorCode.lastAdmin, 409, 'delete.lastAdmin'],
    ['accountDeletion', ErrorCode.internal, 500, 'delete.error'],
    ['auth', ErrorCode.network, 0, 'auth.error.network'],
    ['auth', ErrorCode.conflict, 409, 'auth.error.generic'],
    ['attempt', ErrorCode.unauthorized, 401, 'signedOut'],
    ['attempt', ErrorCode.invalidToken, 401, 'expired'],
    ['groups', ErrorCode.noLongerDirector, 403, 'revoked'],
    ['groups', ErrorCode.forbidden, 403, 'refused'],
    ['groups', ErrorCode.invitationLimit, 429, 'limited'],
    ['debrief', ErrorCode.noLongerDirector, 403, 'revoked'],
    ['debrief', ErrorCode.forbidden, 403, 'failed'],
    ['course', ErrorCode.conflict, 409, 'course.error.notFound'],
    ['course', ErrorCode.coursePublished, 409, 'course.error.published'],
  ] as const)('%s: %s (%i) is %s', (area, code, status, key) => {
    expect(errorKey(area, new ApiError(status, code, 'm'))).toBe(key);
  });

  it.each([
    ['attempt', 401, 'expired'],
    ['attempt', 409, 'used'],
    ['attempt', 503, 'failed'],
    ['debrief', 0, 'network'],
    ['debrief', 404, 'gone'],
    ['launch', 401, 'signIn'],
    ['launch', 403, 'denied'],
    ['launch', 500, 'error'],
    ['verification', 404, 'unknown'],
    ['groups', 404, 'notFound'],
    ['groups', 403, 'refused'],
    ['userSearch', 400, 'notFound'],
    ['userSearch', 409, 'adminUsers.error.lastAdmin'],
  ] as const)('reports %s answered %i as the outcome %s', (area, status, outcome) => {
    expect(errorKey(area, new ApiError(status, ErrorCode.http, 'm'))).toBe(outcome);
  });

  it('reports anything thrown that is not an answer of ours as the outcome of last resort', () => {
    for (const area of ['attempt', 'debrief', 'groups'] as const) expect(errorKey(area, new TypeError('Failed to fetch'))).toBe('failed');
  });

  it('words a Firebase error by its code, and anything else thrown by the fallback', () => {
    expect(errorKey('auth', Object.assign(new Error('x'), { code: 'auth/invalid-credential' }))).toBe('auth.error.wrongPassword');
    expect(errorKey('auth', Object.assign(new Error('x'), { code: 'auth/requires-recent-login' }))).toBe('auth.error.recentLogin');
    expect(errorKey('auth', Object.assign(new Error('x'), { code: 'auth/unheard-of' }))).toBe('auth.error.generic');
    expect(errorKey('checkoutOrder', new TypeError('Failed to fetch'))).toBe('checkout.error.create');
    expect(errorKey('paypalSdk', new Error('The PayPal SDK loaded without Buttons'))).toBe('checkout.error.sdk');
    expect(errorKey('accountDeletion', undefined)).toBe('delete.error');
  });

  it('words an unknown account as a wrong password, and tells a reset request the link is on its way (no account enumeration)', () => {
    const failed = (code: string) => Object.assign(new Error('x'), { code });
    expect(errorKey('auth', failed('auth/user-not-found'))).toBe(errorKey('auth', failed('auth/wrong-password')));
    expect(errorKey('auth', failed('auth/user-not-found'))).toBe('auth.error.wrongPassword');
    expect(errorKey('passwordReset', failed('auth/user-not-found'))).toBe('reset.sent');
    expect(errorKey('passwordReset', failed('auth/invalid-email'))).toBe('auth.error.invalidEmail');
  });

  it('pins a refused plan to the field of its first issue, read from the issues and never from the message', () => {
    expect(errorField('plan', refused('price', 'title'))).toBe('price');
    expect(errorKey('plan', refused('price', 'title'))).toBe('pricing.form.error.price');
    expect(errorField('plan', refused('courses.0'))).toBe('courses');
    expect(errorKey('plan', refused('courses.0'))).toBe('pricing.form.error.courses');
    expect(errorField('plan', new ApiError(400, ErrorCode.invalidBody, 'price: Too small'))).toBeNull();
  });

  it('keeps a field without a message of its own, or no field, for the whole form', () => {
    for (const err of [refused('visibility'), refused('translations.es.title'), refused(''), refused('constructor'), new ApiError(500, 'internal', 'm')]) {
      expect(errorField('plan', err)).toBeNull();
      expect(errorKey('plan', err)).toBe('pricing.form.error.generic');
    }
  });
});
