import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { TestApi } from '../harness.ts';
import { PROJECT } from '../harness.ts';
import { auditTrail, CALLERS, expectRawRefused, expectRefused, useApi, validCourse, validPlan, typedClient } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);
const everyone = Object.keys(CALLERS) as Array<keyof typeof CALLERS>;

/** The same API with other configuration values, sharing the test database. */
async function getWith(base: TestApi, config: Partial<TestApi['deps']['config']>, path: string) {
  const app = createApp({ ...base.deps, config: { ...base.deps.config, ...config } });
  const res = await app.request(`/api${path}`);
  return { status: res.status, json: await res.json() };
}

describe('GET /unityversion', () => {
  it.each(everyone)('answers the browser simulator address to %s', async (who) => {
    const res = await reply(as(CALLERS[who]).unityversion.$get({}));
    expect(res).toMatchObject({ status: 200, json: { production: '/simulator' } });
    expect(Object.keys(res.json)).toEqual(['production']);
  });

  it('takes the address from configuration', async () => {
    expect(await getWith(api(), { simulatorUrl: 'https://sim.example.org/webgl/' }, '/unityversion')).toEqual({
      status: 200,
      json: { production: 'https://sim.example.org/webgl/' },
    });
  });
});

describe('GET /config', () => {
  it.each(everyone)('answers the public Firebase settings and the emulator address to %s', async (who) => {
    const res = await reply(as(CALLERS[who]).config.$get({}));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      firebase: { apiKey: 'demo-api-key', authDomain: `${PROJECT}.firebaseapp.com`, projectId: PROJECT },
      authEmulatorUrl: 'http://127.0.0.1:9099',
      paypal: { clientId: 'standin', sdkBaseUrl: '/api/sandbox/paypal/sdk/js', environment: 'sandbox', testPayments: true },
      forms: { contactUrl: '/api/sandbox/formmail', supportUrl: '/api/sandbox/forms', accessKey: 'local-sandbox-key' },
      promoVideoUrl: '/media/promo.webm',
      chatNumber: '34600000000',
    });
  });

  it('answers the configured form services, video and chat number instead of the stand-ins', async () => {
    const config = {
      formMailUrl: 'https://mail.example.org/f/abc',
      formSubmitUrl: 'https://forms.example.org/submit',
      formAccessKey: 'k-123',
      promoVideoUrl: 'https://cdn.example.org/promo.mp4',
      chatNumber: '15550001111',
    };
    expect((await getWith(api(), config, '/config')).json).toMatchObject({
      forms: { contactUrl: 'https://mail.example.org/f/abc', supportUrl: 'https://forms.example.org/submit', accessKey: 'k-123' },
      promoVideoUrl: 'https://cdn.example.org/promo.mp4',
      chatNumber: '15550001111',
    });
  });

  it('answers no emulator address when none is configured', async () => {
    expect((await getWith(api(), { authEmulatorHost: null }, '/config')).json.authEmulatorUrl).toBeNull();
  });
});

