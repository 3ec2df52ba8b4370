import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { assertWritableDataDir, ConfigError, distDir, loadConfig, type Config } from '../src/server/config.ts';
import { startServer } from '../src/server/main.ts';
import { root, startEmulator } from './lib/processes.ts';

/** npm start: builds the site if sources changed, starts the Auth emulator (locally) and the server; Ctrl-C stops both. `--fresh` empties DATA_DIR first. */

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((f) => newest(join(path, f))));
}

function buildIfStale() {
  const entry = join(distDir(), 'server/entry.mjs');
  const built = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const sources = Math.max(...['src', 'public', 'astro.config.mjs', 'package.json'].map((p) => newest(join(root, p))));
  if (built > sources) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** A refusal (a setting, the data folder) is printed as its message, without a stack. */
function refuse(err: unknown): never {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig({ ...process.env });
  if (process.argv.includes('--fresh')) rmSync(config.dataDir, { recursive: true, force: true });
  assertWritableDataDir(config.dataDir);
} catch (err) {
  refuse(err);
}
buildIfStale();
let emulator: { stop(): Promise<void> } | null = null;
if (!config.production) {
  const port = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
  emulator = await startEmulator(port, { dataDir: config.dataDir, projectId: config.firebase.projectId });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
}
const server = await startServer(loadConfig()).catch(async (err: unknown) => {
  await emulator?.stop();
  return refuse(err);
});
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.stop();
  await emulator?.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
