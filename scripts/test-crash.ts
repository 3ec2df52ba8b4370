import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAYPAL_STANDIN_PATH } from '../src/server/config.ts';
import { apiAt, apiBase, bearer, reply } from './lib/api.ts';
import { emulatorSignUp, emulatorToken, node, startEmulator, startPostgres, stop, waitUntil } from './lib/processes.ts';
import { TERMS_VERSION } from '../src/domain/legal.ts';

/**
 * npm run test:crash: a burst of writes (courses, plans, a user's record, payments captured through the PayPal stand-in), kill -9 of the server in the middle, a restart, and a check that every write
 * answered 2xx is there, intact (a write cut off mid-flight may or may not have landed). On PGlite, then PostgreSQL;
 * without PostgreSQL the run fails ("not run") unless CRASH_DATABASES=pglite asks for PGlite alone.
 */
const PORT = 4711;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const api = apiAt(ORIGIN);
const WRITERS = 4;

interface Pending<T> {
  acked: T | null;
  inflight: T | null;
}

type Outcome = 'passed' | 'failed' | 'not run';

/** Who writes: the admin's token, the learner whose record is rewritten, the buyer who pays. */
interface Writers {
  admin: string;
  learnerId: string;
  buyer: { uid: string; token: string };
  courseIds: string[];
}

/** What the server acknowledged (and, for a rewrite, what was in flight when it was killed). */
interface Written {
  plans: Map<string, unknown>;
  courses: Pending<string>[];
  user: Pending<number>;
  captured: Set<string>;
  captures: number;
}

/** The burst: each writer loops until `alive()` turns false, keeping in `written` what was acknowledged. */
function burstOfWrites({ admin, learnerId, buyer, courseIds }: Writers, written: Written, alive: () => boolean): Promise<void>[] {
  const loop = async (fn: (n: number) => Promise<void>) => {
    for (let n = 0; alive(); n++) await fn(n).catch(() => undefined);
  };
  return [
    ...courseIds.map((id, k) =>
      loop(async (n) => {
        const title = `writer ${k} version ${n}`;
        written.courses[k]!.inflight = title;
        const json = { title, subtitle: 's', levels: [{ title: `m${n}`, active: true, cases: [{ title: 'c', bubbles: [] }] }] };
        const res = await reply(api.courses[':id'].$put({ param: { id }, json }, bearer(admin)));
        if (res.status === 200) written.courses[k] = { acked: title, inflight: null };
      }),
    ),
    loop(async (n) => {
      const json = {
        title: `plan ${n}`,
        price: 10 + n / 100,
        duration: 1 + (n % 12),
        description: `d${n}`,
        courses: [courseIds[0]!],
        visibility: n % 2 === 0,
      };
      const res = await reply(api.pricing.$post({ json }, bearer(admin)));
      if (res.status === 201) written.plans.set(res.json.id, res.json);
    }),
    loop(async (n) => {
      const subscriptions = Array.from({ length: (n % 50) + 1 }, (_, i) => ({
        provider: 'crash',
        plan_name: 'p',
        product_id: 'plan-complete',
        subscription_id: `s${n}-${i}`,
        next_billing_time: { seconds: 2_000_000_000, nanoseconds: 0 },
      }));
      written.user.inflight = subscriptions.length;
      const json = { isAdmin: false, isPremium: n % 2 === 0, subscriptions };
      const res = await reply(api.users[':id'].$put({ param: { id: learnerId }, json }, bearer(admin)));
      if (res.status === 200) Object.assign(written.user, { acked: subscriptions.length, inflight: null });
    }),
    loop(async () => {
      const order = await reply(api.payments.orders.$post({ json: { planId: 'plan-fetoscopy' } }, bearer(buyer.token)));
      if (order.status !== 201) return;
      await fetch(`${apiBase(ORIGIN)}${PAYPAL_STANDIN_PATH}/approve/${order.json.id}`, { method: 'POST', ...bearer(buyer.token) });
      written.captures++;
      const res = await reply(api.payments.orders[':orderId'].capture.$post({ param: { orderId: order.json.id } }, bearer(buyer.token)));
      if (res.status === 200) written.captured.add(res.json.subscription.subscription_id);
    }),
  ];
}

