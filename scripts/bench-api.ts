import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { distDir } from '../src/server/config.ts';
import { node, waitUntil } from './lib/processes.ts';

/** npm run bench:api: our built server on PGlite against a bare Hono handler, 50 connections for 10 s each. */
const CONNECTIONS = 50;
const DURATION = 10;

if (!existsSync(join(distDir(), 'server/entry.mjs'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

async function measure(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const ours = node('src/server/main.ts', { PORT: '4591', DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: '' });
let bare: ChildProcess | null = null;
try {
  await waitUntil('http://127.0.0.1:4591/api/courses');
  const list = await (await fetch('http://127.0.0.1:4591/api/courses')).text();
  const id = (JSON.parse(list) as Array<{ id: string }>)[0]!.id;
  const course = await (await fetch(`http://127.0.0.1:4591/api/courses/${id}`)).text();
  bare = node('scripts/bench-bare.ts', { PORT: '4592', BARE_BODY: list });
  await waitUntil('http://127.0.0.1:4592/');

  const rows = [
    ['GET /api/courses', await measure('http://127.0.0.1:4591/api/courses')],
    [`GET /api/courses/${id}`, await measure(`http://127.0.0.1:4591/api/courses/${id}`)],
    ['bare Hono (same list JSON)', await measure('http://127.0.0.1:4592/')],
  ] as const;
  const bareRps = rows[2][1].rps;
  console.log(`\nbench:api: ${CONNECTIONS} connections, ${DURATION} s each, PGlite, course JSON ${course.length} bytes\n`);
  console.log('| route | req/s | p99 ms | errors | ours/bare |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of rows) {
    console.log(`| ${name} | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${(r.rps / bareRps).toFixed(2)} |`);
  }
} finally {
  ours.kill('SIGINT');
  bare?.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
