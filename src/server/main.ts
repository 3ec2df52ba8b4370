import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import sirv from 'sirv';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedAccounts, seedCatalogue } from './seed.ts';
import { createDeps } from './services.ts';

/** The one Node server: /api goes straight to Hono, built files are served as they are, the rest goes to Astro. */
const config = loadConfig();
const deps = await createDeps(config);
if (config.seedDemo) {
  await seedCatalogue(deps);
  await seedAccounts(deps);
}

const root = join(import.meta.dirname, '../..');
const api = getRequestListener(createApp(deps).fetch);
const statics = sirv(join(root, 'dist/client'), {
  etag: true,
  setHeaders(res, pathname) {
    if (pathname.startsWith('/_astro/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  },
});
type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => void;
const { handler: astro } = (await import(join(root, 'dist/server/entry.mjs'))) as { handler: AstroHandler };
const locals = { catalogue: deps.catalogue, db: deps.db };

const server = createServer((req, res) => {
  if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) return void api(req, res);
  statics(req, res, () => astro(req, res, undefined, locals));
});
server.listen(config.port, () => console.log(`Fetal Surgery Academy: http://localhost:${config.port}`));

async function stop() {
  server.close();
  server.closeAllConnections();
  await deps.db.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
