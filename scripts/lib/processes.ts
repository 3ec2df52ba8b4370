import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared by the benchmark and crash scripts: start and stop the server, the Auth emulator and a throwaway PostgreSQL. */
export const root = join(import.meta.dirname, '../..');

export async function waitUntil(url: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/**
 * How the server's Node runs (npm start and npm run serve pass the same flags). PGlite's PostgreSQL, compiled to
 * WebAssembly, stays in V8's baseline code: optimising it too held a second copy of its hot code and kept this
 * machine's two cores busy compiling. gc is exposed so the server returns start-up's garbage (PGlite's initdb,
 * migrations, seeding) at once. The young generation is capped at 8 MB: loading the server's modules grew it to
 * 134 MB, which V8 then kept for good. glibc's malloc keeps large blocks in mmap (its threshold otherwise rises with
 * the first big block freed, and initdb's buffers stayed in a heap it never gave back). SERVER_CPU_PROF=<folder>
 * has each server write a CPU profile there when it stops (open it in Chrome's DevTools), to see where a benchmark's
 * time goes.
 */
export const SERVER_NODE_FLAGS = [
  '--liftoff-only',
  '--expose-gc',
  '--max-semi-space-size=8',
  ...(process.env.SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF}`] : []),
];
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

export function node(script: string, env: Record<string, string>, quiet = true): ChildProcess {
  return spawn(process.execPath, [...(script.startsWith('src/server/') ? SERVER_NODE_FLAGS : []), join(root, script)], {
    cwd: root,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    env: { ...process.env, ...(script.startsWith('src/server/') ? SERVER_ENV : {}), ...env },
  });
}

export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * The Auth emulator on `port`. By default a fresh state in a throwaway folder; with `dataDir` (npm start) its accounts
 * are imported from and exported on exit to `dataDir/auth`, and its output is shown.
 */
export async function startEmulator(port: number, opts: { dataDir?: string; projectId?: string } = {}): Promise<{ host: string; stop(): Promise<void> }> {
  const projectId = opts.projectId ?? 'demo-fetal-surgery';
  const dir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'fsa-emulator-'));
  const template = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));
  template.emulators.auth.port = port;
  template.emulators.hub = { host: '127.0.0.1', port: port + 1 };
  template.emulators.logging = { host: '127.0.0.1', port: port + 2 };
  const config = join(dir, 'firebase.json');
  writeFileSync(config, JSON.stringify(template, null, 2));
  const authDir = join(dir, 'auth');
  const kept = opts.dataDir ? ['--export-on-exit', authDir] : [];
  if (opts.dataDir) mkdirSync(authDir, { recursive: true });
  const imports = opts.dataDir && existsSync(join(authDir, 'firebase-export-metadata.json')) ? ['--import', authDir] : [];
  const cli = join(root, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [cli, '--config', config, '--project', projectId, 'emulators:start', '--only', 'auth', ...imports, ...kept], {
    cwd: dir,
    stdio: ['ignore', opts.dataDir ? 'inherit' : 'ignore', opts.dataDir ? 'inherit' : 'ignore'],
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.race([
    waitUntil(`http://127.0.0.1:${port}/emulator/v1/projects/${projectId}/config`, 90_000),
    exited.then(() => Promise.reject(new Error('The Auth emulator exited'))),
  ]);
  return {
    host: `127.0.0.1:${port}`,
    async stop() {
      await stop(child);
      if (!opts.dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on now, chosen by the kernel. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Where Debian's PostgreSQL programs are (the newest version installed), or null when PostgreSQL is not installed. */
export function postgresBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const version = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? join(base, version, 'bin') : null;
}

/**
 * A throwaway PostgreSQL cluster (Debian's packages) in a temporary folder of its own, on a free port, or null when
 * PostgreSQL is not installed. initdb refuses to run as root, so root's cluster is the postgres user's (anyone else's their own). `stopNow`
 * stops it synchronously (for a process's exit handler); both stops may be called more than once. `settings` are
 * more server settings (`name=value`, as `postgres -c` takes them).
 */
export async function startPostgres(settings: string[] = []): Promise<{ url: string; stop(): Promise<void>; stopNow(): void } | null> {
  const bin = postgresBin();
  if (!bin) return null;
  const dir = mkdtempSync(join(tmpdir(), 'fsa-pg-'));
  chmodSync(dir, 0o777);
  const asPostgres = (cmd: string) =>
    process.getuid?.() === 0 ? execFileSync('su', ['postgres', '-c', cmd], { stdio: 'ignore' }) : execFileSync('sh', ['-c', cmd], { stdio: 'ignore' });
  asPostgres(`${bin}/initdb -D ${dir}/data -A trust -U postgres`);
  // The port was free a moment ago; another process may take it before PostgreSQL binds it, so a failed start tries another.
  let port = 0;
  for (let tries = 1; ; tries++) {
    port = await freePort();
    try {
      asPostgres(
        `${bin}/pg_ctl -D ${dir}/data -o "-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on${settings.map((setting) => ` -c ${setting}`).join('')}" -l ${dir}/log -w start`,
      );
      break;
    } catch (err) {
      if (tries === 3) throw new Error(`PostgreSQL did not start in ${dir} (see ${dir}/log)`, { cause: err });
    }
  }
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast -w stop`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop: async () => stopNow(), stopNow };
}

async function identityToolkit(host: string, method: 'signInWithPassword' | 'signUp', email: string, password: string) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; localId?: string };
  if (!body.idToken || !body.localId) throw new Error(`${method} failed for ${email}`);
  return { token: body.idToken, uid: body.localId };
}

/** An ID token for an emulator account (REST sign-in). */
export async function emulatorToken(host: string, email: string, password: string): Promise<string> {
  return (await identityToolkit(host, 'signInWithPassword', email, password)).token;
}

/** A new emulator account (REST sign-up): its ID token and uid. */
export function emulatorSignUp(host: string, email: string, password: string): Promise<{ token: string; uid: string }> {
  return identityToolkit(host, 'signUp', email, password);
}
