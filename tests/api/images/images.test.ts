import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../../../src/server/db/schema.ts';
import { auditTrail, useApi, typedClient, errorOf } from '../support.ts';

const api = useApi();
const { as, reply } = typedClient(api);

const picture = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#b03a48' } })
    [format]()
    .toBuffer();

/** Posts raw bytes as a picture upload, as the course editor does. */
async function upload(bytes: Uint8Array, type = 'image/png', as: string | null = 'admin') {
  const headers: Record<string, string> = { 'content-type': type };
  if (as) headers.authorization = `Bearer ${api().tokens[as as keyof ReturnType<typeof api>['tokens']]}`;
  const res = await api().app.request('/api/images', { method: 'POST', headers, body: bytes as Uint8Array<ArrayBuffer> });
  return { status: res.status, json: (await res.json()) as any };
}

/** An upload that must be refused: its status and error code, and no table changed. */
async function refused(bytes: Uint8Array, type: string, as: string | null, status: number, error: string) {
  const before = await api().snapshot();
  const res = await upload(bytes, type, as);
  expect({ status: res.status, error: res.json.error, message: typeof res.json.message }).toEqual({ status, error, message: 'string' });
  expect(await api().snapshot()).toBe(before);
}

describe('POST /images', () => {
  it('stores an upload fitted in 1280×800 as AVIF and WebP under content-hashed names, and records it', async () => {
    const res = await upload(await picture(2000, 1500));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ url: expect.stringMatching(/^\/api\/images\/[a-f0-9]{24}\.webp$/), width: 1067, height: 800 });
    expect(res.json.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp']);
    for (const source of res.json.sources as Array<{ type: string; url: string }>) {
      const got = await api().app.request(source.url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe(source.type);
      expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([source.type === 'image/avif' ? 'heif' : 'webp', 1067, 800]);
    }
    const [entry] = await auditTrail(api(), '?entity=image');
    expect(entry).toMatchObject({ actor: 'admin', action: 'create', entityId: res.json.url });
  });

  it('never enlarges a small picture, accepts JPEG, and stores the same upload once', async () => {
    const bytes = await picture(300, 200, 'jpeg');
    const first = await upload(bytes, 'image/jpeg');
    expect(first.json).toMatchObject({ width: 300, height: 200 });
    const rows = (await api().deps.db.db.select({ id: images.id }).from(images)).length;
    const again = await upload(bytes, 'image/jpeg; charset=binary');
    expect(again.json.url).toBe(first.json.url);
    expect((await api().deps.db.db.select({ id: images.id }).from(images)).length).toBe(rows);
  });

  it.each([
    ['anonymous', null, 401, 'unauthorized'],
    ['a learner', 'learner', 403, 'forbidden'],
  ] as const)('refuses %s', async (_label, as, status, error) => {
    await refused(await picture(40, 30), 'image/png', as, status, error);
  });

  it.each([
    ['text', () => Buffer.from('not a picture'), 'text/plain'],
    ['text sent as a PNG', () => Buffer.from('not a picture'), 'image/png'],
    ['an SVG (scripts, not pixels)', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['an empty body', () => Buffer.alloc(0), 'image/png'],
    ['no content type', () => Buffer.from('x'), ''],
    ['a truncated PNG', async () => (await picture(64, 64)).subarray(0, 60), 'image/png'],
  ])('refuses %s with 400', async (_label, bytes, type) => {
    await refused(await bytes(), type, 'admin', 400, 'invalid_body');
  });

  it('refuses a picture that unpacks into over 40 million pixels with 400', async () => {
    await refused(await picture(8000, 6000), 'image/png', 'admin', 400, 'invalid_body');
  });

  it('refuses an upload over 8 MB with 413', async () => {
    await refused(new Uint8Array(8 * 1024 * 1024 + 1), 'image/png', 'admin', 413, 'payload_too_large');
  });
});

describe('GET /images/{name}', () => {
  it('serves the seeded course pictures', async () => {
    const { thumbnail } = (await reply(as(null).courses[':id'].$get({ param: { id: 'bronchoscopy' }, query: {} }))).json;
    const res = await api().app.request(thumbnail!);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(640);
  });

  it.each(['0123456789abcdef01234567.webp', 'nope.webp', '0123456789abcdef01234567.png', '..%2F..%2Fetc%2Fpasswd'])('answers 404 for %s', async (name) => {
    const res = await reply(as(null).images[':name'].$get({ param: { name } }));
    expect(res.status).toBe(404);
    expect(errorOf(res).error).toBe('not_found');
  });
});
