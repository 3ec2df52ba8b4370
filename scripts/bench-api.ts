import { apiAt, bearer, reply } from './lib/api.ts';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Catalogue } from '../src/server/courses/catalogue.ts';
import { distDir } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedCatalogue } from '../src/server/seed/seed.ts';
import type { BarePayload } from './bench-bare.ts';
import { LIST_ADMIN, seedUserList, USER_COUNT } from './lib/bench-users.ts';
import { startKeySet } from './lib/firebase-keys.ts';
import { node, stop, waitUntil } from './lib/processes.ts';
import { TERMS_VERSION } from '../src/domain/legal.ts';

/**
 * npm run bench:api: five things in one run, 50 connections for 10 s each, one process measured at a time. Our server
 * runs as in production (NODE_ENV=production, no Auth emulator): ID tokens are RS256, signed with a key pair made for
 * the run, whose public half is served as a local JWKS (FIREBASE_KEYS_URL) the server fetches as it fetches Google's.
 * 1. the course catalogue, answered from the server's in-memory cache (no query after the first request);
 * 2. a signed-in learner reading their own record (GET /api/users/{uid}): the RS256 signature, issuer, audience and
 *    expiry checked on the token's first request, then the token remembered (src/server/access/token-memory.ts), the
 *    record read once and then answered from memory before the API (src/server/users/user-cache.ts, fast-path.ts);
 *    on PGlite always, and on the PostgreSQL of DATABASE_URL when it is set (the PGlite server never inherits it);
 * 3. right after each of those, a bare Hono handler answering its payload from memory, byte for byte with the same headers;
 * 4. pages: a course page (rendered on demand, then cached), then the prerendered home page, the course page in
 *    Arabic and the course list, each compared with the English course page of the same run;
 * 5. the admins' user list over 10,000 profiles and 30,000 attempts (GET /api/user-list: a first page, a page deep in
 *    the list sorted by last activity, a search with filters), one admin paging: one connection, so p99 is the time
 *    one page takes (the target is under 200 ms).
 * Each row names the machine's 1-minute load average when it began and ended. Any answer that is not 2xx, any socket
 * error or timeout, fails the run.
 */
