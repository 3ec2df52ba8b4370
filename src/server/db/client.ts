import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ConfigError } from '../config.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle plus a change channel that reaches every server instance sharing it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells every instance (this one included) that `channel` changed; `payload` says what (empty: everything). */
  notify(channel: string, payload?: string): Promise<void>;
  /** Calls `fn` with the payload when any instance notifies `channel`. */
  listen(channel: string, fn: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, 'migrations');

/** Opens PostgreSQL when `url` is set, otherwise PGlite in `dir` (or in memory when dir is null), migrated. */
export async function openDatabase(url: string | null, dir: string | null): Promise<Database> {
  return url ? openPostgres(url) : openPglite(dir);
}

async function openPglite(dir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) mkdirSync(dir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers is touched at start and never returned; 16 MB holds this database's
  // working set many times over.
  const pglite = new PGlite(dir ?? undefined, { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] });
  await pglite.waitReady;
  const client = takingTurns(pglite);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  const listeners = new Map<string, Array<(payload: string) => void>>();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async notify(channel, payload = '') {
      for (const fn of listeners.get(channel) ?? []) fn(payload);
    },
    async listen(channel, fn) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
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

/** How long queued PGlite queries may run back to back before the event loop gets a turn. */
const PGLITE_TURN_MS = 10;

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
    async notify(channel, payload = '') {
      await client.notify(channel, payload);
    },
    async listen(channel, fn) {
      await client.listen(channel, fn);
    },
    close: () => client.end({ timeout: 5 }),
  };
}
