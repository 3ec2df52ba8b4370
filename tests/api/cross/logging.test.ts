import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeError } from '../../../src/server/http/log.ts';
import { testApi, type TestApi } from '../harness.ts';
import { errorOf } from '../support.ts';

const SECRET = 'Patient Zoe Secretname, 31 weeks';

describe('a request that fails on our side', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi();
  }, 30_000);
  afterAll(() => api.close());

  it('is logged once, with a request id the answer carries, and without the body, the SQL parameters or the token', async () => {
    const bubbles = Array.from({ length: 50 }, (_, i) => `${SECRET} ${i} ${'x'.repeat(400)}`);
    const course = { title: `Course of ${SECRET}`, subtitle: SECRET, levels: [{ title: 'Module', active: true, cases: [{ title: 'Case', bubbles }] }] };
    await api.deps.db.db.execute(sql`ALTER TABLE courses RENAME TO courses_gone`);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await api.reply(api.as('admin').courses[':id'].$put({ param: { id: 'bronchoscopy' }, json: course }));
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        error: 'internal',
        message: expect.stringContaining(errorOf(res).requestId!),
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(res.headers.get('x-request-id')).toBe(errorOf(res).requestId);
      expect(log).toHaveBeenCalledTimes(1);
      const line = log.mock.calls[0]!.map(String).join(' ');
      expect(line).toContain(`[request ${errorOf(res).requestId}] PUT /api/courses/bronchoscopy failed: query failed: `);
      expect(line).toMatch(/query failed: [^\n]* from "courses"/);
      expect(line).toContain('<- caused by: database error 42P01: relation "…" does not exist');
      expect(line).not.toContain('Secretname');
      expect(line).not.toContain(api.tokens.admin);
      expect(line.length).toBeLessThan(2000);
    } finally {
      log.mockRestore();
      await api.deps.db.db.execute(sql`ALTER TABLE courses_gone RENAME TO courses`);
    }
  });

  it('from PayPal is logged once under the request id its answer carries', async () => {
    api.deps.paypalStandIn!.misbehave({ on: 'create', kind: 'error' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await api.reply(api.as('learner').payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }));
      expect(res).toMatchObject({ status: 502, json: { error: 'payment_failed', requestId: expect.any(String) } });
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]![0])).toMatch(new RegExp(`^\\[request ${errorOf(res).requestId}\\] POST /api/payments/orders failed: PayPal create: `));
    } finally {
      log.mockRestore();
    }
  });

  it('is described in the OpenAPI document with its request id', async () => {
    const doc = (await api.call('GET', '/openapi.json')).json;
    expect(doc.components.schemas.Error.properties.requestId).toEqual({ type: 'string' });
    expect(doc.components.schemas.Error.required).toEqual(['error', 'message']);
  });
});

describe('describing an error for the log', () => {
  it('keeps the database error code, table and constraint, and blanks the values it quotes', () => {
    const failure = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower"'), {
      code: '23505',
      table: 'users',
      constraint: 'users_email_lower',
      detail: `Key (lower(email))=(${SECRET}) already exists.`,
    });
    const query = Object.assign(new Error(`Failed query: insert into "users" values ($1)\nparams: ${SECRET}`), {
      query: 'insert into "users" values ($1)',
      cause: failure,
    });
    const text = describeError(query);
    expect(text.split('\n')[0]).toBe(
      'query failed: insert into "users" values ($1) <- caused by: database error 23505: duplicate key value violates unique constraint "…" (table users, constraint users_email_lower)',
    );
    expect(text).not.toContain('Secretname');
  });

  it('blanks what JSON.parse quotes back from a body', () => {
    let parseError: unknown;
    try {
      JSON.parse(`{"name": "${SECRET}"`);
    } catch (err) {
      parseError = err;
    }
    expect(describeError(parseError)).not.toContain('Secretname');
  });
});