describe('GET /audit', () => {
  it.each([
    ['anonymous', 401],
    ['learner', 403],
    ['other', 403],
  ] as const)('refuses %s with %i', async (who, status) => {
    await expectRefused(api(), (a) => a.as(CALLERS[who]).audit.$get({ query: {} }), status);
  });

  it('starts empty and lists course, plan and user changes newest first', async () => {
    expect(await auditTrail(api())).toEqual([]);
    const { json: courseId } = await reply(as('admin').courses.$post({ json: validCourse() }));
    const { json: plan } = await reply(as('admin').pricing.$post({ json: validPlan() }));
    await reply(as('admin').users[':id'].$put({ param: { id: 'learner' }, json: { isAdmin: false, isPremium: true, subscriptions: [] } }));
    const trail = await auditTrail(api());
    expect(trail.map((e) => [e.entity, e.entityId, e.action])).toEqual([
      ['user', 'learner', 'update'],
      ['plan', plan.id, 'create'],
      ['course', courseId, 'create'],
    ]);
    for (const entry of trail) {
      expect(entry).toMatchObject({ id: expect.any(Number), actor: 'admin', actorEmail: 'admin@example.com' });
      expect(new Date(entry.at).toISOString()).toBe(entry.at);
    }
  });

  it('filters by entity and id and limits the count', async () => {
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() }));
    await reply(as('admin').courses[':id'].$put({ param: { id: 'pleuroamniotic' }, json: validCourse() }));
    await reply(as('admin').pricing[':id'].$delete({ param: { id: 'plan-pilot' } }));
    expect((await auditTrail(api(), '?entity=course')).map((e) => e.entityId)).toEqual(['pleuroamniotic', 'bronchoscopy']);
    expect((await auditTrail(api(), '?entity=course&id=bronchoscopy')).map((e) => e.entityId)).toEqual(['bronchoscopy']);
    expect((await auditTrail(api(), '?entity=plan')).map((e) => e.action)).toEqual(['delete']);
    expect(await auditTrail(api(), '?limit=1')).toHaveLength(1);
    expect(await auditTrail(api(), '?entity=user')).toEqual([]);
  });

  it('records nothing for reads and refusals', async () => {
    await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }));
    await reply(as('admin').pricing.$get({ query: {} }));
    await reply(as('learner').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse() }));
    await reply(as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: validCourse({ title: '' }) }));
    expect(await auditTrail(api())).toEqual([]);
  });

  it.each(['entity=order', 'limit=0', 'limit=501', 'limit=ten', 'actor=admin', 'id=a%00b', `id=${'x'.repeat(129)}`])(
    'refuses the query %s with 400',
    async (query) => {
      await expectRawRefused(api(), 'GET', `/audit?${query}`, { as: 'admin' }, 400);
    },
  );
});

