import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../api/errors.ts';
import * as routes from '../../api/images.ts';
import { ACCEPTED } from '../../api/images.ts';
import { recordAudit } from '../audit/index.ts';
import type { Caller } from '../access/token.ts';
import { images } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireAdmin } from '../access/caller.ts';
import { encodeImage, IMAGE_NAME, NotAnImage, storeImage } from './image-store.ts';

/** /images: admins upload course pictures; everyone reads them, cached for a year since a name never changes content. */
export const imagesApp = subApp()
  .openapi(guarded(routes.upload, requireAdmin), async (c) => {
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
  })
  .openapi(routes.get, async (c) => {
    const { name } = c.req.valid('param');
    const [row] = IMAGE_NAME.test(name) ? await c.get('deps').db.db.select().from(images).where(eq(images.id, name)) : [];
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such picture');
    return c.body(row.data as Uint8Array<ArrayBuffer>, 200, {
      'content-type': row.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
