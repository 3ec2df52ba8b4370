import { SANDBOX_PATHS } from '../src/server/config.ts';
import { apiAt } from './lib/api.ts';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { SaverData } from './lib/course-saver.ts';
import { emulatorToken, node, root, startEmulator, startPostgres, stop, waitUntil } from './lib/processes.ts';

/**
 * npm run bench:load: 200 concurrent clients for 60 s. Most are visitors and learners reading as fast as the server
 * answers (the catalogue, a course page, their own record, a course's JSON, the plans); a few are administrators
 * saving a course at a steady rate (BENCH_SAVES a second in all, 20 by default: busier than any editing team). Prints
 * errors, p50/p99 latency of the reads and of the saves, the servers' memory at rest and at their peak, and the
 * machine's load average when the load began and when it ended: the clients, the servers and PostgreSQL share the
 * machine's cores, so anything else running there shows in the latencies. On PGlite one server; on PostgreSQL two
 * servers sharing the database, the clients split between them (each server's readers in a thread of their own), and
 * then a check that the form stand-ins' rate limit (5 messages per address in 10 minutes) is one budget across both.
 */
const PORT = 4811;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);
/** Of the clients, the administrators saving courses. */
const ADMINS = 2;
const SAVES_PER_SECOND = Number(process.env.BENCH_SAVES ?? 20);

/** Resident memory of a process now (VmRSS), in MB. */
function memoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const mb = (values: number[]) => values.map((v) => `${v.toFixed(0)} MB`).join(' + ');

