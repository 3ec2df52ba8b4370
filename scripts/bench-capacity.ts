import { apiAt } from './lib/api.ts';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { TERMS_VERSION } from '../src/domain/legal.ts';
import { paramsOfCase, type SimEvent } from '../src/domain/simulator/index.ts';
import { Catalogue } from '../src/server/courses/catalogue.ts';
import { distDir } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { users } from '../src/server/db/schema.ts';
import { signLaunchToken } from '../src/server/launch/launch-token.ts';
import { seedCatalogue } from '../src/server/seed/seed.ts';
import { startKeySet } from './lib/firebase-keys.ts';
import { node, startPostgres, stop, waitUntil } from './lib/processes.ts';

/**
 * npm run bench:capacity: what one core of the server, and one core of PostgreSQL, do per second of each kind of work,
 * to plan for many learners (docs/operations.md). One production server (NODE_ENV=production, RS256 tokens from a key
 * set made for the run) on a throwaway PostgreSQL started here (pg_stat_statements loaded to count the queries). Each
 * kind of work runs alone for BENCH_SECONDS (15 by default): course page reads (compressed, as browsers ask),
 * signed-in API reads (a learner's own record), course saves by an administrator, and attempts of a 20-minute
 * Solomon log sent and replayed. For each: the operations done and their rate, the server's CPU time per operation
 * (its process, the replay workers' threads included) and so operations per second per server core, PostgreSQL's
 * statements per operation (counted by pg_stat_statements) and its CPU time per operation (the cluster's processes),
 * what the database grew by per operation (pg_database_size, after a checkpoint), and the machine's load when the work began and ended. The CPU times, not the rates, are what a shared machine
 * disturbs least. Then three instances share the database behind a small reverse proxy (TRUST_PROXY=1, one SITE_URL,
 * one LAUNCH_SECRET), read, save and replay through it, and check that the sign-up limit is one budget across them.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = 4831;
const PROXY_PORT = 4830;
const PROJECT_ID = 'fsa-bench-capacity';
const SITE_URL = 'https://academy.example';
const LAUNCH_SECRET = randomBytes(32).toString('base64url');
/** Learners sharing the attempts, so that no one of them meets the per-user limits (30 a minute, 100 a day). */
const LEARNERS = 60;
const CASE = { course: 'fetoscopy-simulator', level: 3, case: 3, caseId: 'm3c3' };
const LOG_MINUTES = 20;

if (!existsSync(join(distDir(), 'server/entry.mjs'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

/** A 20-minute attempt at a human pace: about three key changes a second, the scope turning, the laser fired one second in ten. */
function solomonLog(): SimEvent[] {
  const ms = LOG_MINUTES * 60_000;
  const events: SimEvent[] = [
    { t: 0, type: 'open', scope: 'angled' },
    { t: 0, type: 'laserOn' },
  ];
  const keys = [-1, 0, 1];
  const count = Math.round((ms / 1000) * 3);
  let firing = false;
  for (let i = 0; i < count; i += 1) {
    const t = Math.round(((i + 1) * ms) / (count + 1));
    const fire = t % 10_000 < 1_000;
    if (fire !== firing) {
      firing = fire;
      events.push({ t, type: fire ? 'fireStart' : 'fireStop' });
    } else events.push({ t, type: 'input', turnX: i % 2 ? 1 : -1, turnY: keys[i % 3]!, insert: keys[(i >> 2) % 3]!, roll: keys[(i >> 4) % 3]! });
  }
  events.push({ t: ms, type: 'finish' });
  return events;
}

/** CPU time (user + system) of a process and its threads, in ms; with `children`, also that of its children it has waited for. */
function cpuMs(pid: number, children = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks * 10;
  } catch {
    return 0;
  }
}

/** The PostgreSQL cluster listening on `port`: its postmaster's pid, found by its command line. */
function postmasterOf(port: string): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (cmd[0]?.endsWith('/postgres') && cmd.includes('-p') && cmd[cmd.indexOf('-p') + 1] === port) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`no PostgreSQL postmaster on port ${port}`);
}

