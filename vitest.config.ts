import { defineConfig } from 'vitest/config';

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
      // The scripted players' runs (about a minute and a half): apart, so that the unit tests stay under ten seconds.
      { extends: true, test: { name: 'validity', include: ['tests/unit/simulator/validity*.test.ts'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], globalSetup: ['tests/api/seeded-image.ts'] } },
    ],
  },
});
