import { describe, expect, it } from 'vitest';
import { attempt, COURSE, GROUPS, passAll, ROLES, setUp, type Role } from '../learning-support.ts';
import { useApi, oneCourse } from '../support.ts';
import type { TestApi } from '../harness.ts';

/** Who reads a learner's record: the learner, their group's director and admins; not another learner nor another group's director. */
const RECORD: Partial<Record<Role, number>> = { learner: 200, director: 200, admin: 200 };
const ADMIN_ONLY = (status: number): Partial<Record<Role, number>> => ({ admin: status });
const DIRECTORS: Partial<Record<Role, number>> = { director: 200, admin: 200 };
const SIGNED_IN: Partial<Record<Role, number>> = { learner: 200, other: 200, elsewhere: 200, director: 200, admin: 200 };

interface Route {
  method: string;
  path: (ids: Ids) => string;
  body?: unknown;
  /** The status of each role allowed in; every other signed-in role gets 403, the anonymous 401 (or `public`). */
  allowed: Partial<Record<Role, number>>;
  public?: boolean;
}

interface Ids {
  certificate: string;
  attempt: string;
}

const f = GROUPS.fellowship;
const ROUTES: Route[] = [
  { method: 'GET', path: () => `/progress?course=${COURSE}`, allowed: SIGNED_IN },
  { method: 'GET', path: () => `/progress?course=${COURSE}&userId=learner`, allowed: RECORD },
  { method: 'GET', path: () => '/progress?userId=learner', allowed: RECORD },
  { method: 'GET', path: () => '/certificates?userId=learner', allowed: RECORD },
  { method: 'GET', path: (ids) => `/certificates/${ids.certificate}`, allowed: {}, public: true },
  { method: 'GET', path: (ids) => `/certificates/${ids.certificate}/pdf`, allowed: RECORD },
  { method: 'POST', path: (ids) => `/certificates/${ids.certificate}/revoke`, body: { reason: 'Test' }, allowed: ADMIN_ONLY(200) },
  { method: 'GET', path: () => '/groups', allowed: SIGNED_IN },
  // Anyone with a verified address starts a group of their own (the roles' tokens are verified).
  { method: 'POST', path: () => '/groups', body: { name: 'New programme' }, allowed: { learner: 201, other: 201, elsewhere: 201, director: 201, admin: 201 } },
  { method: 'GET', path: () => `/groups/${f}`, allowed: DIRECTORS },
  { method: 'PUT', path: () => `/groups/${f}`, body: { name: 'Renamed' }, allowed: { director: 200, admin: 200 } },
  { method: 'DELETE', path: () => `/groups/${f}`, allowed: { director: 204, admin: 204 } },
  { method: 'POST', path: () => `/groups/${f}/members`, body: { email: 'other@example.com', role: 'member' }, allowed: ADMIN_ONLY(200) },
  { method: 'DELETE', path: () => `/groups/${f}/members/learner`, allowed: { director: 200, admin: 200 } },
  { method: 'GET', path: () => `/groups/${f}/progress`, allowed: DIRECTORS },
  { method: 'GET', path: () => `/groups/${f}/export.csv`, allowed: DIRECTORS },
  { method: 'PUT', path: () => `/groups/${f}/assignments/${COURSE}`, body: { dueAt: '2026-01-01T00:00:00Z' }, allowed: DIRECTORS },
  { method: 'GET', path: () => `/groups/${f}/assignments`, allowed: DIRECTORS },
  { method: 'POST', path: () => `/groups/${f}/reminders`, allowed: DIRECTORS },
  { method: 'GET', path: (ids) => `/attempts/${ids.attempt}`, allowed: RECORD },
  { method: 'GET', path: () => '/attempts?userId=learner', allowed: RECORD },
  { method: 'GET', path: () => '/attempts/summary?userId=learner', allowed: RECORD },
];

async function prepare(api: TestApi): Promise<Ids> {
  await setUp(api);
  await passAll(api, 'learner');
  const id = await attempt(api, 'learner', 1, 1, 40);
  const certificate = oneCourse((await api.reply(api.as('learner').progress.$get({ query: { course: COURSE } }))).json).certificate!.id;
  return { certificate, attempt: id };
}

const cases = ROUTES.flatMap((route) =>
  (Object.keys(ROLES) as Role[]).map((role) => [`${route.method} ${route.path({ certificate: '{id}', attempt: '{id}' })}`, role, route] as const),
);

describe('the learning-record routes for learner, other learner, director of another group, director, admin and anonymous', () => {
  const api = useApi();

  it.each(cases)('%s as %s', async (_name, role, route) => {
    const ids = await prepare(api());
    const expected = route.public ? 200 : role === 'anonymous' ? 401 : (route.allowed[role] ?? 403);
    const before = await api().snapshot();
    const res = await api().call(route.method, route.path(ids), { as: ROLES[role], body: route.body });
    expect(res.status).toBe(expected);
    if (expected >= 400) {
      expect(res.json).toEqual({ error: expected === 401 ? 'unauthorized' : 'forbidden', message: expect.any(String) });
      expect(await api().snapshot()).toBe(before);
    }
  });
});

describe('the OpenAPI document', () => {
  const api = useApi();

  it('describes every learning-record route with the common error body', async () => {
    const doc = (await api().call('GET', '/openapi.json')).json;
    const paths = [
      '/progress',
      '/certificates',
      '/certificates/{id}',
      '/certificates/{id}/pdf',
      '/certificates/{id}/revoke',
      '/groups',
      '/groups/{id}',
      '/groups/{id}/members',
      '/groups/{id}/members/{userId}',
      '/groups/{id}/progress',
      '/groups/{id}/export.csv',
      '/groups/{id}/assignments',
      '/groups/{id}/assignments/{courseId}',
      '/groups/{id}/reminders',
    ];
    for (const path of paths.map((p) => `/api${p}`)) {
      expect(doc.paths[path], path).toBeDefined();
      for (const op of Object.values(doc.paths[path]) as any[]) {
        for (const [status, response] of Object.entries(op.responses) as [string, any][]) {
          if (Number(status) >= 400) expect(response.content['application/json'].schema, `${path} ${status}`).toEqual({ $ref: '#/components/schemas/Error' });
        }
      }
    }
  });
});
