import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createDeps } from '../../src/server/services.ts';
import { seedTestData, testConfig } from './harness.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite archive every test API starts from ('' on PostgreSQL, where each file seeds its emptied database). */
    seededImage: string;
  }
}

/**
 * Vitest's global setup: one migrated, seeded PGlite for the whole run, archived to a file that every test API loads
 * (about 1 s) instead of running initdb, the migrations and the seed again (3–5 s each time).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('seededImage', '');
    return;
  }
  // Without the forms stand-in, whose table is not part of the schema: a test API that loads it creates it.
  const deps = await createDeps(
    testConfig({ FORM_MAIL_URL: 'https://mail.example.org/f', FORM_SUBMIT_URL: 'https://forms.example.org/s', MAIL_URL: 'https://mail.example.org/send' }),
    {
      inMemory: true,
    },
  );
  await seedTestData(deps);
  const archive = await (deps.db.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await deps.db.close();
  const folder = mkdtempSync(join(tmpdir(), 'fsa-seeded-'));
  const file = join(folder, 'seeded.tar');
  writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  project.provide('seededImage', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
