import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ConfigError } from '../config.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle plus the changes it announces to every server instance sharing it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `fn` with the payload of each notification on `channel` (its triggers send them when a write commits), and
   * with '' (everything may have changed) each time PostgreSQL's listening connection is made: after one was lost,
   * nothing said meanwhile was heard.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** The rows of a raw query's answer (`db.execute`), whichever driver gave it: PGlite answers `{ rows }`, postgres.js the rows. */
export const rowsOf = (res: unknown) =>
  res && typeof res === 'object' && 'rows' in res ? (res.rows as Record<string, unknown>[]) : (res as Record<string, unknown>[]);

const migrationsFolder = join(import.meta.dirname, 'migrations');

/**
 * Opens PostgreSQL when `url` is set, otherwise PGlite in `dir` (or in memory when dir is null, starting from `image`,
 * a PGlite archive, when given: the tests start each API from one seeded copy instead of a new database), migrated.
 */
export async function openDatabase(url: string | null, dir: string | null, image?: Blob): Promise<Database> {
  return url ? openPostgres(url) : openPglite(dir, image);
}

/** A PGlite instance in `dir` (in memory when null, loaded from `image` when given) with this server's settings, its schema migrated. */
export async function openMigratedPglite(dir: string | null, image?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // PostgreSQL's default 128 MB of shared buffers is touched at start and never returned; 16 MB holds this database's
  // working set many times over.
  // One options object: given a folder of undefined (in memory) and options apart, PGlite ignores the options.
  const pglite = new PGlite({
    dataDir: dir ?? undefined,
    loadDataDir: image,
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    parsers: Object.fromEntries(AS_TEXT.map((oid) => [oid, (value: string) => value])),
  });
  await pglite.waitReady;
  await migrate(drizzle({ client: pglite, schema }), { migrationsFolder });
  return pglite;
}

/**
 * Creates and migrates a new data folder in a child process. The memory that initdb and the first migrations touch in
 * PGlite's WebAssembly heap is never given back while its instance lives (a first start held about 90 MB more than
 * any later one); the child's goes with it, and the server's own instance opens the folder as on any later start.
 */
function createInChild(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, join(import.meta.dirname, 'pglite-create.ts'), dir], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`Creating the database in ${dir} stopped with exit code ${code}`))));
  });
}

async function openPglite(dir: string | null, image?: Blob): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dir) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) await createInChild(dir);
  }
  const client = takingTurns(withoutQueryParsers(await openMigratedPglite(dir, image)));
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, fn) {
      await client.listen(channel, fn);
    },
    close: () => client.close(),
  };
}

/** The database a URL names, without its password, for messages. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ''}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

/**
 * The types Drizzle asks PGlite to leave as text, by OID: timestamp, timestamptz, interval, date, numeric[] and the
 * arrays of the first four; Drizzle parses them itself. It passes them with every query, and PGlite then copies its
 * whole table of parsers for that query, a third of the time a one-row read takes. Given once, to the instance, they
 * do the same for nothing.
 */
const AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

type Queries = { query: Function };

/** Drops the per-query parsers that name exactly AS_TEXT (which the instance already applies), in transactions too. */
function withoutQueryParsers<T extends Queries & { transaction: Function }>(client: T): T {
  const known = new Set(AS_TEXT.map(String));
  const redundant = (parsers: object) => {
    const keys = Object.keys(parsers);
    return keys.length === known.size && keys.every((k) => known.has(k));
  };
  const lean = <Q extends Queries>(target: Q): Q => {
    const run = target.query.bind(target) as (query: string, params?: unknown[], options?: { parsers?: object }) => Promise<unknown>;
    return Object.assign(target, {
      query: (query: string, params?: unknown[], options?: { parsers?: object }) =>
        run(query, params, options?.parsers && redundant(options.parsers) ? { ...options, parsers: undefined } : options),
    });
  };
  const transaction = client.transaction.bind(client) as (fn: (tx: Queries) => Promise<unknown>) => Promise<unknown>;
  return Object.assign(lean(client), { transaction: (fn: (tx: Queries) => Promise<unknown>) => transaction((tx) => fn(lean(tx))) });
}

/**
 * How long queued PGlite queries may run back to back before the event loop gets a turn. Each turn answers every
 * request that needs no query (cached pages, the catalogue) before the queue goes on, so a short slice left the
 * queries' share of the time small and their wait long: under npm run bench:load, 10 ms gave reads a p99 of 190 ms
 * and course saves (two queued queries each) 1.8 s; 100 ms gives 91 ms and 137 ms.
 */
const PGLITE_TURN_MS = 100;

/**
 * PGlite runs each query synchronously on this thread, and a queue of waiting queries would drain in one event-loop
 * turn. libuv accepts one connection per turn, so under load new clients waited seconds to be accepted. Here queries
 * (and whole transactions) run in the order asked, and after PGLITE_TURN_MS of them the next waits for a new turn, so
 * connections keep being accepted and answered. (Wrapped once PGlite is ready: its start-up runs queries of its own.)
 */
function takingTurns<T extends { query: Function; exec: Function; transaction: Function }>(client: T): T {
  let previous: Promise<unknown> = Promise.resolve();
  let turnStart = performance.now();
  const turn = async () => {
    if (performance.now() - turnStart < PGLITE_TURN_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    turnStart = performance.now();
  };
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const run = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    const queued = (...args: unknown[]) => {
      const result = previous.then(turn).then(() => run(...args));
      previous = result.catch(() => undefined);
      return result;
    };
    Object.assign(client, { [method]: queued });
  }
  return client;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 10, connect_timeout: 10, onnotice: () => {} });
  try {
    await client`select 1`;
  } catch (err) {
    await client.end({ timeout: 0 });
    throw new ConfigError(`Refusing to start: the database ${describeDatabase(url)} (DATABASE_URL) cannot be reached: ${(err as Error).message}`);
  }
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async listen(channel, fn) {
      await client.listen(channel, fn, () => fn(''));
    },
    close: () => client.end({ timeout: 5 }),
  };
}
