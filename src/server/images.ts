import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { ErrorCode } from '../api/errors.ts';
import { UploadedImage } from '../api/schemas.ts';
import { recordAudit } from './audit.ts';
import type { Caller } from './auth.ts';
import type { Db } from './db/client.ts';
import { images } from './db/schema.ts';
import { bearer, errors, fail, json, requireAdmin, subApp } from './http.ts';

/** Largest upload: a phone photo fits; the stored picture is far smaller. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
/** Pixels sharp agrees to decode, so a small file that unpacks into a huge bitmap is refused rather than eating memory. */
const MAX_PIXELS = 40_000_000;
/** The stored size: twice a course card, and the course page's picture on a wide screen. */
const BOX = { width: 1280, height: 800 };
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'] as const;
/** Changes when the encoding below changes, so a new encoding of the same upload gets a new address. */
const RECIPE = 'v1:1280x800:avif50:webp80';
const NAME = /^([a-f0-9]{24})\.(avif|webp)$/;

const FORMATS = [
  { ext: 'avif', type: 'image/avif', encode: (s: Sharp) => s.avif({ quality: 50, effort: 2 }) },
  { ext: 'webp', type: 'image/webp', encode: (s: Sharp) => s.webp({ quality: 80 }) },
] as const;

export class NotAnImage extends Error {}

export interface EncodedImage {
  rows: Array<typeof images.$inferInsert & { width: number; height: number }>;
  image: UploadedImage;
}

/**
 * Decodes a picture, turns it upright, fits it in 1280×800 (never enlarged) and encodes it as AVIF and WebP under
 * a name derived from the upload's bytes.
 */
export async function encodeImage(bytes: Uint8Array): Promise<EncodedImage> {
  const hash = createHash('sha256').update(RECIPE).update(bytes).digest('hex').slice(0, 24);
  let base: Sharp;
  try {
    base = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ ...BOX, fit: 'inside', withoutEnlargement: true });
    await base.clone().metadata();
  } catch {
    throw new NotAnImage();
  }
  const encoded = await Promise.all(FORMATS.map((f) => f.encode(base.clone()).toBuffer({ resolveWithObject: true }))).catch(() => {
    throw new NotAnImage();
  });
  const rows = encoded.map(({ data, info }, i) => ({
    id: `${hash}.${FORMATS[i]!.ext}`,
    contentType: FORMATS[i]!.type,
    width: info.width,
    height: info.height,
    data,
  }));
  const sources = rows.map((r) => ({ type: r.contentType, url: `/api/images/${r.id}` }));
  return { rows, image: { url: sources.find((s) => s.type === 'image/webp')!.url, sources, width: rows[0]!.width, height: rows[0]!.height } };
}

/** Stores an encoded picture; the same upload again stores nothing new. */
export async function storeImage(db: Pick<Db, 'insert'>, encoded: EncodedImage): Promise<UploadedImage> {
  await db.insert(images).values(encoded.rows).onConflictDoNothing();
  return encoded.image;
}

/** /images: admins upload course pictures; everyone reads them, cached for a year since a name never changes content. */
export const imagesApp = subApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/images',
      security: bearer,
      middleware: [requireAdmin] as const,
      request: {
        body: {
          required: true,
          content: Object.fromEntries(ACCEPTED.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])),
        },
      },
      responses: {
        201: json(UploadedImage, 'Stored as AVIF and WebP'),
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: { description: 'Over 8 MB', content: { 'application/json': { schema: errors[400].content['application/json'].schema } } },
      },
    }),
    async (c) => {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!(ACCEPTED as readonly string[]).includes(type)) return fail(c, 400, ErrorCode.invalidBody, `The picture must be one of ${ACCEPTED.join(', ')}`);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length === 0) return fail(c, 400, ErrorCode.invalidBody, 'The picture is empty');
      const { db } = c.get('deps');
      try {
        const encoded = await encodeImage(bytes);
        const stored = await db.db.transaction(async (tx) => {
          const image = await storeImage(tx, encoded);
          await recordAudit(tx, c.get('caller') as Caller, 'image', image.url, 'create', null, { ...image, bytes: bytes.length });
          return image;
        });
        return c.json(stored, 201);
      } catch (err) {
        if (err instanceof NotAnImage) return fail(c, 400, ErrorCode.invalidBody, 'The file is not a picture we can read');
        throw err;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/images/{name}',
      request: { params: z.object({ name: z.string().max(64) }) },
      responses: {
        200: {
          description: 'The picture',
          content: { 'image/avif': { schema: z.string().meta({ format: 'binary' }) }, 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
        },
        404: errors[404],
      },
    }),
    async (c) => {
      const { name } = c.req.valid('param');
      const [row] = NAME.test(name) ? await c.get('deps').db.db.select().from(images).where(eq(images.id, name)) : [];
      if (!row) return fail(c, 404, ErrorCode.notFound, 'No such picture');
      return c.body(row.data as Uint8Array<ArrayBuffer>, 200, {
        'content-type': row.contentType,
        'cache-control': 'public, max-age=31536000, immutable',
      });
    },
  );
