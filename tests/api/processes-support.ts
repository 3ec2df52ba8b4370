import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { openMigratedPglite, type Db } from '../../src/server/db/client.ts';
import * as schema from '../../src/server/db/schema.ts';
import { seededImage } from './harness.ts';

/** The repository, where the scripts run from as `npm run` runs them. */
const root = join(import.meta.dirname, '../..');

/**
 * A PGlite data folder at `dir` (what DATA_DIR/pglite holds) loaded from the run's seeded archive, or made afresh
 * without one, open in this process: about 1 s instead of the child process and initdb a new folder costs.
 */
export async function seededFolder(dir: string): Promise<{ db: Db; close: () => Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  const client = await openMigratedPglite(dir, await seededImage());
  return { db: drizzle({ client, schema }) as unknown as Db, close: () => client.close() };
}

/** Runs `scripts/<name>` in a child process as `npm run` would, with `env` over this process's environment. */
export function runScript(name: string, args: string[], env: Record<string, string>) {
  const run = spawnSync(process.execPath, [join(root, 'scripts', name), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: run.status, out: run.stdout, err: run.stderr };
}
