import { ErrorCode } from '../../api/errors.ts';
import * as routes from '../../api/images.ts';
import { ACCEPTED } from '../../api/images.ts';
import type { Caller } from '../access/token.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireAdmin } from '../access/caller.ts';
import { encodeImage, NotAnImage } from './image-store.ts';
import { imageNamed, storeAudited } from './queries.ts';

/** /images: admins upload course pictures; everyone reads them, cached for a year since a name never changes content. */
export const imagesApp = subApp()
  .openapi(guarded(routes.upload, requireAdmin), async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(ACCEPTED as readonly string[]).includes(type)) return fail(c, 400, ErrorCode.invalidBody, `The picture must be one of ${ACCEPTED.join(', ')}`);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return fail(c, 400, ErrorCode.invalidBody, 'The picture is empty');
    try {
      const encoded = await encodeImage(bytes);
      const stored = await storeAudited(c.get('deps').db.db, c.get('caller') as Caller, encoded, bytes.length);
      return c.json(stored, 201);
    } catch (err) {
      if (err instanceof NotAnImage) return fail(c, 400, ErrorCode.invalidBody, 'The file is not a picture we can read');
      throw err;
    }
  })
  .openapi(routes.get, async (c) => {
    const { name } = c.req.valid('param');
    const row = await imageNamed(c.get('deps').db.db, name);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such picture');
    return c.body(row.data as Uint8Array<ArrayBuffer>, 200, {
      'content-type': row.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
