import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** npm test: type checks, lint, formatting and dead-code checks, unit and API tests, the production build, then the browser journeys; one summary line at the end. */
const root = join(import.meta.dirname, '..');
const reports = join(root, 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env } });
  return result.status === 0;
}

const steps: Array<[string, () => boolean]> = [
  ['astro check', () => run('astro check', 'astro', ['check', '--minimumFailingSeverity', 'warning'])],
  ['tsc', () => run('tsc', 'tsc', ['--noEmit'])],
  ['oxlint', () => run('lint', 'oxlint', [])],
  ['prettier', () => run('formatting', 'prettier', ['--check', '.'])],
  // Files, exports and dependencies nothing uses (knip.json says where the entry points are).
  ['knip', () => run('dead code', 'knip', [])],
  ['vitest', () => run('unit and API tests', 'vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'vitest.json')}`])],
  ['build', () => run('build', 'npm', ['run', 'build'])],
  [
    'playwright',
    () => run('browser journeys', 'playwright', ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') }),
  ],
];

let failedStep: string | null = null;
for (const [name, step] of steps) {
  if (!step()) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
// Skipped and todo tests are counted and fail the run: a test that does not run proves nothing.
let skipped = 0;
const vitest = join(reports, 'vitest.json');
if (existsSync(vitest)) {
  const v = JSON.parse(readFileSync(vitest, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
const pw = join(reports, 'playwright.json');
if (existsSync(pw)) {
  // A flaky journey (passed only on a retry) counts as failed: retries are off, so it cannot happen unnoticed.
  const p = JSON.parse(readFileSync(pw, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
  skipped += p.stats.skipped;
}
if (failedStep) {
  console.log(`\nnpm test stopped at: ${failedStep}`);
  failed = Math.max(failed, 1);
}
if (skipped > 0) console.log(`\n${skipped} tests were skipped or left as todo: remove them or make them run`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || skipped > 0 ? 1 : 0);
