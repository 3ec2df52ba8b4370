import * as coursesRoutes from '../api/courses.ts';
import { API_BASE } from '../api/paths.ts';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import sirv from 'sirv';
import { createApp } from './app.ts';
import { certificateShell } from './pages/certificate-shell.ts';
import { assertWritableDataDir, ConfigError, distDir, loadConfig, type Config } from './config.ts';
import { describeError } from './http/log.ts';
import { hashedPolicy } from './pages/page-csp.ts';
import { commonHeaders, externalHosts, inlineScriptHashes, pagePolicy } from './http/security.ts';
import { seedAccounts, seedCatalogue } from './seed/seed.ts';
import { pageLocals } from './pages/locals.ts';
import { PageCache } from './pages/page-cache.ts';
import { cacheControl } from './http/cache-control.ts';
import { createDeps } from './services.ts';
import { graceful } from './shutdown.ts';

const CATALOGUE = `${API_BASE}${coursesRoutes.list.path}`;

/** The one Node server: /api goes straight to Hono, built files are served as they are, the rest goes to Astro. */
export async function startServer(config: Config) {
  if (!config.databaseUrl) assertWritableDataDir(config.dataDir);
  const deps = await createDeps(config);
  if (config.seedDemo) {
    await seedCatalogue(deps);
    await seedAccounts(deps);
  }
  const dist = distDir();
  const api = getRequestListener(createApp(deps).fetch);
  const statics = sirv(join(dist, 'client'), { etag: true, gzip: true, brotli: true });
  type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => Promise<void>;
  const { handler: astro } = (await import(join(dist, 'server/entry.mjs'))) as { handler: AstroHandler };
  const locals = pageLocals(deps);

  const hosts = externalHosts(config);
  const staticPolicy = pagePolicy(hosts, inlineScriptHashes(join(dist, 'client')));
  const headers = commonHeaders(config);
  const pages = new PageCache();
  deps.catalogue.onChange((course) => pages.changed(course));
  const render = (req: IncomingMessage) => (res: ServerResponse) =>
    astro(
      req,
      hashedPolicy(res, (hashes) => pagePolicy(hosts, hashes)),
      undefined,
      // A fresh object per request: the middleware writes the page's locale into it while another request may render.
      { ...locals },
    );
  // The catalogue, the busiest read, answered before Hono from the bytes and headers made for it when it is in memory:
  // a same-origin GET carries no body, and its caller changes nothing, so no middleware has anything to do. Anything
  // else, and the first request after a change (which reads the list), goes to the API.
  const catalogue = (req: IncomingMessage, res: ServerResponse, query: string | null): boolean => {
    const answer = deps.catalogueAnswer.cached({
      lang: query === null ? undefined : new URLSearchParams(query).get('lang'),
      acceptLanguage: req.headers['accept-language'],
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    });
    if (!answer) return false;
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
    return true;
  };
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const onCatalogue = url.startsWith(CATALOGUE) && (url.length === CATALOGUE.length || url[CATALOGUE.length] === '?');
    if (
      onCatalogue &&
      req.method === 'GET' &&
      !req.headers.origin &&
      catalogue(req, res, url.length === CATALOGUE.length ? null : url.slice(CATALOGUE.length + 1))
    ) {
      return;
    }
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)) return shutdown.track(api(req, res));
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('content-security-policy', staticPolicy);
    // Set before sirv answers, so its 304s carry them too.
    res.setHeader('cache-control', cacheControl(req.url ?? '/'));
    res.setHeader('vary', 'Accept-Encoding');
    const shell = certificateShell(req.url ?? '');
    if (shell) req.url = shell;
    statics(req, res, () => {
      res.setHeader('cache-control', 'no-cache');
      shutdown.track(pages.serve(req, res, render(req)));
    });
  });
  const shutdown = graceful(server, () => deps.db.close());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  // Start-up leaves hundreds of MB of garbage (PGlite's initdb instance, migrations, seeding) that V8 would keep until
  // some later collection; npm start and npm run serve expose gc so it goes now.
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`Fetal Surgery Academy: http://localhost:${config.port} (listening on ${config.host ?? 'every interface'})`);
  if (config.authEmulatorHost && !['127.0.0.1', '::1', 'localhost'].includes(config.host ?? '')) {
    console.warn(
      `HOST=${config.host}: this server accepts the Auth emulator's unsigned tokens, so anyone who can reach it can act as any user, admins included.`,
    );
  }
  return { stop: shutdown.stop };
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
