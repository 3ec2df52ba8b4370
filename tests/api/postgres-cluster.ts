import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/lib/processes.ts';
import { createDeps } from '../../src/server/services.ts';
import { SEEDED_DATABASE, seedTestData, testConfig } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The api-postgres project's cluster: its URL, in which `SEEDED_DATABASE` is the template every test API copies. */
    postgresCluster: string;
  }
}

/**
 * Vitest's global setup of the api-postgres project: one PostgreSQL for the run, on a free port in a temporary folder
 * of its own, stopped when the run ends, failed or not (and at the latest when this process exits). Each test API makes
 * a database of its own from a seeded template (tests/api/harness.ts), so files run side by side as on PGlite.
 */
export default async function setup(project: TestProject) {
  const pg = await startPostgres();
  if (!pg) throw new Error('The api-postgres project needs PostgreSQL (apt-get install -y postgresql)');
  process.once('exit', pg.stopNow);
  try {
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${SEEDED_DATABASE}`);
    await admin.end();
    const deps = await createDeps(testConfig({ DATABASE_URL: pg.url.replace(/\/postgres$/, `/${SEEDED_DATABASE}`) }), { inMemory: true });
    await seedTestData(deps);
    await deps.db.close();
  } catch (err) {
    pg.stopNow();
    throw err;
  }
  project.provide('postgresCluster', pg.url);
  return pg.stop;
}
