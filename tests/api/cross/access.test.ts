import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../src/api/errors.ts';
import { paramsOfCase } from '../../../src/domain/simulator/index.ts';
import { attempts, users } from '../../../src/server/db/schema.ts';
import { signLaunchToken } from '../../../src/server/launch/launch-token.ts';
import { token } from '../harness.ts';
import { expectErrorBody, PRODUCTION_ENV, useApi, validCourse, validPlan, typedClient } from '../support.ts';
import { TERMS_VERSION } from '../../../src/domain/legal.ts';

/** Every route, every kind of caller: the status each gets, and that a refusal changes nothing. */
type Caller = 'anonymous' | 'expired' | 'otherProject' | 'learner' | 'other' | 'admin';
type Access = 'public' | 'user' | 'self' | 'admin';

const bearer: Record<Caller, string | null> = {
  anonymous: null,
  expired: token('learner', { expiresIn: -60 }),
  otherProject: token('learner', { project: 'someone-elses-project' }),
  learner: 'learner',
  other: 'other',
  admin: 'admin',
};

interface Route {
  method: string;
  path: string;
  body?: unknown;
  access: Access;
  /** The status a caller who passes the access check gets (default: ok for all). */
  ok: number | Partial<Record<Caller, number>>;
  /** The error code of each refusal status in `ok`. */
  codes?: Partial<Record<number, ErrorCode>>;
}

/** An attempt of the learner's, stored before each test, for the routes that read one. */
const LEARNERS_ATTEMPT = 'a'.repeat(64);

const ROUTES: Route[] = [
  { method: 'GET', path: '/users', access: 'admin', ok: 200 },
  { method: 'GET', path: '/user-list?q=lea&role=learner&sort=name', access: 'admin', ok: 200 },
  { method: 'GET', path: '/user-list/export.csv?access=none', access: 'admin', ok: 200 },
  { method: 'GET', path: '/users/learner', access: 'self', ok: 200 },
  {
    method: 'POST',
    path: '/users',
    body: { id: 'learner', email: 'learner@example.com', isAdmin: true, isPremium: true, acceptedTerms: TERMS_VERSION },
    access: 'user',
    ok: { learner: 409, other: 403, admin: 403 },
    codes: { 409: ErrorCode.conflict, 403: ErrorCode.forbidden },
  },
  { method: 'PUT', path: '/users/learner', body: { isAdmin: true, isPremium: true, subscriptions: [] }, access: 'admin', ok: 200 },
  { method: 'PATCH', path: '/users/me', body: { name: 'Lea', contact: '' }, access: 'user', ok: 200 },
  { method: 'GET', path: '/users/me/export', access: 'user', ok: 200 },
  { method: 'GET', path: '/users/me/export/logs', access: 'user', ok: 200 },
  { method: 'DELETE', path: '/users/me', access: 'user', ok: { learner: 204, other: 204, admin: 409 }, codes: { 409: ErrorCode.lastAdmin } },
  { method: 'GET', path: '/courses', access: 'public', ok: 200 },
  { method: 'GET', path: '/courses/bronchoscopy', access: 'public', ok: 200 },
  { method: 'POST', path: '/courses', body: {}, access: 'admin', ok: 201 },
  { method: 'PUT', path: '/courses/bronchoscopy', body: validCourse(), access: 'admin', ok: 200 },
  { method: 'DELETE', path: '/courses/bronchoscopy', access: 'admin', ok: 204 },
  { method: 'GET', path: '/course-drafts', access: 'admin', ok: 200 },
  { method: 'GET', path: '/courses/bronchoscopy/draft', access: 'admin', ok: 200 },
  { method: 'PUT', path: '/courses/bronchoscopy/draft', body: validCourse(), access: 'admin', ok: 200 },
  { method: 'DELETE', path: '/courses/bronchoscopy/draft', access: 'admin', ok: 200 },
  { method: 'POST', path: '/courses/bronchoscopy/publish', access: 'admin', ok: 409, codes: { 409: ErrorCode.conflict } },
  { method: 'POST', path: '/courses/bronchoscopy/preview', access: 'admin', ok: 200 },
  { method: 'GET', path: '/courses/bronchoscopy/impact', access: 'admin', ok: 200 },
  { method: 'GET', path: '/pricing', access: 'public', ok: 200 },
  { method: 'POST', path: '/pricing', body: validPlan(), access: 'admin', ok: 201 },
  { method: 'PUT', path: '/pricing/plan-fetoscopy', body: validPlan(), access: 'admin', ok: 200 },
  { method: 'DELETE', path: '/pricing/plan-fetoscopy', access: 'admin', ok: 204 },
  { method: 'GET', path: '/pricing/plan-fetoscopy/subscribers', access: 'admin', ok: 200 },
  { method: 'GET', path: '/unityversion', access: 'public', ok: 200 },
  { method: 'GET', path: '/config', access: 'public', ok: 200 },
  { method: 'GET', path: '/openapi.json', access: 'public', ok: 200 },
  { method: 'GET', path: '/audit', access: 'admin', ok: 200 },
  {
    method: 'POST',
    path: '/launch',
    body: { course: 'bronchoscopy', level: 1, case: 1 },
    access: 'user',
    ok: { learner: 403, other: 403, admin: 201 },
    codes: { 403: ErrorCode.forbidden },
  },
  { method: 'POST', path: '/payments/orders', body: { planId: 'plan-fetoscopy' }, access: 'user', ok: 201 },
  { method: 'POST', path: '/payments/orders/no-such-order/capture', access: 'user', ok: 404, codes: { 404: ErrorCode.notFound } },
  { method: 'GET', path: '/receipts', access: 'user', ok: 200 },
  { method: 'GET', path: '/receipts?userId=learner', access: 'self', ok: 200 },
  { method: 'GET', path: '/receipts/no-such-order', access: 'user', ok: 404, codes: { 404: ErrorCode.notFound } },
  { method: 'GET', path: '/receipts/no-such-order/pdf', access: 'user', ok: 404, codes: { 404: ErrorCode.notFound } },
  { method: 'GET', path: '/attempts', access: 'user', ok: 200 },
  { method: 'GET', path: '/attempts?userId=learner', access: 'self', ok: 200 },
  { method: 'GET', path: '/attempts/summary?courseId=bronchoscopy', access: 'user', ok: 200 },
  {
    method: 'POST',
    path: '/attempts',
    body: { token: 'not-a-launch-token', events: [{ t: 0, type: 'open', scope: 'straight' }] },
    access: 'user',
    ok: 401,
    codes: { 401: ErrorCode.invalidToken },
  },
  { method: 'GET', path: `/attempts/${LEARNERS_ATTEMPT}`, access: 'self', ok: 200 },
  { method: 'GET', path: '/benchmarks?courseId=fetoscopy-simulator', access: 'public', ok: 200 },
  { method: 'GET', path: '/learning', access: 'user', ok: 200 },
  { method: 'GET', path: '/learning/scores?course=bronchoscopy', access: 'user', ok: 200 },
];