const CONNECTIONS = 50;
const DURATION = 10;
const PORT = 4591;
const BARE_PORT = 4592;
const PROJECT_ID = 'fsa-bench-api';
/** The signed-in learner, whose record the API makes from its first token as it does at sign-up. */
const LEARNER = { uid: 'bench-api-learner', email: 'bench-learner@example.com', name: 'Bench Learner' };
/** Set by the server's Node on every answer, not part of the payload. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive']);

if (!existsSync(join(distDir(), 'server/entry.mjs'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

interface Answer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

/** One GET as autocannon sends it (no accept-encoding), with the raw headers as they came on the wire. */
function get(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, headers: pairs.filter(([name]) => !TRANSPORT.has(name)), body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

interface Row {
  what: string;
  database: string;
  url: string;
  headers: Record<string, string>;
  payload: Answer;
  /** Connections at once, when not CONNECTIONS. */
  connections?: number;
  result?: { rps: number; p50: number; p99: number; failures: number; load: string };
  /** The row this one's throughput is compared with, and its name in the table. */
  versus?: { row: Row; name: string };
}

/** The machine's 1-minute load average now: the machine may be shared, and its other work shows in every figure. */
const load = () => loadavg()[0]!.toFixed(1);

async function measure(row: Row): Promise<void> {
  const before = load();
  const r = await autocannon({ url: row.url, headers: row.headers, connections: row.connections ?? CONNECTIONS, duration: DURATION });
  const failures = r.errors + r.timeouts + r.non2xx;
  row.result = { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failures, load: `${before} → ${load()}` };
}

/** Waits for `url` to answer, or fails at once if the process exits first. */
function up(child: ChildProcess, url: string): Promise<void> {
  return Promise.race([
    waitUntil(url),
    new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${url}: the server exited (${code}) before answering`)))),
  ]);
}

const keys = await startKeySet(PROJECT_ID);
const rows: Row[] = [];
const dirs: string[] = [];

/** Every setting production requires (as in tests/api/support.ts's PRODUCTION_ENV); of its services only the key set is ever called. */
const productionEnv = () => ({
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  FIREBASE_AUTH_EMULATOR_HOST: '',
  RATE_LIMIT_SCALE: '',
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_API_KEY: 'bench-api-key',
  FIREBASE_KEYS_URL: keys.keysUrl,
  LAUNCH_SECRET: randomBytes(32).toString('base64url'),
  PAYPAL_CLIENT_ID: 'bench-api',
  PAYPAL_CLIENT_SECRET: 'bench-api',
  FORM_MAIL_URL: 'https://mail.example.org/f/1',
  FORM_SUBMIT_URL: 'https://forms.example.org/submit',
  MAIL_URL: 'https://mail.example.org/send',
  FORM_ACCESS_KEY: 'bench-api',
  CHAT_NUMBER: '15550001111',
  SITE_URL: 'https://academy.example',
});

/** Production writes no demo data: the catalogue the rows read goes into the PGlite folder before the server opens it. */
async function seedPglite(dataDir: string): Promise<void> {
  const database = await openDatabase(null, join(dataDir, 'pglite'));
  try {
    await seedCatalogue({ db: database, catalogue: new Catalogue(database) });
    await seedUserList(database);
  } finally {
    await database.close();
  }
}

/** Signs the learner up with an RS256 token and answers it, once the server has refused the same token with a forged signature. */
async function signUp(api: ReturnType<typeof apiAt>, record: string): Promise<string> {
  const token = await keys.idToken(LEARNER.uid, LEARNER.email);
  const created = await reply(
    api.users.$post({ header: {}, json: { id: LEARNER.uid, email: LEARNER.email, name: LEARNER.name, acceptedTerms: TERMS_VERSION } }, bearer(token)),
  );
  // 409: the PostgreSQL of DATABASE_URL kept the record from an earlier run; the read before the run proves it is this learner's.
  if (created.status !== 201 && created.status !== 409) throw new Error(`signing up the learner answered ${created.status}: ${JSON.stringify(created.json)}`);
  // Refused, or the row would not measure a verification.
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const at = signature.length >> 1;
  const forged = `${head}.${claims}.${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
  const refused = await get(record, { authorization: `Bearer ${forged}` });
  if (refused.status !== 401) throw new Error(`a token with a forged signature answered ${refused.status}, not 401: tokens are not verified`);
  return token;
}

/** Starts our built server on one database, measures its rows, stops it. */
async function ours(database: 'PGlite' | 'PostgreSQL', databaseUrl: string, withCatalogue: boolean): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  dirs.push(dataDir);
  if (withCatalogue) await seedPglite(dataDir);
  const server = node('src/server/main.ts', { ...productionEnv(), PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  try {
    const api = apiAt(`http://127.0.0.1:${PORT}`);
    await up(server, api.courses.$url().href);
    const record = api.users[':id'].$url({ param: { id: LEARNER.uid } }).href;
    const token = await signUp(api, record);
    const targets: Array<Omit<Row, 'payload'>> = [];
    if (withCatalogue) targets.push({ what: 'GET /api/courses (catalogue, in-memory cache)', database, url: api.courses.$url().href, headers: {} });
    targets.push({
      what: 'GET /api/users/{uid} (signed in: RS256 token verified once, then remembered; the record answered from memory before the API)',
      database,
      url: record,
      headers: { authorization: `Bearer ${token}` },
    });
    for (const target of targets) {
      const row: Row = { ...target, payload: await get(target.url, target.headers) };
      if (row.payload.status !== 200) throw new Error(`${row.what} answered ${row.payload.status} before the run: ${row.payload.body.toString()}`);
      // Measured back to back with our row, so both see the same load on the machine.
      const copy = await bare(row);
      try {
        await measure(row);
        await measure(copy.row);
      } finally {
        await copy.stop();
      }
      row.versus = { row: copy.row, name: 'bare' };
      rows.push(row, copy.row);
    }
    if (withCatalogue) await pages();
    if (withCatalogue) await userList(api);
  } finally {
    await stop(server);
  }
}

/**
 * A course page (rendered once, then answered from the page cache), then the home page (a prerendered file held in
 * memory), the Arabic course page and the course list, measured one after the other on the running server, each
 * compared with the cached course page of the same run.
 */
async function pages(): Promise<void> {
  const page = async (what: string, path: string): Promise<Row> => {
    const url = `http://127.0.0.1:${PORT}${path}`;
    const row: Row = { what, database: 'PGlite', url, headers: {}, payload: await get(url, {}) };
    if (row.payload.status !== 200) throw new Error(`${what} answered ${row.payload.status} before the run`);
    await measure(row);
    rows.push(row);
    return row;
  };
  const course = await page('GET /courses/{id} (course page, rendered on demand, then cached)', '/courses/fetoscopy-simulator');
  for (const [what, path] of [
    ['GET / (home page, prerendered file held in memory)', '/'],
    ['GET /ar/courses/{id} (the same course page in Arabic)', '/ar/courses/fetoscopy-simulator'],
    ['GET /courses (course list, rendered on demand, then cached)', '/courses'],
  ] as const) {
    (await page(what, path)).versus = { row: course, name: 'course page' };
  }
}

/** The admins' user list, one admin paging: each row a different query over the same 10,000 profiles. */
async function userList(api: ReturnType<typeof apiAt>): Promise<void> {
  const headers = { authorization: `Bearer ${await keys.idToken(LIST_ADMIN.uid, LIST_ADMIN.email)}` };
  for (const [what, query] of [
    ['first page, newest sign-up first', { limit: '25' }],
    ['page 200, sorted by last activity', { sort: 'lastActiveAt', order: 'desc', limit: '25', offset: '4975' }],
    [
      '"garcía" in name or email, learners holding a plan, by name',
      { q: 'garcía', role: 'learner', plan: 'plan-complete', sort: 'name', order: 'asc', limit: '25' },
    ],
  ] as const) {
    const url = api['user-list'].$url({ query }).href;
    const row: Row = {
      what: `GET /api/user-list (${USER_COUNT} users: ${what}; 1 connection)`,
      database: 'PGlite',
      url,
      headers,
      connections: 1,
      payload: await get(url, headers),
    };
    const total = row.payload.status === 200 ? (JSON.parse(row.payload.body.toString()) as { total: number }).total : 0;
    if (total === 0) throw new Error(`${row.what} answered ${row.payload.status} with nobody before the run: ${row.payload.body.toString().slice(0, 200)}`);
    await measure(row);
    rows.push(row);
  }
}

/** A bare Hono handler serving `row`'s payload, checked byte for byte (status, headers, body) against ours before it is measured. */
async function bare(row: Row): Promise<{ row: Row; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  dirs.push(dir);
  const payload: BarePayload = {
    path: '/',
    status: row.payload.status,
    headers: row.payload.headers.filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding'),
    body: row.payload.body.toString('base64'),
  };
  writeFileSync(join(dir, 'payload.json'), JSON.stringify(payload));
  const server = node('scripts/bench-bare.ts', { PORT: String(BARE_PORT), BARE_PAYLOAD: join(dir, 'payload.json') });
  const url = `http://127.0.0.1:${BARE_PORT}/`;
  try {
    await up(server, url);
    const answer = await get(url, {});
    if (
      answer.status !== row.payload.status ||
      !answer.body.equals(row.payload.body) ||
      JSON.stringify(answer.headers) !== JSON.stringify(row.payload.headers)
    ) {
      throw new Error(
        `the bare handler's answer differs from ours for ${row.what}:\nours ${JSON.stringify(row.payload.headers)}\nbare ${JSON.stringify(answer.headers)}`,
      );
    }
  } catch (err) {
    await stop(server);
    throw err;
  }
  return { row: { what: `bare Hono, the same bytes and headers`, database: 'none', url, headers: {}, payload: row.payload }, stop: () => stop(server) };
}

let failed = false;
try {
  await ours('PGlite', '', true);
  if (process.env.DATABASE_URL) await ours('PostgreSQL', process.env.DATABASE_URL, false);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed = true;
} finally {
  await keys.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nbench:api: ${CONNECTIONS} connections, ${DURATION} s per row, one server measured at a time, each of ours followed at once by its bare twin; Node ${process.version}\n`,
);
console.log('| what | database | bytes | req/s | p50 ms | p99 ms | failed answers | throughput compared | machine load (1 min) before → after |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  if (!row.result) continue;
  const twin = row.versus?.row.result;
  const ratio = twin ? `${(row.result.rps / twin.rps).toFixed(2)} of ${row.versus!.name}` : '';
  console.log(
    `| ${row.what} | ${row.database} | ${row.payload.body.length} | ${Math.round(row.result.rps)} | ${row.result.p50} | ${row.result.p99} | ${row.result.failures} | ${ratio} | ${row.result.load} |`,
  );
}
if (!process.env.DATABASE_URL) console.log('\nPostgreSQL: not measured (set DATABASE_URL to measure the same read on PostgreSQL).');
const failures = rows.reduce((n, r) => n + (r.result?.failures ?? 0), 0);
if (failures > 0) console.error(`\n${failures} answers were not 2xx, errored or timed out: the figures above do not hold`);
if (failed || failures > 0) process.exit(1);
