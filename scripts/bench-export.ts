import { apiAt } from './lib/api.ts';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { MAX_ATTEMPT_EVENTS } from '../src/api/attempts.ts';
import { Catalogue } from '../src/server/courses/catalogue.ts';
import { distDir } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { attempts, users } from '../src/server/db/schema.ts';
import { seedCatalogue } from '../src/server/seed/seed.ts';
import { heavyLog } from './lib/heavy-log.ts';
import { emulatorSignUp, node, startEmulator, stop, waitUntil } from './lib/processes.ts';

/**
 * npm run bench:export: a learner with 150 stored attempts of 10,000 events each (the history issue 32 found stalling
 * the server) downloads their data again and again: the JSON export, then the event logs' gzip stream read to its end.
 * Meanwhile autocannon (10 connections) requests a course (GET /api/courses/{id}); first alone, then during the
 * exports. Prints p50/p99 of both runs (target: p99 at most 100 ms during the exports), the exports made, their bytes
 * and times, and the server's resident memory at rest and at its peak. Any error fails the run.
 */
const PORT = 4814;
const EMULATOR_PORT = 9814;
const api = apiAt(`http://127.0.0.1:${PORT}`);
const ATTEMPTS = 150;
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const COURSE = 'fetoscopy-simulator';

if (!existsSync(join(distDir(), 'server/entry.mjs'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const run = promisify(execFile);
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;
/** The server's resident memory now, from /proc (Linux), in MB. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The learner's profile and attempts written before the server opens the folder (PGlite is single-process). */
async function seed(dataDir: string, uid: string, email: string): Promise<number> {
  const database = await openDatabase(null, join(dataDir, 'pglite'));
  try {
    await seedCatalogue({ db: database, catalogue: new Catalogue(database) });
    await database.db.insert(users).values({ id: uid, email, name: 'Export Bench', isPremium: true, emailVerified: true });
    const logGzip = gzipSync(JSON.stringify(heavyLog())).toString('base64');
    const started = Date.now() - ATTEMPTS * 60_000;
    for (let i = 0; i < ATTEMPTS; i += 10) {
      await database.db.insert(attempts).values(
        Array.from({ length: 10 }, (_, j) => ({
          id: `bench-export-${i + j}`,
          userId: uid,
          courseId: COURSE,
          caseId: 'm3c3',
          level: 3,
          caseIndex: 3,
          task: 'solomon' as const,
          score: 60,
          metrics: {},
          logGzip,
          createdAt: new Date(started + (i + j) * 60_000),
        })),
      );
    }
    return Buffer.byteLength(logGzip, 'base64');
  } finally {
    await database.close();
  }
}

interface ExportFigures {
  made: number;
  bytes: number;
  ms: number[];
  failures: string[];
}

/**
 * Downloads the JSON and the event logs, each read to its end, again and again until `until`. The learner's client is
 * curl, a process of its own, so reading 8 MB a time does not slow this process's own measuring of the course requests.
 */
async function exporter(token: string, until: number, figures: ExportFigures) {
  while (Date.now() < until) {
    const started = performance.now();
    let bytes = 0;
    for (const url of [api.users.me.export.$url(), api.users.me.export.logs.$url()]) {
      const { stdout } = await run('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download}', '-H', `authorization: Bearer ${token}`, url.href]);
      const [status, size] = stdout.split(' ');
      if (status !== '200') figures.failures.push(`${url.pathname} ${status}`);
      bytes += Number(size);
    }
    figures.ms.push(performance.now() - started);
    figures.made += 1;
    figures.bytes = bytes;
  }
}

async function measure(label: string, seconds: number) {
  const result = await autocannon({ url: api.courses[':id'].$url({ param: { id: COURSE } }).href, connections: CONNECTIONS, duration: seconds });
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(
    `| ${label} | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors} |`,
  );
  return { errors, p99: result.latency.p99 };
}

const emulator = await startEmulator(EMULATOR_PORT);
const dataDir = mkdtempSync(join(tmpdir(), 'fsa-export-'));
let ok = false;
try {
  const email = 'bench-export@example.com';
  const { token, uid } = await emulatorSignUp(emulator.host, email, randomBytes(12).toString('hex'));
  const logBytes = await seed(dataDir, uid, email);
  const server = node('src/server/main.ts', { PORT: String(PORT), DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, RATE_LIMIT_SCALE: '100000' });
  try {
    await waitUntil(api.courses.$url().href);
    const rest = rssOf(server.pid!);
    console.log(
      `${ATTEMPTS} stored attempts of ${MAX_ATTEMPT_EVENTS} events (${(logBytes / 1024).toFixed(0)} KB compressed each); GET /api/courses/${COURSE} with ${CONNECTIONS} connections.\n`,
    );
    console.log('| GET /api/courses/{id} | requests | req/s | p50 ms | p99 ms | max ms | errors |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    const alone = await measure('alone', Math.min(10, DURATION));
    const figures: ExportFigures = { made: 0, bytes: 0, ms: [], failures: [] };
    let peak = rest;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 100);
    const exporting = exporter(token, Date.now() + DURATION * 1000, figures);
    const loaded = await measure('while the learner exports, again and again', DURATION);
    await exporting;
    clearInterval(sampler);
    console.log('');
    console.log(
      `Exports made: ${figures.made} (JSON and logs, ${(figures.bytes / 1024 / 1024).toFixed(1)} MB each), each in p50 ${Math.round(percentile(figures.ms, 0.5))} ms, p99 ${Math.round(percentile(figures.ms, 0.99))} ms.`,
    );
    console.log(`Server memory: ${Math.round(rest)} MB at rest, ${Math.round(peak)} MB at its peak during the exports.`);
    for (const failure of new Set(figures.failures)) console.log(`  refused: ${failure}`);
    const target = loaded.p99 <= 100;
    console.log(`\nTarget p99 <= 100 ms during the exports: ${target ? 'met' : 'NOT met'} (${loaded.p99} ms).`);
    ok = alone.errors === 0 && loaded.errors === 0 && figures.failures.length === 0 && figures.made > 0 && target;
  } finally {
    await stop(server);
  }
} finally {
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