/** Posts form messages from one address, alternating between the servers, and shows where the shared limit stops them. */
async function sharedLimitCheck(ports: number[]): Promise<boolean> {
  const post = async (port: number, i: number) => {
    const res = await fetch(`http://127.0.0.1:${port}${SANDBOX_PATHS.formmail}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Nombre: 'Bench', Email: 'bench@example.com', Pregunta: `Shared limit ${i}` }),
    });
    return { port, status: res.status, retryAfter: res.headers.get('retry-after') };
  };
  const answers = [];
  for (let i = 0; i < 7; i++) answers.push(await post(ports[i % ports.length]!, i));
  const accepted = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status === 429);
  const perServer = ports.map((p) => accepted.filter((a) => a.port === p).length).join(' + ');
  const refusedBy = new Set(refused.map((a) => a.port)).size;
  const holds = accepted.length === 5 && answers.slice(0, 5).every((a) => a.status === 200) && refused.length === 2 && refusedBy === ports.length;
  console.log(
    `  shared rate limit (forms, 5 per address per 10 min): ${accepted.length} accepted across ${ports.length} servers (${perServer}), then ${refused.map((a) => `${a.status} from :${a.port} (Retry-After ${a.retryAfter} s)`).join(', ')}: ${holds ? 'holds' : 'DOES NOT HOLD'}`,
  );
  return holds;
}

/** What an administrator's thread answers: each save's time, and how many failed. */
type Saves = { times: number[]; failures: number };

/** An administrator saving a course at a steady rate, in a thread of their own (scripts/lib/course-saver.ts). */
function administrator(port: number, token: string): Promise<Saves> {
  return new Promise<Saves>((resolve, reject) => {
    const data: SaverData = {
      url: apiAt(`http://127.0.0.1:${port}`).courses[':id'].$url({ param: { id: 'pleuroamniotic' } }).href,
      token,
      everyMs: (1000 * ADMINS) / SAVES_PER_SECOND,
      seconds: DURATION,
    };
    const worker = new Worker(join(root, 'scripts/lib/course-saver.ts'), { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** Prints a backend's row of the table, and what failed under it; answers how many requests and saves failed. */
function report(
  backend: string,
  ports: number[],
  readers: autocannon.Result[],
  saves: Saves[],
  memory: { atRest: string; peaks: number[] },
  machineLoad: string,
): number {
  const sum = (f: (r: autocannon.Result) => number) => readers.reduce((total, r) => total + f(r), 0);
  const worst = (f: (r: autocannon.Result) => number) => Math.max(...readers.map(f));
  const saveFailures = saves.reduce((total, s) => total + s.failures, 0);
  const saveTimes = saves.flatMap((s) => s.times).sort((a, b) => a - b);
  const errors = sum((r) => r.errors + r.non2xx + r.timeouts) + saveFailures;
  const saveP99 = saveTimes[Math.min(saveTimes.length - 1, Math.floor(saveTimes.length * 0.99))] ?? 0;
  console.log(
    `| ${backend} | ${ports.length} | ${CONNECTIONS} | ${DURATION} s | ${sum((r) => r.requests.total) + saveTimes.length} | ${Math.round(sum((r) => r.requests.average) + saveTimes.length / DURATION)} | ${worst((r) => r.latency.p50)} | ${worst((r) => r.latency.p99)} | ${saveTimes.length} | ${Math.round(saveP99)} | ${errors} | ${memory.atRest} | ${mb(memory.peaks)} | ${machineLoad} |`,
  );
  if (saveFailures > 0) console.log(`  ${backend}: ${saveFailures} course saves failed`);
  for (const [i, r] of readers.entries()) {
    if (r.errors + r.non2xx + r.timeouts === 0) continue;
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
    console.log(`  ${backend} :${ports[i]}: ${r.errors} connection errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${statuses})`);
  }
  return errors;
}

async function run(backend: 'pglite' | 'postgres') {
  const emulator = await startEmulator(9811);
  const pg = backend === 'postgres' ? await startPostgres() : null;
  if (backend === 'postgres' && !pg) {
    // Not a pass: without PostgreSQL the run says so and fails, unless BENCH_DATABASES=pglite asked for PGlite alone.
    console.log('| postgres | NOT RUN: PostgreSQL is not installed here (apt-get install -y postgresql, or BENCH_DATABASES=pglite) |');
    await emulator.stop();
    return false;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fsa-load-'));
  const ports = backend === 'postgres' ? [PORT, PORT + 1] : [PORT];
  const servers: ChildProcess[] = [];
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const port of ports) {
      servers.push(
        node('src/server/main.ts', { PORT: String(port), DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, DATABASE_URL: pg?.url ?? '' }),
      );
      await waitUntil(apiAt(`http://127.0.0.1:${port}`).courses.$url().href);
    }
    // At rest: started, migrated, seeded and answering, then left alone for a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const atRest = mb(servers.map((s) => memoryMb(s.pid!)));
    const admin = await emulatorToken(emulator.host, 'admin@example.com', 'admin123');
    const learner = await emulatorToken(emulator.host, 'learner@example.com', 'learner123');
    const learnerId = JSON.parse(Buffer.from(learner.split('.')[1]!, 'base64url').toString()).sub as string;
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    const api = apiAt(`http://127.0.0.1:${ports[0]}`);
    // Every read asks for a compressed answer, as each browser does (autocannon asks for none by itself).
    const asBrowsers = { 'accept-encoding': 'gzip, deflate, br' };
    const reads: autocannon.Request[] = [
      { method: 'GET', path: api.courses.$path(), headers: asBrowsers },
      { method: 'GET', path: '/courses/fetoscopy-simulator', headers: asBrowsers },
      { method: 'GET', path: api.users[':id'].$path({ param: { id: learnerId } }), headers: { ...asBrowsers, ...auth(learner) } },
      { method: 'GET', path: api.courses[':id'].$path({ param: { id: 'bronchoscopy' } }), headers: asBrowsers },
      { method: 'GET', path: api.pricing.$path(), headers: asBrowsers },
    ];
    // The peak during the load, sampled: the process's own high-water mark would include the first start's initdb.
    const peaks = servers.map(() => 0);
    const loadBefore = loadavg()[0]!;
    const sampler = setInterval(() => servers.forEach((s, i) => (peaks[i] = Math.max(peaks[i]!, memoryMb(s.pid!)))), 200);
    // Each server's readers in a thread of their own: on one thread, the clients of both servers kept it busy (92 % of a
    // core on PostgreSQL, while the servers were idle 62 % of the time), so the reads' times were the clients' own queue.
    const [readers, saves] = await Promise.all([
      Promise.all(
        ports.map((port) =>
          autocannon({
            url: `http://127.0.0.1:${port}`,
            connections: Math.ceil((CONNECTIONS - ADMINS) / ports.length),
            duration: DURATION,
            requests: reads,
            workers: 1,
          }),
        ),
      ),
      Promise.all(Array.from({ length: ADMINS }, (_, i) => administrator(ports[i % ports.length]!, admin))),
    ]);
    clearInterval(sampler);
    const machineLoad = `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`;
    const errors = report(backend, ports, readers, saves, { atRest, peaks }, machineLoad);
    const limitHolds = ports.length > 1 ? await sharedLimitCheck(ports) : true;
    return errors === 0 && limitHolds;
  } finally {
    for (const server of servers) await stop(server);
    await emulator.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  '| database | servers | clients | duration | requests | req/s | reads p50 ms | reads p99 ms | course saves | saves p99 ms | errors | servers memory at rest | servers peak memory under load | machine load (1 min) before → after |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const backends = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const ok = [];
for (const backend of backends) ok.push(await run(backend));
process.exit(ok.every(Boolean) ? 0 : 1);
