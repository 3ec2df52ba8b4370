import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** What a copy of the project leaves out: git, build output, data, reports; node_modules is linked, not copied. */
const LEFT_OUT = new Set(['.git', 'node_modules', 'dist', 'data', '.astro', 'test-results', 'playwright-report', 'test-reports', 'backups']);

/**
 * A copy of the project in a temporary folder, for tests that change source files while others work in the real
 * tree. node_modules is a folder of links to the real packages, so the caches vitest and vite write (hidden
 * folders, not linked) stay in the copy.
 */
export function scratchCopy(root: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mutants-'));
  for (const entry of readdirSync(root)) if (!LEFT_OUT.has(entry)) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry === '.bin' || !entry.startsWith('.')) symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}

export interface TestRun {
  passed: boolean;
  ms: number;
  /** The first failing test (file > name: message), or why the run failed without one. */
  failure: string | null;
}

interface JsonReport {
  testResults: Array<{ name: string; message: string; assertionResults: Array<{ status: string; fullName: string; failureMessages: string[] }> }>;
}

const firstLine = (text: string | undefined) => (text ?? '').trim().split('\n')[0]!.slice(0, 200);

function firstFailure(dir: string, report: string): string | null {
  if (!existsSync(report)) return null;
  const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
  for (const file of json.testResults) {
    const name = file.name.slice(dir.length + 1);
    const test = file.assertionResults.find((a) => a.status === 'failed');
    if (test) return `${name} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`;
    if (file.message) return `${name}: ${firstLine(file.message)}`;
  }
  return null;
}

let running: ChildProcess | null = null;

/** Kills the test run under way, if any, with every process it started (on Ctrl-C, say). */
export function stopTests(): void {
  if (running?.exitCode === null) process.kill(-running.pid!, 'SIGKILL');
}

/** Runs vitest on `tests` (files or folders) inside the copy; a run past `timeoutMs` is killed and fails. */
export function runTests(dir: string, tests: readonly string[], timeoutMs: number): Promise<TestRun> {
  const report = join(dir, 'test-reports', 'mutant.json');
  rmSync(report, { force: true });
  // No caches: every run transforms the files as they are now, mutated or restored. The first failing test settles
  // it (--bail): a killed mutant stops there, and only the baseline and survivors run every test named.
  const args = [join(dir, 'node_modules/vitest/vitest.mjs'), 'run', ...tests, '--no-cache', '--no-fsModuleCache', '--bail=1', '--reporter=json'];
  const started = Date.now();
  // Its own process group, so a run past its time is killed with the workers it forked.
  const child = spawn(process.execPath, [...args, `--outputFile=${report}`], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  running = child;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const timer = setTimeout(stopTests, timeoutMs);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      running = null;
      const ms = Date.now() - started;
      const passed = code === 0;
      const timedOut = code === null;
      const failure = passed
        ? null
        : timedOut
          ? `timed out after ${timeoutMs / 1000} s`
          : (firstFailure(dir, report) ?? `vitest exited with ${code}:\n${stripVTControlCharacters(stderr).trim()}`);
      resolve({ passed, ms, failure });
    });
  });
}
