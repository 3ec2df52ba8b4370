import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    globalSetup: ['tests/api/seeded-image.ts'],
    allowOnly: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