describe('GET /openapi.json', () => {
  const ROUTES = {
    '/api/users': ['get', 'post'],
    '/api/users/{id}': ['get', 'put'],
    '/api/courses': ['get', 'post'],
    '/api/courses/{id}': ['get', 'put', 'delete'],
    '/api/course-drafts': ['get'],
    '/api/courses/{id}/draft': ['get', 'put', 'delete'],
    '/api/courses/{id}/publish': ['post'],
    '/api/courses/{id}/preview': ['post'],
    '/api/courses/{id}/impact': ['get'],
    '/api/pricing': ['get', 'post'],
    '/api/pricing/{id}': ['put', 'delete'],
    '/api/pricing/{id}/subscribers': ['get'],
    '/api/unityversion': ['get'],
    '/api/config': ['get'],
    '/api/audit': ['get'],
    '/api/launch': ['post'],
    '/api/launch/verify': ['get'],
    '/api/payments/orders': ['post'],
    '/api/payments/orders/{orderId}/capture': ['post'],
    '/api/users/me': ['patch', 'delete'],
    '/api/users/me/export': ['get'],
    '/api/users/me/export/logs': ['get'],
    '/api/users/me/language': ['put'],
    '/api/users/me/subscriptions': ['get'],
    '/api/users/me/billing': ['get', 'put'],
    '/api/users/me/terms': ['put'],
    '/api/receipts': ['get'],
    '/api/receipts/{orderId}': ['get'],
    '/api/receipts/{orderId}/pdf': ['get'],
    '/api/attempts': ['post', 'get'],
    '/api/attempts/summary': ['get'],
    '/api/attempts/{id}': ['get'],
    '/api/benchmarks': ['get'],
    '/api/progress': ['get'],
    '/api/learning': ['get'],
    '/api/learning/scores': ['get'],
    '/api/learning/groups': ['get'],
    '/api/learning/groups/{id}': ['delete'],
    '/api/learning/invitations/{id}/accept': ['post'],
    '/api/learning/invitations/{id}/decline': ['post'],
    '/api/certificates': ['get'],
    '/api/certificates/{id}': ['get'],
    '/api/certificates/{id}/pdf': ['get'],
    '/api/certificates/{id}/revoke': ['post'],
    '/api/groups': ['get', 'post'],
    '/api/groups/{id}': ['get', 'put', 'delete'],
    '/api/groups/{id}/members': ['post'],
    '/api/groups/{id}/members/{userId}': ['delete'],
    '/api/groups/{id}/assignments': ['get'],
    '/api/groups/{id}/assignments/{courseId}': ['put', 'delete'],
    '/api/groups/{id}/reminders': ['post'],
    '/api/groups/{id}/invitations': ['post'],
    '/api/groups/{id}/invitations/{invitationId}': ['delete'],
    '/api/groups/{id}/progress': ['get'],
    '/api/images': ['post'],
    '/api/images/{name}': ['get'],
    '/api/groups/{id}/export.csv': ['get'],
    '/api/assessments': ['post', 'get'],
    '/api/assessments/mine': ['get'],
    '/api/assessments/{id}/close': ['post'],
    '/api/assessments/{id}/launches': ['get'],
    '/api/assessments/{id}/grants': ['post'],
    '/api/user-list': ['get'],
    '/api/user-list/export.csv': ['get'],
    '/api/sandbox/formmail': ['post'],
    '/api/sandbox/forms': ['post'],
    '/api/sandbox/messages': ['get'],
  };

  it.each(everyone)('is public: answers the OpenAPI 3.1 document to %s', async (who) => {
    const res = await api().call('GET', '/openapi.json', { as: CALLERS[who] });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe('3.1.0');
    expect(res.json.info.title).toBe('Fetal Surgery Academy API');
  });

  it('describes every route of the API, and no other', async () => {
    const { paths } = (await api().call('GET', '/openapi.json')).json;
    expect(Object.fromEntries(Object.entries<Record<string, unknown>>(paths).map(([p, ops]) => [p, Object.keys(ops)]))).toEqual(ROUTES);
  });

  it('marks every route that needs a token with the bearer scheme, and the public ones without', async () => {
    const doc = (await api().call('GET', '/openapi.json')).json;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const isPublic = (path: string, method: string) =>
      (method === 'get' &&
        [
          '/api/courses',
          '/api/courses/{id}',
          '/api/pricing',
          '/api/unityversion',
          '/api/config',
          '/api/launch/verify',
          '/api/benchmarks',
          '/api/certificates/{id}',
          '/api/images/{name}',
        ].includes(path)) ||
      (method === 'post' && ['/api/sandbox/formmail', '/api/sandbox/forms'].includes(path));
    for (const [path, methods] of Object.entries(ROUTES)) {
      for (const method of methods) {
        const op = doc.paths[path][method];
        expect({ path, method, security: op.security }).toEqual({ path, method, security: isPublic(path, method) ? undefined : [{ bearer: [] }] });
        if (!isPublic(path, method)) expect(op.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
      }
    }
  });

  it('carries the bounds the routes validate with', async () => {
    const doc = (await api().call('GET', '/openapi.json')).json;
    const plan = doc.paths['/api/pricing'].post.requestBody.content['application/json'].schema;
    expect(plan.additionalProperties).toBe(false);
    expect(plan.properties.title).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(plan.properties.price).toMatchObject({ type: 'number', exclusiveMinimum: 0, multipleOf: 0.01 });
    expect(plan.properties.duration).toMatchObject({ type: 'integer', minimum: 1, maximum: 120 });
    const course = doc.paths['/api/courses/{id}'].put.requestBody.content['application/json'].schema;
    expect(course.properties.levels.maxItems).toBe(100);
    expect(course.properties.levels.items.properties.cases.maxItems).toBe(200);
    expect(doc.components.schemas.Error).toMatchObject({ required: ['error', 'message'] });
  });
});
