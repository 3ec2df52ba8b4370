import { defineConfig } from '@playwright/test';

/**
 * Journeys against the built site in Debian's Chromium, in two projects: development (the real server in the local
 * mode with the Auth emulator and the stand-ins, started below) and production (the server with NODE_ENV=production
 * against local fakes of Google, PayPal and the form services, started by tests/production/fixtures.ts on the next
 * port). Ports can be moved by env.
 */
const port = Number(process.env.E2E_PORT ?? 4411);
const authPort = Number(process.env.E2E_AUTH_PORT ?? 9299);
export const e2e = {
  baseURL: `http://localhost:${port}`,
  productionURL: `http://localhost:${port + 1}`,
  authEmulator: `http://127.0.0.1:${authPort}`,
  projectId: 'demo-fetal-surgery',
};
/**
 * The slow machine check (E2E_CPU_THROTTLE, see tests/e2e/fixtures.ts) runs every page's scripts that many times
 * slower; a journey's time limits grow with it (half the factor: the test's own steps and the server are not throttled),
 * so the check finds journeys that wait for the wrong thing, not journeys that merely take longer. A journey's own
 * limit (test.setTimeout) grows alike (tests/e2e/fixtures.ts).
 */
export const slower = Math.max(1, Number(process.env.E2E_CPU_THROTTLE ?? 1) / 2);

export default defineConfig({
  testDir: 'tests/e2e',
  forbidOnly: true,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000 * slower,
  expect: { timeout: 15_000 * slower },
  reporter: [['list']],
  projects: [
    { name: 'development', testDir: 'tests/e2e' },
    { name: 'production', testDir: 'tests/production', use: { baseURL: e2e.productionURL } },
  ],
  use: {
    baseURL: e2e.baseURL,
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.ts --fresh',
    url: `${e2e.baseURL}/api/config`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: {
      PORT: String(port),
      AUTH_EMULATOR_PORT: String(authPort),
      DATA_DIR: process.env.E2E_DATA_DIR ?? `test-results/e2e-data-${port}`,
      NODE_ENV: 'development',
      RATE_LIMIT_SCALE: '100',
    },
  },
});
