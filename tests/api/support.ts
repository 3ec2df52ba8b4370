import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ClientResponse } from 'hono/client';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { ErrorCode, type ErrorBody } from '../../src/api/errors.ts';
import type { PlanInput } from '../../src/api/pricing.ts';
import { createApp } from '../../src/server/app.ts';
import { Catalogue } from '../../src/server/courses/catalogue.ts';
import { catalogueAnswers } from '../../src/server/courses/index.ts';
import { API_POLICY, commonHeaders } from '../../src/server/http/security.ts';
import { RateLimiter, type Limit } from '../../src/server/http/rate-counters.ts';
import { openDatabase, rowsOf } from '../../src/server/db/client.ts';
import { UserCache } from '../../src/server/users/user-cache.ts';
import { testApi, type TestApi } from './harness.ts';

type CallOptions = Parameters<TestApi['call']>[2];

/**
 * The typed client of a test file's API: `await reply(as('admin').pricing.$get())` sends a request the contract
 * describes as that caller and reads the answer (status, JSON, headers).
 */
export function typedClient(api: () => TestApi) {
  const reply: TestApi['reply'] = (request) => api().reply(request);
  return { as: (who: Parameters<TestApi['as']>[0]) => api().as(who), reply };
}

/** A refused request's body, the contract's error answer (the typed client types each route's success body). */
export function errorOf(res: { json: unknown }): ErrorBody {
  return res.json as ErrorBody;
}

/** /progress answers one course when its query names one, and every course's line otherwise: the answer as the one course. */
export function oneCourse<T>(json: T): Exclude<T, readonly unknown[]> {
  expect(Array.isArray(json)).toBe(false);
  return json as Exclude<T, readonly unknown[]>;
}

/** /progress's answer without a course in its query: every course's line. */
export function everyCourse<T>(json: T): Extract<T, readonly unknown[]> {
  expect(Array.isArray(json)).toBe(true);
  return json as Extract<T, readonly unknown[]>;
}

/** The four callers the role tests run as; `null` is anonymous. */
export const CALLERS = { anonymous: null, learner: 'learner', other: 'other', admin: 'admin' } as const;
export type CallerName = keyof typeof CALLERS;

/** The error code each refusal status answers with. */
const CODES: Record<number, string> = {
  400: ErrorCode.invalidBody,
  401: ErrorCode.unauthorized,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
};

/**
 * One API (creating one costs a second on PGlite) per test file, put back before every test to the harness's
 * starting state: every table holds again exactly the rows it held then (the seeded catalogue, its pictures and the
 * three users), a table added later included, and no rate limit has counted anything.
 */
export function useApi(env: Record<string, string> = {}): () => TestApi {
  let api: TestApi | undefined;
  let initial: { table: string; rows: string }[] = [];
  beforeAll(async () => {
    api = await testApi(env);
    initial = [];
    for (const table of api.tables) {
      const [{ rows }] = rowsOf(await api.deps.db.db.execute(sql.raw(`SELECT json_agg(t)::text AS rows FROM "${table}" t`))) as [{ rows: string | null }];
      if (rows) initial.push({ table, rows });
    }
  });
  beforeEach(async () => {
    const db = api!.deps.db.db;
    // DELETE, not TRUNCATE: on tables this small it is many times faster (TRUNCATE rewrites the files).
    for (const table of api!.tables) await db.execute(sql.raw(`DELETE FROM "${table}"`));
    for (const { table, rows } of initial) {
      await db.execute(sql`INSERT INTO ${sql.identifier(table)} SELECT * FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${rows}::json)`);
    }
    // As a server writing them would; the database's own announcements of the reset come a moment later on PostgreSQL.
    api!.deps.catalogue.changed();
    api!.deps.userCache.forget(null);
    // The rate counters start again too (on PGlite they live in memory, not in rate_limits).
    api!.deps.limiter = new RateLimiter(api!.deps.db);
  });
  afterAll(async () => {
    await api?.close();
  });
  return () => api!;
}

