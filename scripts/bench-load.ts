import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { emulatorToken, node, startEmulator, startPostgres, stop, waitUntil } from './lib/processes.ts';

/**
 * npm run bench:load: 200 concurrent clients for 60 s on the built server, mixing catalogue reads, course pages,
 * signed-in user reads and admin writes; prints errors, p50/p99 latency and the server's peak memory, on PGlite then PostgreSQL.
 */
const PORT = 4811;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 60);

function peakMemoryMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function run(backend: 'pglite' | 'postgres') {
  const emulator = await startEmulator(9811);
  const pg = backend === 'postgres' ? await startPostgres(55434) : null;
  if (backend === 'postgres' && !pg) {
    console.log('| postgres | not installed here: skipped |');
    await emulator.stop();
    return true;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fsa-load-'));
  const server = node('src/server/main.ts', {
    PORT: String(PORT),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    DATABASE_URL: pg?.url ?? '',
    RATE_LIMIT_SCALE: '100000',
  });
  try {
    await waitUntil(`http://127.0.0.1:${PORT}/api/courses`);
    const admin = await emulatorToken(emulator.host, 'admin@example.com', 'admin123');
    const learner = await emulatorToken(emulator.host, 'learner@example.com', 'learner123');
    const learnerId = JSON.parse(Buffer.from(learner.split('.')[1]!, 'base64url').toString()).sub as string;
    const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    let n = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        { method: 'GET', path: '/api/courses' },
        { method: 'GET', path: '/courses/fetoscopy-simulator' },
        { method: 'GET', path: `/api/users/${learnerId}`, headers: auth(learner) },
        { method: 'GET', path: '/api/courses/bronchoscopy' },
        { method: 'GET', path: '/api/pricing' },
        {
          method: 'PUT',
          path: '/api/courses/pleuroamniotic',
          headers: auth(admin),
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ title: `Pleuroamniotic ${n++}`, subtitle: 'Load test', levels: [{ title: 'Module', active: true, cases: [{ title: 'Case', bubbles: [] }] }] }),
          }),
        },
      ],
    });
    const errors = result.errors + result.non2xx + result.timeouts;
    console.log(
      `| ${backend} | ${CONNECTIONS} | ${DURATION} s | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${errors} | ${peakMemoryMb(server.pid!).toFixed(0)} MB |`,
    );
    if (errors) {
      const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}: ${count}`).join(', ');
      console.log(`  ${backend}: ${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (${statuses})`);
    }
    return errors === 0;
  } finally {
    await stop(server);
    await emulator.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('| database | clients | duration | requests | req/s | p50 ms | p99 ms | errors | server peak memory |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
const backends = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const ok = [];
for (const backend of backends) ok.push(await run(backend));
process.exit(ok.every(Boolean) ? 0 : 1);
