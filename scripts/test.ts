import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { failedJourneys, fileSeconds, splitJourneys, type PlaywrightReport } from './lib/journey-lanes.ts';
import { postgresBin } from './lib/processes.ts';

/**
 * npm test: type checks, lint, formatting and dead-code checks, unit tests and the production build, then the API
 * tests and the browser journeys (in two lanes, cut by lib/journey-lanes.ts); one summary line at the end. Each stage's lanes run side by side
 * (the 2 cores of a CI machine are busy that way) and a lane's commands one after another; a failure stops the run
 * once its stage is over, so a type error never waits for the journeys.
 */
const root = join(import.meta.dirname, '..');
const reports = join(root, 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Command {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}
type Lane = { name: string; commands: Command[] };

/** One vitest project's tests; `also` adds projects run in the same command (and counted in its report). */
const vitest = (project: string, also: string[] = []): Command => ({
  label: `${project} tests`,
  command: 'vitest',
  args: [
    'run',
    ...[project, ...also].flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `vitest-${project}.json`)}`,
  ],
});

/** Seconds the API tests and each journey file took in a recent run: copy test-reports/durations.json over it when lanes drift apart. */
const durations = JSON.parse(readFileSync(join(root, 'tests', 'e2e', 'durations.json'), 'utf8')) as { api: number; journeys: Record<string, number> };
const specFiles = ['tests/e2e', 'tests/production'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.spec.ts'))
    .map((f) => `${dir}/${f}`),
);
// The first lane runs the API tests first, so it takes fewer journeys.
const lanes = splitJourneys(specFiles, durations.journeys, [durations.api, 0]);
const shards = lanes.length;
/**
 * One lane's share of the browser journeys, with a server, an Auth emulator, a data folder and an output folder of its
 * own, so that the two run side by side without sharing any state. E2E_PORT_SHIFT moves both lanes' ports, so a second
 * run (the slow machine check in a clone, say) can go on beside this one.
 */
const portShift = Number(process.env.E2E_PORT_SHIFT ?? 0);
const journeys = (shard: number): Command => ({
  label: `browser journeys ${shard}/${shards}`,
  command: 'playwright',
  args: ['test', '--reporter=list,json', `--output=${join(root, 'test-results', `shard-${shard}`)}`, ...(lanes[shard - 1] ?? [])],
  env: {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, `playwright-${shard}.json`),
    E2E_PORT: String(4401 + portShift + 10 * shard),
    E2E_AUTH_PORT: String(9289 + portShift + 10 * shard),
    E2E_DATA_DIR: join(reports, `e2e-data-${shard}`),
  },
});

const stages: Lane[][] = [
  [
    // astro check writes .astro/types.d.ts, which tsc reads; the build comes after both so they never write .astro at once.
    {
      name: 'types and build',
      commands: [
        { label: 'astro check', command: 'astro', args: ['check', '--minimumFailingSeverity', 'warning'] },
        { label: 'tsc', command: 'tsc', args: ['--noEmit'] },
        { label: 'build', command: 'npm', args: ['run', 'build'] },
      ],
    },
    {
      name: 'lint and unit tests',
      commands: [
        { label: 'lint', command: 'oxlint', args: [] },
        { label: 'formatting', command: 'prettier', args: ['--check', '.'] },
        // Files, exports and dependencies nothing uses (knip.json says where the entry points are).
        { label: 'dead code', command: 'knip', args: [] },
        vitest('unit'),
        vitest('validity'),
      ],
    },
  ],
  [
    // api-postgres: the suites whose code differs by database, again on a PostgreSQL of the run's own (vitest.config.ts), when installed.
    { name: 'API tests, journeys 1 of 2', commands: [vitest('api', postgresBin() ? ['api-postgres'] : []), journeys(1)] },
    { name: 'journeys 2 of 2', commands: [journeys(2)] },
  ],
];

/** Seconds each command took, for test-reports/durations.json. */
const took = new Map<string, number>();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/** Runs one command with its output in the lane's log; answers whether it passed. */
function run(cmd: Command, log: ReturnType<typeof createWriteStream>): Promise<boolean> {
  log.write(`\n=== ${cmd.label}: ${cmd.command} ${cmd.args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd.command, cmd.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...cmd.env },
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.once('error', (err) => {
      log.write(`${err.message}\n`);
      resolve(false);
    });
    child.once('close', (code) => resolve(code === 0));
  });
}