/** The cluster's CPU time: the postmaster with the backends it has reaped, and its live children. */
function clusterCpuMs(postmaster: number): number {
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = /\nPPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (Number(parent) === postmaster) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

interface Figures {
  what: string;
  operations: number;
  failures: number;
  seconds: number;
  serverMs: number;
  pgMs: number;
  statements: number;
  /** What the database grew by, in bytes. */
  grewBytes: number;
  load: string;
}

const load = () => loadavg()[0]!.toFixed(1);

const productionEnv = (keysUrl: string, databaseUrl: string, port: number) => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  FIREBASE_AUTH_EMULATOR_HOST: '',
  RATE_LIMIT_SCALE: '',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_API_KEY: 'bench-capacity-key',
  FIREBASE_KEYS_URL: keysUrl,
  LAUNCH_SECRET,
  PAYPAL_CLIENT_ID: 'bench-capacity',
  PAYPAL_CLIENT_SECRET: 'bench-capacity',
  FORM_MAIL_URL: 'https://mail.example.org/f/1',
  FORM_SUBMIT_URL: 'https://forms.example.org/submit',
  MAIL_URL: 'https://mail.example.org/send',
  FORM_ACCESS_KEY: 'bench-capacity',
  CHAT_NUMBER: '15550001111',
  SITE_URL,
  TRUST_PROXY: '1',
  PORT: String(port),
  DATA_DIR: tmpdir(),
  DATABASE_URL: databaseUrl,
});

/** Runs `fn` until `seconds` are up on `workers` loops at once; answers the operations done and failed. */
async function loops(workers: number, seconds: number, fn: (worker: number, n: number) => Promise<boolean>) {
  const until = performance.now() + seconds * 1000;
  let operations = 0;
  let failures = 0;
  const failed = new Set<string>();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let n = 0; performance.now() < until; n++) {
        try {
          if (await fn(worker, n)) operations++;
          else failures++;
        } catch (err) {
          failures++;
          failed.add(String(err));
        }
      }
    }),
  );
  for (const reason of failed) console.error(`  ${reason}`);
  return { operations, failures };
}

