import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticFiles } from '../../../src/server/pages/static-files.ts';

/**
 * The built files answered from memory, on a real HTTP server over a folder laid out as a build lays it out: a page
 * (a folder's index.html), a hashed script under /_astro/ with the copies scripts/compress.ts makes, and a picture.
 * What the files do not answer goes on to the next handler, which answers 404 "next".
 */
const dir = mkdtempSync(join(tmpdir(), 'static-files-'));
const PAGE = '<!doctype html><title>Home</title>'.padEnd(3000, ' ');
const SCRIPT = 'export const x = 1;'.padEnd(2000, ' ');
let files: StaticFiles;
let server: Server;
let base: string;

function write(path: string, body: string | Buffer, compressed = false): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), body);
  if (compressed) {
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(body));
  }
}

beforeAll(async () => {
  write('index.html', PAGE, true);
  write('courses/index.html', PAGE.replace('Home', 'Courses'), true);
  write('_astro/island.B1x2y3z4.js', SCRIPT, true);
  write('media/big.webm', Buffer.alloc(50_000, 7));
  files = new StaticFiles(dir, { 'x-content-type-options': 'nosniff' }, { 'content-security-policy': "default-src 'self'" }, 40_000);
  server = createServer((req, res) => {
    if (files.serve(req, res)) return;
    res.writeHead(404).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}${path}`, { method, headers: { 'accept-encoding': 'identity', ...headers } });

describe('the built files, from memory', () => {
  it("answers a hashed script with a year of immutable caching, with the common headers and its type, without the pages' policy", async () => {
    const res = await get('/_astro/island.B1x2y3z4.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(await res.text()).toBe(SCRIPT);
  });

  it('answers a page with its ETag, to be revalidated, and a 304 to If-None-Match naming it', async () => {
    const res = await get('/');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await res.text()).toBe(PAGE);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe('');
    expect((await get('/', { 'if-none-match': '"someone-else"' })).status).toBe(200);
  });

  it("finds a folder's page with or without the trailing slash, and ignores the query", async () => {
    for (const path of ['/courses', '/courses/', '/courses/index.html', '/courses?from=home']) {
      expect(await (await get(path)).text(), path).toContain('<title>Courses</title>');
    }
  });

  it('sends the brotli and gzip copies to browsers that accept them, each with its own ETag and a 304 of its own', async () => {
    const br = await get('/_astro/island.B1x2y3z4.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(SCRIPT);
    const gzip = await get('/_astro/island.B1x2y3z4.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(SCRIPT);
    const plain = await get('/_astro/island.B1x2y3z4.js');
    expect(new Set([br.headers.get('etag'), gzip.headers.get('etag'), plain.headers.get('etag')]).size).toBe(3);
    const held = await get('/_astro/island.B1x2y3z4.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! });
    expect(held.status).toBe(304);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await get('/', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(PAGE)));
    expect(await res.text()).toBe('');
  });

  it('holds no more than its bound, and leaves what does not fit, other methods, byte ranges and unknown paths to the next handler', async () => {
    expect(files.bytes).toBeLessThanOrEqual(40_000);
    for (const [path, headers, method] of [
      ['/media/big.webm', {}, 'GET'],
      ['/', {}, 'POST'],
      ['/', { range: 'bytes=0-10' }, 'GET'],
      ['/missing', {}, 'GET'],
      ['/%E0%A4%A', {}, 'GET'],
    ] as const) {
      const res = await get(path, headers, method);
      expect(await res.text(), `${method} ${path}`).toBe('next');
    }
  });

  it('tells the built files, held or left on disk, from the pages to render', () => {
    expect(['/media/big.webm', '/_astro/island.B1x2y3z4.js', '/courses/', '/'].map((path) => files.names(path))).toEqual([true, true, true, true]);
    expect(['/missing', '/courses/fetoscopy', '/%E0%A4%A'].map((path) => files.names(path))).toEqual([false, false, false]);
  });
});
