import { API_BASE } from '../api/paths.ts';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { assertWritableDataDir, ConfigError, distDir, isLocalHost, loadConfig, type Config } from './config.ts';
import { issueOwedCertificates } from './certificates/index.ts';
import { catalogueFastPath } from './courses/index.ts';
import { apiHeaders } from './http/security.ts';
import { ownRecordFastPath } from './users/index.ts';
import { describeError } from './http/log.ts';
import { pageServer } from './pages/serve.ts';
import { seedAccounts, seedCatalogue } from './seed/seed.ts';
import { createDeps } from './services.ts';
import { graceful } from './shutdown.ts';

/** The one Node server: /api goes straight to Hono, built files are served as they are, the rest goes to Astro. */
export async function startServer(config: Config) {
  const deps = await openServices(config);
  const api = getRequestListener(createApp(deps).fetch);
  const pages = await pageServer(deps, distDir());
  const catalogue = catalogueFastPath(deps.catalogueAnswer);
  const ownRecord = ownRecordFastPath(deps.tokens, deps.userCache, apiHeaders(config));
  const server = createServer((req, res) => {
    if (!config.production && !isLocalHost(req.headers.host)) return refuseHost(res);
    if (catalogue(req, res) || ownRecord(req, res)) return;
    if (isApi(req.url ?? '/')) return shutdown.track(api(req, res));
    pages(req, res, (work) => shutdown.track(work));
  });
  const shutdown = graceful(server, () => deps.db.close());
  await listen(server, config);
  announce(config);
  return { stop: shutdown.stop };
}

/**
 * The local server trusts the Auth emulator's unsigned tokens: a page elsewhere that points its own name at this
 * machine (DNS rebinding) must not reach it, so it answers only to localhost, 127.0.0.1 and [::1].
 */
function refuseHost(res: ServerResponse) {
  res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
  res.end('This local server answers only to localhost, 127.0.0.1 and [::1].\n');
}

/**
 * The database and what the API and the pages share over it, the demo catalogue and accounts seeded when asked, and
 * the certificates owed from before they were issued on storing an attempt (once, after migration 0020).
 */
async function openServices(config: Config) {
  if (!config.databaseUrl) assertWritableDataDir(config.dataDir);
  const deps = await createDeps(config);
  if (config.seedDemo) {
    await seedCatalogue(deps);
    await seedAccounts(deps);
  }
  await issueOwedCertificates(deps.db.db, deps.catalogue);
  return deps;
}

const isApi = (url: string) => url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`);

function listen(server: Server, config: Config) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
}

/** Frees start-up's garbage, then says where the server listens and warns when it trusts the emulator's tokens beyond this machine. */
function announce(config: Config) {
  // Start-up leaves hundreds of MB of garbage (PGlite's initdb instance, migrations, seeding) that V8 would keep until
  // some later collection; npm start and npm run serve expose gc so it goes now. The last-resort kind also gives back
  // the young generation that loading the modules grew (about 45 MB more at rest otherwise).
  (globalThis as { gc?: (options: object) => void }).gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  console.log(`Fetal Surgery Academy: http://localhost:${config.port} (listening on ${config.host ?? 'every interface'})`);
  if (config.authEmulatorHost && !['127.0.0.1', '::1', 'localhost'].includes(config.host ?? '')) {
    console.warn(
      `HOST=${config.host}: this server accepts the Auth emulator's unsigned tokens, so anyone who can reach it can act as any user, admins included.`,
    );
  }
}

/** The one line a refused start prints: a ConfigError already says what to set, so it goes without a stack trace. */
export function startFailure(err: unknown): string {
  return err instanceof ConfigError ? err.message : `The server could not start: ${describeError(err)}`;
}

if (import.meta.main) {
  const server = await Promise.resolve()
    .then(() => startServer(loadConfig()))
    .catch((err: unknown) => {
      console.error(startFailure(err));
      process.exit(1);
    });
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
