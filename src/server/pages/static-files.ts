import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { cacheControl } from '../http/cache-control.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';

/** What the built files may hold in memory by default, copies included (a build holds about 10 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

/** The types of the files a build holds; any other is sent as bytes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
};

/**
 * The files a browser opens as a document that can run scripts: only they carry the pages' policy. On a script, a
 * style or a picture a Content-Security-Policy does nothing, and the pages' (every inline script's hash) was most of
 * each small script's bytes on the wire.
 */
const DOCUMENTS = new Set(['.html', '.svg', '.xml']);

interface Variant {
  etag: string;
  body: Buffer;
  headers: OutgoingHttpHeaders;
  /** The same headers without the body's own, for a 304. */
  notModified: OutgoingHttpHeaders;
}

interface File {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

/** Every file under `dir` (its path from `dir`, with `/`), the compressed copies apart. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = `${prefix}/${name}`;
    if (statSync(join(dir, name)).isDirectory()) return walk(join(dir, name), path);
    return /\.(br|gz)$/.test(name) ? [] : [path];
  });
}

/**
 * The built files (prerendered pages, scripts, pictures), read into memory at start with the brotli and gzip copies
 * the build made (scripts/compress.ts), each answer's headers and ETag made once: a request costs a lookup. Files
 * under /_astro/ are named by their content and cached for a year (`immutable`); the rest are revalidated by ETag.
 * Memory is bounded: the smallest files are taken first, and what does not fit is left to the caller (served from disk).
 */
export class StaticFiles {
  /** Every built file by its address; null for one left on disk (over the bound). */
  private files = new Map<string, File | null>();
  /** What the held files take, copies included. */
  readonly bytes: number = 0;

  /** `headers`: what every answer carries besides its own (the security headers); `documentHeaders`: what documents carry too (the policy of the prerendered pages). */
  constructor(dir: string, headers: OutgoingHttpHeaders, documentHeaders: OutgoingHttpHeaders, maxBytes = MAX_BYTES) {
    const sized = walk(dir).map((path) => {
      const copies = (['br', 'gz'] as const).map((ext) => `${path}.${ext}`).filter((copy) => isFile(join(dir, copy)));
      return { path, copies, size: [path, ...copies].reduce((sum, p) => sum + statSync(join(dir, p)).size, 0) };
    });
    for (const { path, copies, size } of sized.sort((a, b) => a.size - b.size)) {
      const fits = this.bytes + size <= maxBytes;
      const own = DOCUMENTS.has(extname(path).toLowerCase()) ? { ...headers, ...documentHeaders } : headers;
      this.files.set(path, fits ? this.read(dir, path, copies, own) : null);
      if (fits) this.bytes += size;
    }
  }

  private read(dir: string, path: string, copies: string[], headers: OutgoingHttpHeaders): File {
    const body = readFileSync(join(dir, path));
    const base = {
      ...headers,
      'cache-control': cacheControl(path),
      vary: 'Accept-Encoding',
      'content-type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
    };
    const variant = (data: Buffer, encoding: 'br' | 'gzip' | null): Variant => {
      const etag = etagOf(body, encoding);
      const notModified = { ...base, etag };
      return {
        etag,
        body: data,
        notModified,
        headers: { ...notModified, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': data.length },
      };
    };
    const file: File = { identity: variant(body, null) };
    for (const copy of copies) {
      const data = readFileSync(join(dir, copy));
      if (copy.endsWith('.br')) file.br = variant(data, 'br');
      else file.gzip = variant(data, 'gzip');
    }
    return file;
  }

  /**
   * Answers a GET or HEAD for a file held, as a 304 when the browser holds it already; false for anything else (another
   * method, a file not held, a byte range) for the caller to answer. An address names a file, or a folder's index.html.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return false;
    const file = this.lookup(req.url ?? '/');
    if (!file) return false;
    const accepts = req.headers['accept-encoding'] ?? '';
    const variant = (file.br && /\bbr\b/.test(accepts) ? file.br : file.gzip && /\bgzip\b/.test(accepts) ? file.gzip : null) ?? file.identity;
    if (matchesEtag(req.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, variant.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, variant.headers);
    res.end(req.method === 'HEAD' ? undefined : variant.body);
    return true;
  }

  /** Whether `url` names a built file, held or not: anything else is a page to render. */
  names(url: string): boolean {
    return this.lookup(url) !== undefined;
  }

  private lookup(url: string): File | null | undefined {
    const query = url.indexOf('?');
    let path = query === -1 ? url : url.slice(0, query);
    if (path.includes('%')) {
      try {
        path = decodeURI(path);
      } catch {
        return undefined;
      }
    }
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    if (path === '/') path = '';
    if (this.files.has(path)) return this.files.get(path);
    const index = `${path}/index.html`;
    return this.files.has(index) ? this.files.get(index) : this.files.get(`${path}.html`);
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