/** Asserts a refusal's body: `{ error, message }`, and for refused input the `issues` it lists (a path and a message each). */
export function expectErrorBody(json: any, error: unknown = expect.any(String)) {
  const { issues, ...body } = json ?? {};
  expect(body).toEqual({ error, message: expect.any(String) });
  if (issues === undefined) return;
  expect(body.error).toBe(ErrorCode.invalidBody);
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
}

/** Asserts a refusal: the status, the `{ error, message }` body with the status's code, and that no table changed. */
/**
 * A request the contract describes, sent as `send` sends it through the typed client, refused with `status` and
 * `code`: the contract's error body, a message, JSON, the request id it names in X-Request-Id, and no row written.
 */
export async function expectRefused(api: TestApi, send: (api: TestApi) => Promise<ClientResponse<unknown, number, any>>, status: number, code = CODES[status]) {
  return refusal(api, () => api.reply(send(api)), status, code);
}

/** The same for a request the typed client cannot send (a body, query or header the contract refuses, a raw path): by method and path. */
export async function expectRawRefused(api: TestApi, method: string, path: string, opts: CallOptions, status: number, code = CODES[status]) {
  return refusal(api, () => api.call(method, path, opts), status, code);
}

async function refusal(api: TestApi, send: () => Promise<{ status: number; json: unknown; headers: Headers }>, status: number, code: string | undefined) {
  const before = await api.snapshot();
  const res = await send();
  // A failure the server logged also names its request id, in the body and in X-Request-Id.
  const { requestId, ...body } = (res.json ?? {}) as ErrorBody & { requestId?: string };
  if (requestId !== undefined) expect(res.headers.get('x-request-id')).toBe(requestId);
  expect(res.status).toBe(status);
  expectErrorBody(body, code);
  expect(body.message.length).toBeGreaterThan(0);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await api.snapshot()).toBe(before);
  return { status: res.status, json: res.json as ErrorBody & Record<string, unknown>, headers: res.headers };
}

/**
 * Markers on the catalogue's channel: `heardUpTo(listener)` announces one and waits until `listener` hears it. One
 * channel's notifications arrive in the order their transactions committed, so by then it has heard every change
 * committed before: on PostgreSQL too, where they come back a moment after the write, and a sleep could end before a
 * late one. Each listener hands every payload to `isMarker` first, and ignores those it answers true for.
 */
export function channelMarkers(api: () => TestApi) {
  const markers = new Map<string, () => void>();
  return {
    isMarker(payload: string | null, listener: string): boolean {
      if (!payload?.startsWith('marker:')) return false;
      if (payload.startsWith(`marker:${listener}:`)) markers.get(payload)?.();
      return true;
    },
    async heardUpTo(listener: string): Promise<void> {
      const payload = `marker:${listener}:${randomUUID()}`;
      const heard = new Promise<void>((resolve) => markers.set(payload, resolve));
      await api().deps.db.db.execute(sql`SELECT pg_notify('catalogue', ${payload})`);
      await heard;
      markers.delete(payload);
    },
  };
}

/**
 * What the API's catalogue told its listeners (the page cache): `changesOf(write)` answers what it said during
 * `write`, each once (a course id, or null for everything). This instance hears a change at once and again when the
 * database's notification comes back, a moment later on PostgreSQL; so the echoes of earlier changes (the reset
 * before each test's) are let in before listening starts, and the write's own before it ends.
 */
export function catalogueChanges(api: () => TestApi) {
  const channel = channelMarkers(api);
  let heard: Array<string | null> | null = null;
  let subscribed: TestApi | undefined;
  const heardUpTo = async () => {
    if (subscribed !== api()) {
      subscribed = api();
      subscribed.deps.catalogue.onChange((course) => channel.isMarker(course, 'catalogue') || heard?.push(course));
    }
    await channel.heardUpTo('catalogue');
  };
  async function changesOf(write: () => Promise<unknown>): Promise<Array<string | null>> {
    await heardUpTo();
    const mine: Array<string | null> = [];
    heard = mine;
    await write();
    await heardUpTo();
    heard = null;
    return [...new Set(mine)];
  }
  return { changesOf, heardUpTo, channel };
}

/**
 * When less than `needMs` is left of the current window of `limit` as the clock aligns it, waits for the next one:
 * PostgreSQL's shared counters start a window at every multiple of its length, so a test that spends a whole budget
 * could otherwise see it start afresh halfway through. (On PGlite a window starts at its first request; waiting is
 * harmless there.)
 */
