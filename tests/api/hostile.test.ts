import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AttemptInput, CourseInput, LaunchRequest, NewCourseInput, NewUser, PaymentOrderRequest, PlanInput, UserUpdate } from '../../src/api/schemas.ts';
import { ProfileUpdate } from '../../src/api/account.ts';
import { ContactBody, SupportBody } from '../../src/api/routes/sandbox.ts';
import { expectErrorBody, useApi, validCourse, validPlan } from './support.ts';

/** Property-based: 1,000 hostile bodies per write endpoint; never a 5xx, and a refused body changes nothing. */
const RUNS = 1000;

const valid: Record<string, unknown> = {
  user: { id: 'admin', email: 'admin@example.com', name: 'A', contact: '1' },
  update: { isAdmin: true, isPremium: false, subscriptions: [] },
  course: validCourse(),
  plan: validPlan(),
  launch: { course: 'bronchoscopy', level: 1, case: 1 },
  order: { planId: 'plan-fetoscopy' },
};

const ENDPOINTS: Array<[string, string, z.ZodType, unknown]> = [
  ['POST', '/users', NewUser, valid.user],
  ['PUT', '/users/learner', UserUpdate, valid.update],
  ['PATCH', '/users/me', ProfileUpdate, { name: 'Ada Admin', contact: '+34 600 000 000' }],
  ['POST', '/courses', NewCourseInput, valid.course],
  ['PUT', '/courses/bronchoscopy', CourseInput, valid.course],
  ['POST', '/pricing', PlanInput, valid.plan],
  ['PUT', '/pricing/plan-fetoscopy', PlanInput, valid.plan],
  ['POST', '/launch', LaunchRequest, valid.launch],
  ['POST', '/payments/orders', PaymentOrderRequest, valid.order],
  ['POST', '/attempts', AttemptInput, { token: 'launch-token', events: [{ t: 0, type: 'open' }] }],
  ['POST', '/sandbox/formmail', ContactBody, { Nombre: 'Ana', Email: 'ana@example.com', Pregunta: 'Hola' }],
  ['POST', '/sandbox/forms', SupportBody, { Nombre: 'Ana', Email: 'ana@example.com', Pregunta: 'Hola', Platform: 'web', access_key: 'local-sandbox-key' }],
];

const POLLUTION = ['__proto__', 'constructor', 'prototype'];
const weird = fc.oneof(
  fc.anything({ maxDepth: 6, withNullPrototype: true, withBigInt: false }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ minLength: 5000, maxLength: 40_000 }),
  fc.double(),
  fc.constantFrom(null, true, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '\u0000', '\ud800', '<script>alert(1)</script>'),
);

/** A JSON text: a valid body with one field replaced or added, deep nesting, a pollution key, or plain junk. */
function hostileBody(base: unknown): fc.Arbitrary<string> {
  const fields = Object.keys(base as object);
  const mutated = fc.tuple(fc.constantFrom(...fields, ...POLLUTION, 'extra'), weird).map(([key, value]) => {
    const json = JSON.stringify(base).slice(0, -1);
    return `${json},${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`;
  });
  const nested = fc.integer({ min: 50, max: 5000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth));
  const pollution = fc.constantFrom(...POLLUTION).map((key) => `{${JSON.stringify(key)}:{"isAdmin":true,"polluted":true}}`);
  const junk = fc.string({ maxLength: 300 });
  const anything = weird.map((value) => JSON.stringify(value) ?? 'null');
  return fc.oneof(mutated, mutated, nested, pollution, junk, anything);
}

function parses(schema: z.ZodType, text: string): boolean {
  try {
    return schema.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

describe.each(ENDPOINTS)('%s %s with hostile bodies', (method, path, schema, base) => {
  const api = useApi();
  it(`answers ${RUNS} generated bodies with 4xx and changes nothing`, async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(hostileBody(base), async (raw) => {
        const before = await api().snapshot();
        const res = await api().call(method, path, { as: 'admin', raw });
        expect(res.status, raw.slice(0, 200)).toBeLessThan(500);
        if (!parses(schema, raw)) {
          refused++;
          expect(res.status, raw.slice(0, 200)).toBeGreaterThanOrEqual(400);
          expectErrorBody(res.json);
          expect(await api().snapshot()).toBe(before);
        }
      }),
      { numRuns: RUNS },
    );
    expect(refused).toBeGreaterThan(RUNS / 2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  }, 600_000);
});
