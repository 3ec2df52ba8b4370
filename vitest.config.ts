import { defineConfig } from 'vitest/config';
import { postgresBin } from './scripts/lib/processes.ts';

/**
 * The API suites whose code differs by database, run on PGlite and on PostgreSQL alike (docs/testing.md): the
 * catalogue's and the pages' caches (PostgreSQL's announcements arrive after the write), drafts and Publish, rate
 * limits (counted in a shared table), the user cache's notifications (and the verified tokens they forget), the
 * assessments (their locks and counts).
 */
const ON_POSTGRES_TOO = [
  'tests/api/courses/catalogue-cache.test.ts',
  'tests/api/course-drafts/course-drafts.test.ts',
  'tests/api/cross/page-cache.test.ts',
  'tests/api/cross/rate-limits.test.ts',
  'tests/api/users/cache.test.ts',
  'tests/api/users/token-memory.test.ts',
  'tests/api/assessments/assessments.test.ts',
  'tests/api/assessments/sittings.test.ts',
  // Invoice numbers taken by payments completing at once, on PostgreSQL's row locks.
  'tests/api/receipts/receipts.test.ts',
];

/**
 * Chosen by measurement on the 2-core machine (docs/testing.md): files share their worker's modules (`isolate:
 * false`: re-importing the server for every file cost more than most files' tests), two workers (the default forks
 * pool, one per core), and the API tests start from one seeded database made once per run.
 */
export default defineConfig({
  test: {
    allowOnly: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: ['tests/unit/simulator/validity*.test.ts'] } },
      // The scripted players' runs (about three minutes): apart, so that the unit tests stay under ten seconds. Their
      // hooks play every variant at once, as long as the machine takes: a fifth of the CPU (a slowed npm test beside
      // other work) made 600 s too short once, so a hook has 30 minutes, to catch a hang and not a slow machine.
      { extends: true, test: { name: 'validity', include: ['tests/unit/simulator/validity*.test.ts'], hookTimeout: 30 * 60_000 } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/api/seeded-image.ts'] } },
      // The suites again on a real PostgreSQL started for the run, when it is installed (tests/api/postgres-cluster.ts).
      ...(postgresBin() ? [{ extends: true, test: { name: 'api-postgres', include: ON_POSTGRES_TOO, globalSetup: ['tests/api/postgres-cluster.ts'] } }] : []),
    ],
  },
});
