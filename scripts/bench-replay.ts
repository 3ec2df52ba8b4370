import { apiAt } from './lib/api.ts';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MAX_ATTEMPT_EVENTS } from '../src/api/attempts.ts';
import { heavyLog, LOG_MS } from './lib/heavy-log.ts';
import { paramsOfCase } from '../src/domain/simulator/index.ts';
import { distDir } from '../src/server/config.ts';
import { LAUNCH_TOKEN_TTL_SECONDS, signLaunchToken } from '../src/server/launch/launch-token.ts';
import { emulatorToken, node, startEmulator, stop, waitUntil } from './lib/processes.ts';

/**
 * npm run bench:replay: GET /api/courses measured by autocannon (10 connections) on the built server, first alone,
 * then while four clients post 10,000-event attempt logs in a loop, each on a fresh launch token so that every post
 * is replayed. Prints p50/p99 of both runs and the posts' figures; any error, or any post not stored, fails the run.
 *
 * The logs are as long as a launch allows: 14 minutes of the scope moving on every tick, the laser firing one second
 * in ten. A log may not outlast its token's age, so the tokens are signed the way POST /api/launch
 * signs them (with the secret this script gives the server, a fresh variant and id each) but dated 14.5 minutes back,
 * as a learner's token is when they finish a long session.
 */
const PORT = 4813;
const api = apiAt(`http://127.0.0.1:${PORT}`);
const EMULATOR_PORT = 9813;
const CLIENTS = 4;
const CONNECTIONS = 10;
const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const SECRET = randomBytes(32).toString('hex');
const CASE = { course: 'fetoscopy-simulator', level: 3, case: 3, caseId: 'm3c3' };

if (!existsSync(join(distDir(), 'server/entry.mjs'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const sim = paramsOfCase(undefined, CASE.level, CASE.case);
const issuedAgo = LAUNCH_TOKEN_TTL_SECONDS * 1000 - 30_000;

interface PostFigures {
  stored: number;
  failures: string[];
  ms: number[];
}

/** One client: posts the log on a new token, again and again, until `until`. */
async function poster(uid: string, idToken: string, body: string, until: number, figures: PostFigures) {
  while (Date.now() < until) {
    const token = await signLaunchToken(SECRET, { uid, ...CASE, variant: randomInt(2 ** 32), sim }, new Date(Date.now() - issuedAgo));
    const started = performance.now();
    const res = await fetch(api.attempts.$url(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
      body: `{"token":${JSON.stringify(token)},"events":${body}}`,
    });
    const answer = await res.text();
    figures.ms.push(performance.now() - started);
    if (res.status === 201) figures.stored += 1;
    else figures.failures.push(`${res.status} ${answer.slice(0, 200)}`);
  }
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function measure(label: string, seconds: number) {
  const result = await autocannon({ url: api.courses.$url().href, connections: CONNECTIONS, duration: seconds });
  const errors = result.errors + result.non2xx + result.timeouts;
  console.log(
    `| ${label} | ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${errors} |`,
  );
  return errors;
}

const emulator = await startEmulator(EMULATOR_PORT);
const dataDir = mkdtempSync(join(tmpdir(), 'fsa-replay-'));
const server = node('src/server/main.ts', {
  PORT: String(PORT),
  DATA_DIR: dataDir,
  FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  LAUNCH_SECRET: SECRET,
  RATE_LIMIT_SCALE: '100000',
});
let ok = false;
try {
  await waitUntil(api.courses.$url().href);
  const admin = await emulatorToken(emulator.host, 'admin@example.com', 'admin123');
  const learner = await emulatorToken(emulator.host, 'learner@example.com', 'learner123');
  const uid = JSON.parse(Buffer.from(learner.split('.')[1]!, 'base64url').toString()).sub as string;
  const grant = await api.users[':id'].$put(
    { param: { id: uid }, json: { isAdmin: false, isPremium: true, subscriptions: [] } },
    { headers: { authorization: `Bearer ${admin}` } },
  );
  if (!grant.ok) throw new Error(`Could not make the learner premium: ${grant.status}`);
  const body = JSON.stringify(heavyLog());
  console.log(
    `Logs: ${MAX_ATTEMPT_EVENTS} events over ${LOG_MS / 60_000} min, ${(body.length / 1024).toFixed(0)} KB each; ${CLIENTS} clients posting, GET /api/courses with ${CONNECTIONS} connections.`,
  );
  console.log('');
  console.log('| GET /api/courses | requests | req/s | p50 ms | p99 ms | max ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const alone = await measure('alone', Math.min(10, DURATION));
  const figures: PostFigures = { stored: 0, failures: [], ms: [] };
  const until = Date.now() + DURATION * 1000;
  const posting = Promise.all(Array.from({ length: CLIENTS }, () => poster(uid, learner, body, until, figures)));
  const loaded = await measure(`with ${CLIENTS} clients replaying`, DURATION);
  await posting;
  console.log('');
  console.log(
    `Attempts posted: ${figures.ms.length}, stored: ${figures.stored}; answer time p50 ${Math.round(percentile(figures.ms, 0.5))} ms, p99 ${Math.round(percentile(figures.ms, 0.99))} ms.`,
  );
  for (const failure of new Set(figures.failures)) console.log(`  refused: ${failure}`);
  ok = alone === 0 && loaded === 0 && figures.failures.length === 0 && figures.stored > 0;
} finally {
  await stop(server);
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
