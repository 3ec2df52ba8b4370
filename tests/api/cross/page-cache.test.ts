import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PageCache } from '../../../src/server/pages/page-cache.ts';

/**
 * The page cache in front of a renderer that writes the way Astro's does (head, then chunks), on a real HTTP server.
 * The page names the path it was rendered for and counts renders, so a page served to the wrong address shows.
 */
let cache: PageCache;
let renders: string[];
let server: Server;
let base: string;
/** Called while a render is under way, before it ends. */
let during: (() => void) | null = null;

async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  renders.push(url);
  await new Promise((resolve) => setTimeout(resolve, 5));
  during?.();
  const status = url.includes('missing') ? 404 : url.includes('broken') ? 500 : 200;
  res.writeHead(status, { 'Content-Type': 'text/html', ...(url.includes('cookie') ? { 'Set-Cookie': 'a=b' } : {}) });
  res.write(`<!doctype html><p>${url} render ${renders.length}</p>`);
  res.end('<p>'.padEnd(4000, 'x'));
}

beforeAll(async () => {
  server = createServer((req, res) => void cache.serve(req, res, (out) => render(req, out)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  cache = new PageCache();
  renders = [];
  during = null;
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

/** Waits until the page's compressed copies are ready (they are made off the event loop after its first answer): asked for, not slept on. */
const compressed = (path: string) =>
  expect
    .poll(
      async () => {
        const res = await fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } });
        await res.arrayBuffer();
        return res.headers.get('content-encoding');
      },
      { interval: 20 },
    )
    .toBe('br');

describe('the page cache', () => {
  it('renders a page once and answers it again from memory, revalidated by its ETag', async () => {
    const first = await get('/courses/a');
    const body = await first.text();
    const again = await get('/courses/a');
    expect(await again.text()).toBe(body);
    expect(renders).toEqual(['/courses/a']);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('vary')).toBe('Accept-Encoding');
    const etag = again.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('etag')).toBe(etag);
    const notModified = await get('/courses/a', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(await notModified.text()).toBe('');
  });

  it('keeps each locale under its own address, never answering one locale with another', async () => {
    for (const path of ['/courses/a', '/ar/courses/a', '/zh-CN/courses/a', '/courses/a', '/ar/courses/a']) {
      expect(await (await get(path)).text()).toContain(`<p>${path} render`);
    }
    expect(renders).toEqual(['/courses/a', '/ar/courses/a', '/zh-CN/courses/a']);
  });

  it('sends the brotli and gzip copies to browsers that accept them, each with its own ETag', async () => {
    const plain = await (await get('/courses/a')).text();
    await compressed('/courses/a');
    const br = await fetch(`${base}/courses/a`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(plain);
    const gzip = await fetch(`${base}/courses/a`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(plain);
    expect(new Set([br.headers.get('etag'), gzip.headers.get('etag'), (await get('/courses/a')).headers.get('etag')]).size).toBe(3);
    expect(renders).toEqual(['/courses/a']);
  });

  it('answers 304 to a browser holding the uncompressed copy it got before the compressed ones were ready', async () => {
    const early = await fetch(`${base}/courses/a`, { headers: { 'accept-encoding': 'br' } });
    expect(early.headers.get('content-encoding')).toBeNull();
    const etag = early.headers.get('etag')!;
    await compressed('/courses/a');
    const again = await fetch(`${base}/courses/a`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(renders).toEqual(['/courses/a']);
  });

  it.each([
    ['a cookie', '/courses/a', { cookie: 'session=1' }],
    ['an authorization header', '/courses/a', { authorization: 'Bearer x' }],
    ['a query', '/courses/a?x=1', {}],
  ])('neither answers nor keeps a request with %s', async (_what, path, headers) => {
    await get('/courses/a');
    await get(path, headers);
    await get(path, headers);
    expect(renders).toEqual(['/courses/a', path, path]);
  });

  it.each(['/courses/missing', '/courses/broken', '/courses/cookie'])('does not keep %s (an error, or an answer that sets a cookie)', async (path) => {
    const first = await get(path);
    await get(path);
    expect(renders).toEqual([path, path]);
    expect(first.headers.get('etag')).toBeNull();
  });

  it('forgets the pages of a course that changed and the pages listing courses, and keeps the others', async () => {
    for (const path of ['/courses/a', '/ar/courses/a', '/courses/b', '/courses']) await get(path);
    cache.changed('a');
    for (const path of ['/courses/a', '/ar/courses/a', '/courses/b', '/courses']) await get(path);
    expect(renders).toEqual(['/courses/a', '/ar/courses/a', '/courses/b', '/courses', '/courses/a', '/ar/courses/a', '/courses']);
    cache.changed(null);
    await get('/courses/b');
    expect(renders.at(-1)).toBe('/courses/b');
    expect(renders).toHaveLength(8);
  });

  it('does not keep a page whose rendering raced a change to what it shows', async () => {
    during = () => cache.changed('a');
    await get('/courses/a');
    during = null;
    await get('/courses/a');
    await get('/courses/a');
    expect(renders).toEqual(['/courses/a', '/courses/a']);
    during = () => cache.changed('b');
    await get('/courses/c');
    during = null;
    await get('/courses/c');
    expect(renders.slice(2)).toEqual(['/courses/c']);
  });

  it('renders a page once for requests that arrive together', async () => {
    const bodies = await Promise.all(Array.from({ length: 8 }, async () => (await get('/es/courses/a')).text()));
    expect(new Set(bodies).size).toBe(1);
    expect(renders).toEqual(['/es/courses/a']);
  });

  it('lets the least recently asked-for pages go at its bound, so addresses without end never stop it keeping pages', async () => {
    cache = new PageCache(9_000);
    for (const path of ['/courses/a', '/courses/b', '/courses/a', '/courses/c']) expect((await get(path)).status).toBe(200);
    expect(renders).toEqual(['/courses/a', '/courses/b', '/courses/c']);
    await get('/courses/a');
    await get('/courses/b');
    expect(renders).toEqual(['/courses/a', '/courses/b', '/courses/c', '/courses/b']);
    for (let i = 0; i < 20; i += 1) await get(`/courses/%6${i % 10}x${i}`);
    renders = [];
    await get('/courses/z');
    await get('/courses/z');
    expect(renders).toEqual(['/courses/z']);
  });

  it('answers HEAD from the cache without a body', async () => {
    await get('/courses/a');
    const head = await fetch(`${base}/courses/a`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(renders).toEqual(['/courses/a']);
  });
});