export async function freshWindow(limit: Limit, needMs = 10_000): Promise<void> {
  const left = limit.windowMs - (Date.now() % limit.windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Buys a plan as `as` through the PayPal stand-in (create, approve as the buyer would, capture) and answers the order id. */
export async function buyPlan(api: TestApi, as = 'learner', planId = 'plan-fetoscopy'): Promise<string> {
  const { id } = (await api.reply(api.as(as).payments.orders.$post({ json: { planId } }))).json;
  expect(api.deps.paypalStandIn!.approve(id)).toBe(true);
  expect((await api.reply(api.as(as).payments.orders[':orderId'].capture.$post({ param: { orderId: id } }))).status).toBe(200);
  return id;
}

/** The audit trail, newest first, as an admin reads it. */
export async function auditTrail(api: TestApi, query = ''): Promise<any[]> {
  const res = await api.call('GET', `/audit${query}`, { as: 'admin' });
  expect(res.status).toBe(200);
  return res.json;
}

export const validPlan = (over: Partial<PlanInput> = {}): PlanInput => ({
  title: 'Solomon intensive',
  price: 149.5,
  duration: 6,
  description: 'Six months of the Solomon technique.',
  courses: ['fetoscopy-simulator'],
  visibility: true,
  ...over,
});

export const validCourse = (over: Record<string, unknown> = {}) => ({
  title: 'Laser basics',
  subtitle: 'First steps with the fetoscope',
  levels: [{ id: 'm1', title: 'Module 1', active: true, cases: [{ id: 'm1c1', title: 'Case 1', bubbles: ['Look for the equator'] }] }],
  ...over,
});

/** The seeded plans: two visible, one hidden. */
export const VISIBLE_PLANS = ['plan-fetoscopy', 'plan-complete'];
export const HIDDEN_PLAN = 'plan-pilot';
export const SEEDED_COURSES = ['fetoscopy-simulator', 'bronchoscopy', 'fetal-tracheal-occlusion', 'catheter-placement', 'pleuroamniotic'];

/** Every setting production requires, so a test can take one away or add one that is forbidden. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  FIREBASE_AUTH_EMULATOR_HOST: '',
  RATE_LIMIT_SCALE: '',
  FIREBASE_PROJECT_ID: 'demo-fetal-surgery',
  FIREBASE_API_KEY: 'key',
  LAUNCH_SECRET: 'p'.repeat(40),
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  FORM_MAIL_URL: 'https://mail.example.org/f/1',
  FORM_SUBMIT_URL: 'https://forms.example.org/submit',
  MAIL_URL: 'https://mail.example.org/send',
  FORM_ACCESS_KEY: 'key',
  CHAT_NUMBER: '15550001111',
  SITE_URL: 'https://academy.example',
};

/**
 * A catalogue of its own over `database` and the catalogue's answers made from it, for a server instance beside the
 * test API's; started (listening to the database's announcements) unless `listening` is false.
 */
export async function ownCatalogue(
  deps: TestApi['deps'],
  database = deps.db,
  listening = true,
): Promise<Pick<TestApi['deps'], 'catalogue' | 'catalogueAnswer'>> {
  const catalogue = new Catalogue(database);
  if (listening) await catalogue.start();
  return { catalogue, catalogueAnswer: catalogueAnswers(catalogue, { ...commonHeaders(deps.config), 'content-security-policy': API_POLICY }) };
}

/**
 * Runs `test` with a second server instance sharing `first`'s database, with caches of its own: on PGlite (which lives
 * in this process) the same handle, on PostgreSQL a connection of its own.
 */
export async function withSecondInstance(first: TestApi, test: (second: ReturnType<typeof createApp>) => Promise<void>): Promise<void> {
  const url = first.deps.config.databaseUrl;
  const database = url ? await openDatabase(url, null) : first.deps.db;
  try {
    const userCache = new UserCache(database);
    await userCache.start();
    await test(createApp({ ...first.deps, db: database, ...(await ownCatalogue(first.deps, database)), userCache }));
  } finally {
    if (url) await database.close();
  }
}
