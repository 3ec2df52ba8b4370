import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import type { Deps } from '../deps.ts';
import { cacheControl } from '../http/cache-control.ts';
import { commonHeaders, externalHosts, inlineScriptHashes, pagePolicy } from '../http/security.ts';
import { certificateShell } from './certificate-shell.ts';
import { pageLocals } from './locals.ts';
import { PageCache } from './page-cache.ts';
import { hashedPolicy } from './page-csp.ts';
import { StaticFiles } from './static-files.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void, locals?: object) => Promise<void>;

/**
 * Everything that is not /api: the built files (dist/client) as they are, from memory (sirv streams from disk those
 * that do not fit, and byte ranges), the rest rendered by Astro's handler through the page cache, each with the common
 * headers and its CSP. `track` counts a render as under way for the shutdown.
 */
export async function pageServer(deps: Deps, dist: string) {
  const statics = sirv(join(dist, 'client'), { etag: true, gzip: true, brotli: true });
  const { handler: astro } = (await import(join(dist, 'server/entry.mjs'))) as { handler: AstroHandler };
  const locals = pageLocals(deps);
  const hosts = externalHosts(deps.config);
  const staticPolicy = pagePolicy(hosts, inlineScriptHashes(join(dist, 'client')));
  const headers = commonHeaders(deps.config);
  const files = new StaticFiles(join(dist, 'client'), headers, { 'content-security-policy': staticPolicy });
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
  return (req: IncomingMessage, res: ServerResponse, track: (work: Promise<unknown>) => void) => {
    const shell = certificateShell(req.url ?? '');
    if (shell) req.url = shell;
    if (files.serve(req, res)) return;
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('content-security-policy', staticPolicy);
    // Set before sirv answers, so its 304s carry them too.
    res.setHeader('cache-control', cacheControl(req.url ?? '/'));
    res.setHeader('vary', 'Accept-Encoding');
    const page = () => {
      res.setHeader('cache-control', 'no-cache');
      track(pages.serve(req, res, render(req)));
    };
    // sirv only for a built file memory does not answer: looking every page's address up there first cost each render.
    if (files.names(req.url ?? '/')) statics(req, res, page);
    else page();
  };
}