/** After the restart: every acknowledged write that is missing or changed, in words (none when all are there, intact). */
async function lostWrites({ admin, learnerId, buyer, courseIds }: Writers, { plans, courses, user, captured, captures }: Written): Promise<string[]> {
  const problems: string[] = [];
  const stored = new Map<string, unknown>(((await reply(api.pricing.$get({ query: {} }, bearer(admin)))).json as Array<{ id: string }>).map((p) => [p.id, p]));
  for (const [id, plan] of plans) if (JSON.stringify(stored.get(id)) !== JSON.stringify(plan)) problems.push(`plan ${id} lost or changed`);
  for (const [k, id] of courseIds.entries()) {
    const title = (await reply(api.courses[':id'].$get({ param: { id }, query: {} }))).json?.title;
    const { acked, inflight } = courses[k]!;
    if (acked !== null && title !== acked && title !== inflight) problems.push(`course ${k}: ${title}, acknowledged ${acked}`);
  }
  const subs = (await reply(api.users[':id'].$get({ param: { id: learnerId } }, bearer(admin)))).json.subscriptions.length;
  if (user.acked !== null && subs !== user.acked && subs !== user.inflight) problems.push(`user: ${subs} subscriptions, acknowledged ${user.acked}`);
  const paid = new Set<string>(
    (await reply(api.users[':id'].$get({ param: { id: buyer.uid } }, bearer(admin)))).json.subscriptions.map(
      (s: { subscription_id: string }) => s.subscription_id,
    ),
  );
  for (const id of captured) if (!paid.has(id)) problems.push(`captured payment ${id} has no subscription`);
  if (paid.size > captures) problems.push(`${paid.size} subscriptions from ${captures} captures`);
  return problems;
}

async function scenario(backend: Backend): Promise<Outcome> {
  const emulator = await startEmulator(9711);
  const pg = backend === 'postgres' ? await startPostgres() : null;
  if (backend === 'postgres' && !pg) {
    console.log('postgres: NOT RUN, PostgreSQL is not installed here (apt-get install -y postgresql, or CRASH_DATABASES=pglite to test PGlite alone)');
    await emulator.stop();
    return 'not run';
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'fsa-crash-'));
  const env = { PORT: String(PORT), DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_HOST: emulator.host, DATABASE_URL: pg?.url ?? '', RATE_LIMIT_SCALE: '1000' };
  let server = node('src/server/main.ts', env);
  try {
    await waitUntil(api.courses.$url().href);
    const admin = await emulatorToken(emulator.host, 'admin@example.com', 'admin123');
    const learner = (await reply(api.users.$get({ query: { email: 'learner@example.com' } }, bearer(admin)))).json[0];
    const buyer = await emulatorSignUp(emulator.host, 'buyer@example.com', 'buyer123');
    await reply(api.users.$post({ header: {}, json: { id: buyer.uid, email: 'buyer@example.com', acceptedTerms: TERMS_VERSION } }, bearer(buyer.token)));
    const courseIds: string[] = [];
    for (let k = 0; k < WRITERS; k++) courseIds.push((await reply(api.courses.$post({ json: { title: `crash ${k}` } }, bearer(admin)))).json);
    const writers: Writers = { admin, learnerId: learner.id, buyer, courseIds };

    const written: Written = {
      plans: new Map(),
      courses: courseIds.map((): Pending<string> => ({ acked: null, inflight: null })),
      user: { acked: null, inflight: null },
      captured: new Set(),
      captures: 0,
    };
    let alive = true;
    const burst = burstOfWrites(writers, written, () => alive);
    await new Promise((r) => setTimeout(r, 3000));
    const killed = stop(server, 'SIGKILL');
    alive = false;
    await Promise.all([killed, ...burst]);

    server = node('src/server/main.ts', env);
    await waitUntil(api.courses.$url().href);
    const problems = await lostWrites(writers, written);
    const { plans, captured, courses, user } = written;
    const writes = plans.size + captured.size + courses.filter((c) => c.acked).length + (user.acked === null ? 0 : 1);
    console.log(
      `${backend}: ${plans.size} plans created, ${captured.size} payments captured, ${WRITERS} courses and 1 user rewritten until kill -9; ${problems.length ? problems.join('; ') : 'every acknowledged write is there, intact'}`,
    );
    return writes > 0 && captured.size > 0 && problems.length === 0 ? 'passed' : 'failed';
  } finally {
    await stop(server);
    await emulator.stop();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const BACKENDS = ['pglite', 'postgres'] as const;
type Backend = (typeof BACKENDS)[number];
// Both by default: a run without PostgreSQL is not a pass. CRASH_DATABASES=pglite says so explicitly.
const wanted = (process.env.CRASH_DATABASES ?? BACKENDS.join(',')).split(',').map((b) => b.trim());
const unknown = wanted.filter((b) => !(BACKENDS as readonly string[]).includes(b));
if (unknown.length > 0 || wanted.length === 0) {
  console.error(`CRASH_DATABASES: ${unknown.join(', ') || '(empty)'} is not one of ${BACKENDS.join(', ')}`);
  process.exit(1);
}
const results: Outcome[] = [];
for (const backend of wanted as Backend[]) results.push(await scenario(backend));
const count = (o: Outcome) => results.filter((r) => r === o).length;
console.log(`${count('passed')} passed, ${count('failed')} failed, ${count('not run')} not run`);
process.exit(count('passed') === results.length ? 0 : 1);
