import { expect, test } from '@playwright/test';
import { ADMIN, idTokenFor } from './helpers.ts';

/**
 * What the built server tells browsers to keep, per kind of answer: hashed assets for a year, everything else
 * revalidated by its ETag (a 304 that repeats the caching headers), and `Vary: Accept-Encoding` wherever a compressed
 * copy may be sent. A page's locale is in its address; the catalogue API without `?lang=` answers in the language of
 * Accept-Language, so it varies by that header too.
 */
const REVALIDATED = 'no-cache';
const BROTLI = { 'accept-encoding': 'br' };

async function expectRevalidated(request: import('@playwright/test').APIRequestContext, path: string, vary = 'Accept-Encoding') {
  const res = await request.get(path, { headers: BROTLI });
  expect(res.status(), path).toBe(200);
  expect(res.headers()['cache-control'], path).toBe(REVALIDATED);
  expect(res.headers()['vary'], path).toBe(vary);
  const etag = res.headers()['etag'];
  expect(etag, path).toBeTruthy();
  const again = await request.get(path, { headers: { ...BROTLI, 'if-none-match': etag! } });
  expect(again.status(), path).toBe(304);
  expect(again.headers()['cache-control'], path).toBe(REVALIDATED);
  expect(again.headers()['vary'], path).toBe(vary);
  return res;
}

test('hashed assets are immutable for a year; a missing one is not', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const res = await request.get(asset, { headers: BROTLI });
    expect(res.status(), asset).toBe(200);
    expect(res.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['vary'], asset).toBe('Accept-Encoding');
  }
  const missing = await request.get('/_astro/no-such-file.js');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['cache-control']).toBe(REVALIDATED);
});

test('prerendered pages, public files and the compressed copies are revalidated', async ({ request }) => {
  for (const path of ['/', '/ar/', '/pricing', '/zh-CN/news', '/favicon.svg', '/robots.txt']) await expectRevalidated(request, path);
  const br = await request.get('/', { headers: BROTLI });
  expect(br.headers()['content-encoding']).toBe('br');
  const plain = await request.get('/', { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(plain.headers()['etag']).not.toBe(br.headers()['etag']);
});

test('course pages rendered on demand are kept per locale, revalidated, and show an edit at once', async ({ request }) => {
  const english = await expectRevalidated(request, '/courses/fetoscopy-simulator');
  const arabic = await expectRevalidated(request, '/ar/courses/fetoscopy-simulator');
  expect(await english.text()).toContain('<html lang="en" dir="ltr"');
  expect(await arabic.text()).toContain('<html lang="ar" dir="rtl"');
  // Kept, not rendered again: the copy first sent is still current, whichever encoding the browser now accepts.
  expect((await request.get('/courses/fetoscopy-simulator', { headers: { 'if-none-match': english.headers()['etag']! } })).status()).toBe(304);
  await expectRevalidated(request, '/es/courses');
  const missing = await request.get('/courses/no-such-course');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['etag']).toBeUndefined();

  const auth = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const id = (await (await request.post('/api/courses', { headers: auth, data: { title: 'Cached once', subtitle: 'Before' } })).json()) as string;
  try {
    const before = await request.get(`/fr/courses/${id}`);
    expect(await before.text()).toContain('Cached once');
    const course = await (await request.get(`/api/courses/${id}`)).json();
    expect(
      (await request.put(`/api/courses/${id}`, { headers: auth, data: { title: 'Edited since', subtitle: course.subtitle, levels: course.levels } })).status(),
    ).toBe(200);
    const after = await request.get(`/fr/courses/${id}`, { headers: { 'if-none-match': before.headers()['etag']! } });
    expect(after.status()).toBe(200);
    expect(await after.text()).toContain('Edited since');
    expect(await (await request.get('/fr/courses')).text()).toContain('Edited since');
  } finally {
    await request.delete(`/api/courses/${id}`, { headers: auth });
  }
});

test("the catalogue's public answers are revalidated by ETag and compressed; other answers are not stored", async ({ request }) => {
  const PUBLIC = ['/api/courses', '/api/courses/fetoscopy-simulator', '/api/pricing'];
  const res = await expectRevalidated(request, '/api/courses', 'Accept-Encoding, Accept-Language');
  for (const path of [...PUBLIC, '/api/courses?lang=fr', '/api/courses/fetoscopy-simulator?lang=ar', '/api/pricing?lang=zh-CN']) {
    await expectRevalidated(request, path, 'Accept-Encoding, Accept-Language');
  }
  expect(res.headers()['content-encoding']).toBe('br');
  // A same-origin request without Origin is answered before the API's middleware; with Origin it goes through the route.
  // Both give the same bytes and headers, for every encoding and language.
  const origin = new URL(res.url()).origin;
  for (const headers of [{ 'accept-encoding': 'identity' }, BROTLI, { 'accept-encoding': 'gzip', 'accept-language': 'ar' }]) {
    for (const path of [...PUBLIC, '/api/courses?lang=ru', '/api/pricing?lang=ru']) {
      const fast = await request.get(path, { headers });
      const routed = await request.get(path, { headers: { ...headers, origin } });
      expect(routed.status(), path).toBe(200);
      expect(await routed.body(), path).toEqual(await fast.body());
      const { date: _fast, ...fastHeaders } = fast.headers();
      const { date: _routed, ...routedHeaders } = routed.headers();
      expect(routedHeaders, path).toEqual(fastHeaders);
    }
  }
  expect((await request.get('/api/courses?lang=xx')).status()).toBe(400);
  expect((await request.get('/api/config')).headers()['cache-control']).toBe('private, no-store');
  // An administrator's plans, hidden ones included, are about the caller: never stored.
  const admin = await request.get('/api/pricing', { headers: { authorization: `Bearer ${await idTokenFor(ADMIN)}` } });
  expect(admin.headers()['cache-control']).toBe('private, no-store');
  expect(admin.headers()['etag']).toBeUndefined();
});
