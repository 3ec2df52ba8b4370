import { API_BASE } from '../../src/api/paths.ts';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import postgres from 'postgres';
import { inject } from 'vitest';
import { auth } from '../../src/api/client.ts';
import { createApp, type AppType } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema.ts';
import { seedCatalogue } from '../../src/server/seed/seed.ts';
import { createDeps } from '../../src/server/services.ts';
import type { Deps } from '../../src/server/deps.ts';

export const PROJECT = 'demo-fetal-surgery';

/**
 * An ID token in the Auth emulator's format (unsigned), for the project the server is configured with unless told;
 * its address verified unless `verified: false` (an account that never opened the verification link).
 */
export function token(uid: string, opts: { email?: string; verified?: boolean; project?: string; expiresIn?: number } = {}): string {
  const project = opts.project ?? PROJECT;
  const now = Math.floor(Date.now() / 1000);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    sub: uid,
    user_id: uid,
    email: opts.email ?? `${uid}@example.com`,
    email_verified: opts.verified ?? true,
    iat: now,
    auth_time: now,
    exp: now + (opts.expiresIn ?? 3600),
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

/** The server's settings for a test API: the emulator's tokens, generous rate limits, PostgreSQL when DATABASE_URL names one. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    RATE_LIMIT_SCALE: '1000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
}

/** What every test API starts with: the demo catalogue and three users, their addresses verified. */
export async function seedTestData(deps: Pick<Deps, 'db' | 'catalogue'>) {
  await seedCatalogue(deps);
  await deps.db.db.insert(users).values([
    { id: 'admin', email: 'admin@example.com', emailVerified: true, name: 'Ada Admin', isAdmin: true },
    { id: 'learner', email: 'learner@example.com', emailVerified: true, name: 'Lea Learner' },
    { id: 'other', email: 'other@example.com', emailVerified: true, name: 'Otto Other' },
  ]);
}

let image: Promise<Blob> | undefined;
/** The seeded PGlite archive made once per run by the global setup (seeded-image.ts), read once per worker; undefined on PostgreSQL runs, which make none. */
export function seededImage(): Promise<Blob> | undefined {
  const file = inject('seededImage');
  if (!file) return undefined;
  image ??= readFile(file).then((bytes) => new Blob([bytes]));
  return image;
}

/** The migrated, seeded database of the api-postgres project's cluster each of its test APIs is a copy of (CREATE DATABASE … TEMPLATE). */
export const SEEDED_DATABASE = 'fsa_seeded';

/** Whether this run's test APIs are on PostgreSQL: DATABASE_URL's, or the api-postgres project's cluster. */
export const onPostgres = () => Boolean(process.env.DATABASE_URL || inject('postgresCluster'));

let databases = 0;
/**
 * In the api-postgres project, a new database of its own (a copy of the seeded template, tests/api/postgres-cluster.ts),
 * so that files running side by side never see each other's rows; elsewhere undefined.
 */
export async function ownPostgresDatabase(): Promise<string | undefined> {
  const cluster = inject('postgresCluster');
  if (!cluster) return undefined;
  const name = `fsa_${process.pid}_${++databases}`;
  const admin = postgres(cluster, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${SEEDED_DATABASE}`);
  } finally {
    await admin.end();
  }
  return cluster.replace(/\/postgres$/, `/${name}`);
}

/** A PostgreSQL database for a test that needs one beside its API (only where onPostgres()): DATABASE_URL's, or a new one. */
export async function postgresDatabase(): Promise<string> {
  const url = process.env.DATABASE_URL ?? (await ownPostgresDatabase());
  if (!url) throw new Error('No PostgreSQL in this run: test onPostgres() first');
  return url;
}

/**
 * A fresh API with the demo catalogue and three users: an in-memory PGlite loaded from the run's seeded archive, a
 * database of its own in the api-postgres project's cluster, or the PostgreSQL in DATABASE_URL, emptied and seeded.
 */
export async function testApi(env: Record<string, string> = {}) {
  const own = process.env.DATABASE_URL ? undefined : await ownPostgresDatabase();
  const config = testConfig({ ...(own ? { DATABASE_URL: own } : {}), ...env });
  const seeded = config.databaseUrl ? undefined : await seededImage();
  const deps = await createDeps(config, { inMemory: true, image: seeded });
  // Every table of the schema, read from the database itself so a new table is never left out.
  const tables = rowsOf(await deps.db.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((r) =>
    String(r.tablename),
  );
  // DATABASE_URL's database is emptied and seeded; one made from the seeded template (own) is seeded already.
  if (config.databaseUrl && !own) {
    await deps.db.db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`));
    // The rows the migrations themselves write (0020's start-up task, 0022's invoice counter), as a fresh database has them.
    await deps.db.db.execute(sql`INSERT INTO "startup_tasks" ("name") VALUES ('issue-owed-certificates')`);
    await deps.db.db.execute(sql`INSERT INTO "invoice_counter" ("id", "last") VALUES (1, 0)`);
  }
  if (!seeded && !own) await seedTestData(deps);
  const app = createApp(deps);
  const tokens = { admin: token('admin'), learner: token('learner'), other: token('other') };

  /** A caller: one of the three seeded users by name, any other ID token as is, or anonymous (null). */
  type Caller = keyof typeof tokens | string | null | undefined;
  const bearerOf = (who: Caller) => (who ? (tokens[who as keyof typeof tokens] ?? who) : null);

  /**
   * The typed client over the app, as the browser's stores call it (src/api/client.ts): every route the contract
   * describes, its parameters and bodies checked against AppType. Requests go to `app.request`, no socket involved.
   */
  const as = (who: Caller) =>
    hc<AppType>('http://api.test', { fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init), ...auth(bearerOf(who)) }).api;

  /**
   * A typed request's answer as the tests read it: status, parsed JSON (or text) and headers, the JSON typed as the
   * body the route declares for its success.
   */
  const reply = async <R extends ClientResponse<unknown, number, any>>(request: Promise<R>) => {
    const answer = await read(await request);
    return answer as { status: number; json: Success<R>; headers: Headers };
  };

  /**
   * A request by method and path, for what the contract refuses on purpose (malformed JSON, wrong types, unknown
   * routes, raw headers): the typed client cannot send those.
   */
  async function call(method: string, path: string, opts: { as?: Caller; body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    const bearer = bearerOf(opts.as);
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    return read(await app.request(`${API_BASE}${path}`, { method, headers, body }));
  }

  async function read(res: { status: number; text(): Promise<string>; headers: Headers }) {
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json: json as any, headers: res.headers };
  }

  /**
   * A fingerprint of every table's rows, computed in the database (an md5 per row, sorted, then per table), to show a
   * refused request changed nothing (rate-limit counters count refused requests too). Names each table, so a
   * failing comparison says which one changed.
   */
  async function snapshot() {
    const parts = tables
      .filter((t) => t !== 'rate_limits')
      .map((t) => `SELECT '${t}' AS t, (SELECT md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) FROM "${t}" x) AS h`);
    return rowsOf(await deps.db.db.execute(sql.raw(parts.join(' UNION ALL '))))
      .map((r) => `${r.t}:${r.h}`)
      .join('\n');
  }

  return { app, deps, as, reply, call, tokens, snapshot, tables, close: () => deps.db.close() };
}

export type TestApi = Awaited<ReturnType<typeof testApi>>;

/**
 * The body a route declares for its success statuses: its JSON, or the text of an answer the route writes itself
 * (a CSV, a PDF).
 */
type Success<R> =
  R extends ClientResponse<infer T, infer S, infer F>
    ? S extends SuccessStatusCode
      ? F extends 'json'
        ? T extends Response
          ? string
          : T
        : string
      : never
    : never;