/** Runs a lane's commands in order until one fails; prints the lane's whole output when it ends. */
async function runLane(lane: Lane, times: string[]): Promise<string | null> {
  const file = join(reports, `${lane.name.replaceAll(' ', '-')}.log`);
  const log = createWriteStream(file);
  let failed: string | null = null;
  for (const cmd of lane.commands) {
    const start = performance.now();
    console.log(`▶ ${cmd.label}`);
    const ok = await run(cmd, log);
    times.push(`${cmd.label}: ${seconds(start)}${ok ? '' : ' (failed)'}`);
    took.set(cmd.label, Math.round((performance.now() - start) / 1000));
    console.log(`${ok ? '✔' : '✘'} ${cmd.label} (${seconds(start)})`);
    if (!ok) {
      failed = cmd.label;
      break;
    }
  }
  await new Promise((resolve) => log.end(resolve));
  console.log(`\n──── ${lane.name} ────\n${readFileSync(file, 'utf8')}`);
  return failed;
}

const started = performance.now();
const times: string[] = [];
let failedStep: string | null = null;
for (const stage of stages) {
  const failures = (await Promise.all(stage.map((lane) => runLane(lane, times)))).filter((f) => f !== null);
  if (failures.length) {
    failedStep = failures.join(', ');
    break;
  }
}

let passed = 0;
let failed = 0;
/** The tests that failed, each with the first lines of its error: printed last, so that the tail of a CI log names them. */
const failures: string[] = [];
const firstLines = (message: string, lines = 6) =>
  stripVTControlCharacters(message)
    .split('\n')
    .slice(0, lines)
    .map((line) => `    ${line}`)
    .join('\n');
// Skipped and todo tests are counted and fail the run: a test that does not run proves nothing.
let skipped = 0;
for (const project of ['unit', 'api']) {
  const file = join(reports, `vitest-${project}.json`);
  if (!existsSync(file)) continue;
  const v = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; status: string; message: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  for (const result of v.testResults) {
    const where = `${project}: ${relative(root, result.name)}`;
    const failedTests = result.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${where} › ${a.fullName}\n${firstLines(a.failureMessages.join('\n'))}`);
    // A file that failed as a whole (it would not load, its worker died) has no failed test to name.
    if (result.status === 'failed' && failedTests.length === 0) failures.push(`${where}\n${firstLines(result.message)}`);
  }
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
}
const measured: Record<string, number> = {};
for (let shard = 1; shard <= shards; shard++) {
  const file = join(reports, `playwright-${shard}.json`);
  if (!existsSync(file)) continue;
  // A flaky journey (passed only on a retry) counts as failed: retries are off, so it cannot happen unnoticed.
  const p = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport & {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  for (const j of failedJourneys(p)) {
    // The page as it stood when the journey failed (its accessibility tree), so that a CI log alone shows where it stopped.
    const snapshot = j.context && existsSync(j.context) ? readFileSync(j.context, 'utf8').split('# Page snapshot')[1] : undefined;
    const page = snapshot ? `\n    Page snapshot:${firstLines(snapshot, 80)}` : '';
    failures.push(`journeys: ${j.name}\n${firstLines(j.error)}${page}`);
  }
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
  skipped += p.stats.skipped;
  Object.assign(
    measured,
    fileSeconds(p, (f) => posix.join('tests/e2e', f)),
  );
}
writeFileSync(
  join(reports, 'durations.json'),
  `${JSON.stringify({ api: took.get('api tests') ?? durations.api, journeys: Object.fromEntries(Object.entries(measured).sort(([a], [b]) => (a < b ? -1 : 1))) }, null, 2)}\n`,
);
console.log(`\nStage times: ${times.join('; ')}; in all ${seconds(started)}`);
if (failedStep) {
  console.log(`\nnpm test stopped at: ${failedStep}`);
  failed = Math.max(failed, 1);
}
if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
if (skipped > 0) console.log(`\n${skipped} tests were skipped or left as todo: remove them or make them run`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || skipped > 0 ? 1 : 0);