const pg = await startPostgres(['shared_preload_libraries=pg_stat_statements']);
if (!pg) {
  console.error('bench:capacity needs PostgreSQL (apt-get install -y postgresql): NOT RUN');
  process.exit(1);
}
const keys = await startKeySet(PROJECT_ID);
const servers: ChildProcess[] = [];
let proxy: Server | null = null;
let ok = false;
try {
  const postmaster = postmasterOf(new URL(pg.url).port);
  const stats = postgres(pg.url, { max: 1, onnotice: () => {} });
  await stats`CREATE EXTENSION pg_stat_statements`;
  // The statements the server ran, not these counts' own.
  const size = async () => Number((await stats`SELECT pg_database_size(current_database())::bigint AS n`)[0]!.n);
  const statements = async () =>
    Number((await stats`SELECT coalesce(sum(calls), 0)::bigint AS n FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%'`)[0]!.n);

  // Production writes no demo data: the catalogue, an administrator and the learners go in before the server opens it.
  const database = await openDatabase(pg.url, null);
  try {
    await seedCatalogue({ db: database, catalogue: new Catalogue(database) });
    const learners = Array.from({ length: LEARNERS }, (_, i) => ({
      id: `capacity-learner-${i}`,
      email: `capacity-learner-${i}@example.com`,
      emailVerified: true,
      name: `Learner ${i}`,
      isPremium: true,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: new Date(),
    }));
    await database.db
      .insert(users)
      .values([...learners, { id: 'capacity-admin', email: 'capacity-admin@example.com', emailVerified: true, name: 'Admin', isAdmin: true }]);
  } finally {
    await database.close();
  }
  const learnerTokens = await Promise.all(
    Array.from({ length: LEARNERS }, (_, i) => keys.idToken(`capacity-learner-${i}`, `capacity-learner-${i}@example.com`)),
  );
  const adminToken = await keys.idToken('capacity-admin', 'capacity-admin@example.com');

  const server = node('src/server/main.ts', productionEnv(keys.keysUrl, pg.url, PORT));
  servers.push(server);
  const origin = `http://127.0.0.1:${PORT}`;
  const api = apiAt(origin);
  await waitUntil(api.courses.$url().href);
  const sim = paramsOfCase(undefined, CASE.level, CASE.case);
  const log = JSON.stringify(solomonLog());
  const kinds: Array<{ what: string; run(seconds: number, target: string): Promise<{ operations: number; failures: number }> }> = [
    {
      what: 'course page reads (GET /courses/{id}, brotli, 50 connections)',
      async run(seconds, target) {
        const r = await autocannon({
          url: `${target}/courses/fetoscopy-simulator`,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
          connections: 50,
          duration: seconds,
        });
        return { operations: r.requests.total, failures: r.errors + r.timeouts + r.non2xx };
      },
    },
    {
      what: 'signed-in API reads (GET /api/users/{uid}, 60 learners, 50 connections)',
      async run(seconds, target) {
        const requests = learnerTokens.map((token, i) => ({
          method: 'GET' as const,
          path: apiAt(target).users[':id'].$path({ param: { id: `capacity-learner-${i}` } }),
          headers: { authorization: `Bearer ${token}` },
        }));
        const r = await autocannon({ url: target, requests, connections: 50, duration: seconds });
        return { operations: r.requests.total, failures: r.errors + r.timeouts + r.non2xx };
      },
    },
    {
      what: 'course saves (PUT /api/courses/{id}, 4 administrators one save at a time each)',
      run: (seconds, target) =>
        loops(4, seconds, async (worker, n) => {
          const res = await fetch(apiAt(target).courses[':id'].$url({ param: { id: 'pleuroamniotic' } }), {
            method: 'PUT',
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              title: `Pleuroamniotic ${worker}-${n}`,
              subtitle: 'Capacity',
              levels: [{ title: 'Module', active: true, cases: [{ title: 'Case', bubbles: [] }] }],
            }),
          });
          await res.arrayBuffer();
          return res.ok;
        }),
    },
    {
      what: `attempts replayed (POST /api/attempts, a ${LOG_MINUTES}-minute Solomon log of ${(log.length / 1024).toFixed(0)} KB, 2 at a time)`,
      run: (seconds, target) =>
        loops(2, seconds, async (worker, n) => {
          const i = (worker * 997 + n) % LEARNERS;
          const token = await signLaunchToken(
            LAUNCH_SECRET,
            { uid: `capacity-learner-${i}`, ...CASE, variant: randomInt(2 ** 32), sim },
            new Date(Date.now() - (LOG_MINUTES + 1) * 60_000),
          );
          const res = await fetch(apiAt(target).attempts.$url(), {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${learnerTokens[i]}` },
            body: `{"token":${JSON.stringify(token)},"events":${log}}`,
          });
          const answer = await res.text();
          if (res.status !== 201) throw new Error(`attempt answered ${res.status}: ${answer.slice(0, 200)}`);
          return true;
        }),
    },
  ];

  // A warm-up of each kind, unmeasured: the server's code compiled, the caches filled, each token verified once.
  for (const kind of kinds) await kind.run(3, origin);
  const rows: Figures[] = [];
  for (const kind of kinds) {
    await stats`CHECKPOINT`;
    const before = {
      size: await size(),
      server: cpuMs(server.pid!),
      pg: clusterCpuMs(postmaster),
      statements: await statements(),
      load: load(),
      at: performance.now(),
    };
    const done = await kind.run(SECONDS, origin);
    const seconds = (performance.now() - before.at) / 1000;
    rows.push({
      what: kind.what,
      ...done,
      seconds,
      serverMs: cpuMs(server.pid!) - before.server,
      pgMs: clusterCpuMs(postmaster) - before.pg,
      statements: (await statements()) - before.statements,
      grewBytes: (await size()) - before.size,
      load: `${before.load} → ${load()}`,
    });
  }
  console.log(
    `\nbench:capacity: one server on PostgreSQL, ${SECONDS} s per kind of work; Node ${process.version}, ${readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'cpu'}\n`,
  );
  console.log(
    '| work | operations | failed | per second | server CPU ms per op | per server core, per s | PostgreSQL statements per op | PostgreSQL CPU ms per op | per PostgreSQL core, per s | database growth per op | machine load (1 min) before → after |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const per = (ms: number) => ms / Math.max(1, row.operations);
    const perCore = (ms: number) => (ms > 0 ? Math.round(1000 / per(ms)).toLocaleString('en') : '—');
    console.log(
      `| ${row.what} | ${row.operations} | ${row.failures} | ${Math.round(row.operations / row.seconds).toLocaleString('en')} | ${per(row.serverMs).toFixed(3)} | ${perCore(row.serverMs)} | ${(row.statements / Math.max(1, row.operations)).toFixed(2)} | ${per(row.pgMs).toFixed(3)} | ${row.statements > 0 ? perCore(row.pgMs) : '—'} | ${(row.grewBytes / Math.max(1, row.operations) / 1024).toFixed(1)} KB | ${row.load} |`,
    );
  }
  const failures = rows.reduce((n, r) => n + r.failures, 0);

  // Three instances behind a proxy: the two more join the first on the same database, the proxy deals requests round robin.
  for (const port of [PORT + 1, PORT + 2]) {
    const more = node('src/server/main.ts', productionEnv(keys.keysUrl, pg.url, port));
    servers.push(more);
    await waitUntil(apiAt(`http://127.0.0.1:${port}`).courses.$url().href);
  }
  proxy = reverseProxy(servers.map((_, i) => PORT + i));
  await new Promise<void>((resolve) => proxy!.listen(PROXY_PORT, '127.0.0.1', resolve));
  const front = `http://127.0.0.1:${PROXY_PORT}`;
  console.log(
    `\nThree instances (ports ${PORT}-${PORT + 2}) on one PostgreSQL behind a round-robin reverse proxy (${front}), TRUST_PROXY=1, SITE_URL=${SITE_URL}, one LAUNCH_SECRET:\n`,
  );
  console.log('| work through the proxy | operations | failed | per second | machine load (1 min) before → after |');
  console.log('|---|---:|---:|---:|---:|');
  let proxiedFailures = 0;
  for (const kind of kinds) {
    const before = { load: load(), at: performance.now() };
    const done = await kind.run(Math.min(10, SECONDS), front);
    proxiedFailures += done.failures;
    console.log(
      `| ${kind.what} | ${done.operations} | ${done.failures} | ${Math.round(done.operations / ((performance.now() - before.at) / 1000)).toLocaleString('en')} | ${before.load} → ${load()} |`,
    );
  }
  const shared = await sharedSignUpLimit(front);
  console.log(`\n${shared.line}`);
  await stats.end();
  ok = failures === 0 && proxiedFailures === 0 && shared.holds;
} finally {
  proxy?.close();
  for (const server of servers) await stop(server);
  await keys.close();
  await pg.stop();
}
process.exit(ok ? 0 : 1);

/**
 * The smallest reverse proxy: each request to the next instance in turn, with X-Forwarded-For naming the client as
 * a proxy in front of the instances does (the instances trust one proxy: TRUST_PROXY=1).
 */
function reverseProxy(ports: number[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwarded } },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

/**
 * Sign-ups from one address (X-Forwarded-For as a client behind the proxy would send it) through the proxy, so each
 * instance takes a share: the limit is counted in PostgreSQL, so the instances refuse together once it is spent.
 */
async function sharedSignUpLimit(front: string): Promise<{ holds: boolean; line: string }> {
  const statuses: number[] = [];
  for (let i = 0; i < 30 && !statuses.includes(429); i++) {
    const uid = `capacity-newcomer-${i}`;
    const email = `${uid}@example.com`;
    const token = await keys.idToken(uid, email);
    const res = await fetch(apiAt(front).users.$url(), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
      body: JSON.stringify({ id: uid, email, name: 'Newcomer', acceptedTerms: TERMS_VERSION }),
    });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  const created = statuses.filter((s) => s === 201).length;
  const holds = statuses.at(-1) === 429 && created >= 3 && statuses.slice(0, created).every((s) => s === 201);
  return {
    holds,
    line: `Sign-ups from one client address through the proxy (three instances in turn): ${created} created, then ${statuses.at(-1)}: the limit is ${holds ? 'one budget across the instances' : 'NOT shared'}.`,
  };
}