/** The status the caller gets, and for a refusal its error code: the access checks' own, or the route's. */
function expected(route: Route, caller: Caller): { status: number; error?: ErrorCode } {
  const ok = typeof route.ok === 'number' ? route.ok : (route.ok[caller] ?? 200);
  const signedIn = caller === 'learner' || caller === 'other' || caller === 'admin';
  if (route.access !== 'public') {
    if (!signedIn) return { status: 401, error: ErrorCode.unauthorized };
    if (route.access === 'admin' && caller !== 'admin') return { status: 403, error: ErrorCode.forbidden };
    if (route.access === 'self' && caller === 'other') return { status: 403, error: ErrorCode.forbidden };
  }
  return { status: ok, error: route.codes?.[ok] };
}

const CALLERS = Object.keys(bearer) as Caller[];
const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => [`${route.method} ${route.path}`, caller, route] as const));

describe('every route for every caller', () => {
  const api = useApi();
  const { as, reply } = typedClient(api);
  beforeEach(async () => {
    await api()
      .deps.db.db.insert(attempts)
      .values({ id: LEARNERS_ATTEMPT, userId: 'learner', courseId: 'fetoscopy-simulator', caseId: 'm1c1', level: 1, caseIndex: 1, score: 50, metrics: {} });
  });

  it.each(cases)('%s as %s', async (_name, caller, route) => {
    const before = await api().snapshot();
    const res = await api().call(route.method, route.path, { as: bearer[caller], body: route.body });
    const { status, error } = expected(route, caller);
    expect(res.status).toBe(status);
    if (status >= 400) {
      expect(error).toBeDefined();
      expect(res.json).toEqual({ error, message: expect.any(String) });
      expect(await api().snapshot()).toBe(before);
    }
    // No caller but an admin raises the learner's record; deleting one's own account removes it instead.
    if (caller !== 'admin' && !(caller === 'learner' && route.method === 'DELETE' && route.path === '/users/me')) {
      const [learner] = await api().deps.db.db.select().from(users).where(eq(users.id, 'learner'));
      expect(learner).toMatchObject({ isAdmin: false, isPremium: false, subscriptions: [] });
    }
  });

  it('verifies launch tokens for anyone, and refuses a forged one', async () => {
    const good = await signLaunchToken('local-development-launch-secret', {
      uid: 'learner',
      course: 'bronchoscopy',
      level: 1,
      case: 1,
      caseId: 'm1c1',
      variant: 1,
      sim: paramsOfCase(undefined, 1, 1),
    });
    for (const caller of CALLERS) {
      expect((await reply(as(bearer[caller]).launch.verify.$get({ query: { token: good } }))).status).toBe(200);
      const forged = await reply(as(bearer[caller]).launch.verify.$get({ query: { token: `${good}x` } }));
      expect(forged.status).toBe(401);
      expectErrorBody(forged.json, ErrorCode.invalidToken);
    }
  });
});

describe('a forged unsigned token in production mode', () => {
  const api = useApi(PRODUCTION_ENV);

  it.each(ROUTES.filter((r) => r.access !== 'public').map((r) => [`${r.method} ${r.path}`, r] as const))('%s is refused with 401', async (_name, route) => {
    const before = await api().snapshot();
    const res = await api().call(route.method, route.path, { as: token('admin'), body: route.body });
    expect(res.status).toBe(401);
    expectErrorBody(res.json, ErrorCode.unauthorized);
    expect(await api().snapshot()).toBe(before);
  });
});
