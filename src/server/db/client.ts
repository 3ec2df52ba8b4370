import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle plus a change channel that reaches every server instance sharing it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Tells every instance (this one included) that `channel` changed. */
  notify(channel: string): Promise<void>;
  /** Calls `fn` when any instance notifies `channel`. */
  listen(channel: string, fn: () => void): Promise<void>;
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
  const client = new PGlite(dir ?? undefined);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  const listeners = new Map<string, Array<() => void>>();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async notify(channel) {
      for (const fn of listeners.get(channel) ?? []) fn();
    },
    async listen(channel, fn) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), fn]);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async notify(channel) {
      await client.notify(channel, '');
    },
    async listen(channel, fn) {
      await client.listen(channel, fn);
    },
    close: () => client.end({ timeout: 5 }),
  };
}
