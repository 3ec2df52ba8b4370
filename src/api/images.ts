import { createRoute, z } from '@hono/zod-openapi';
import { bearer, errors, json } from './shared.ts';

/** The contract of /images: an admin's upload of a course picture, and the stored picture read back. */

/** An uploaded picture as stored: its addresses per format (content-hashed, cached for a year) and its size. */
const UploadedImage = z
  .object({ url: z.string(), sources: z.array(z.object({ type: z.string(), url: z.string() })), width: z.number(), height: z.number() })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof UploadedImage>;

/** The picture types an upload may carry; anything else is refused before it is read. */
export const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif'] as const;

export const upload = createRoute({
  method: 'post',
  path: '/images',
  security: bearer,
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
});

export const get = createRoute({
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
});

/** Largest upload: a phone photo fits; the stored picture is far smaller. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
