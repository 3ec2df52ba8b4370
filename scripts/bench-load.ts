import { SANDBOX_PATHS } from '../src/server/config.ts';
import { apiAt } from './lib/api.ts';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { emulatorToken, node, startEmulator, startPostgres, stop, waitUntil } from './lib/processes.ts';

/**
 * npm run bench:load: 200 concurrent clients for 60 s mixing catalogue reads, course pages, signed-in user reads
 * and admin writes; prints errors, p50/p99 latency and the servers' peak memory. On PGlite one server; on PostgreSQL
 * two servers sharing the database, the clients split between them, and then a check that the form stand-ins'
 * rate limit (5 messages per address in 10 minutes) is one budget across both.
 */
const PORT = 4811;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);

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

async function run(backend: 'pglite' | 'postgres') {
  const emulator = await startEmulator(9811);
  const pg = backend === 'postgres' ? await startPostgres(55434) : null;
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
    let n = 0;
    const api = apiAt(`http://127.0.0.1:${ports[0]}`);
    const requests: autocannon.Request[] = [
      { method: 'GET', path: api.courses.$path() },
      { method: 'GET', path: '/courses/fetoscopy-simulator' },
      { method: 'GET', path: api.users[':id'].$path({ param: { id: learnerId } }), headers: auth(learner) },
      { method: 'GET', path: api.courses[':id'].$path({ param: { id: 'bronchoscopy' } }) },
      { method: 'GET', path: api.pricing.$path() },
      {
        method: 'PUT',
        path: api.courses[':id'].$path({ param: { id: 'pleuroamniotic' } }),
        headers: auth(admin),
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            title: `Pleuroamniotic ${n++}`,
            subtitle: 'Load test',
            levels: [{ title: 'Module', active: true, cases: [{ title: 'Case', bubbles: [] }] }],
          }),
        }),
      },
    ];
    // The peak during the load, sampled: the process's own high-water mark would include the first start's initdb.
    const peaks = servers.map(() => 0);
    const sampler = setInterval(() => servers.forEach((s, i) => (peaks[i] = Math.max(peaks[i]!, memoryMb(s.pid!)))), 200);
    const results = await Promise.all(
      ports.map((port) => autocannon({ url: `http://127.0.0.1:${port}`, connections: Math.ceil(CONNECTIONS / ports.length), duration: DURATION, requests })),
    );
    const sum = (f: (r: autocannon.Result) => number) => results.reduce((total, r) => total + f(r), 0);
    const errors = sum((r) => r.errors + r.non2xx + r.timeouts);
    clearInterval(sampler);
    const memory = mb(peaks);
    console.log(
      `| ${backend} | ${ports.length} | ${CONNECTIONS} | ${DURATION} s | ${sum((r) => r.requests.total)} | ${Math.round(sum((r) => r.requests.average))} | ${Math.max(...results.map((r) => r.latency.p50))} | ${Math.max(...results.map((r) => r.latency.p99))} | ${errors} | ${atRest} | ${memory} |`,
    );
    for (const [i, r] of results.entries()) {
      if (r.errors + r.non2xx + r.timeouts === 0) continue;
      const statuses = Object.entries(r.statusCodeStats ?? {})
        .map(([code, { count }]) => `${code}: ${count}`)
        .join(', ');
      console.log(`  ${backend} :${ports[i]}: ${r.errors} connection errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx (${statuses})`);
    }
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
  '| database | servers | clients | duration | requests | req/s | p50 ms | p99 ms | errors | servers memory at rest | servers peak memory under load |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const backends = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const ok = [];
for (const backend of backends) ok.push(await run(backend));
process.exit(ok.every(Boolean) ? 0 : 1);
