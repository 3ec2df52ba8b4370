import { createHash } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { imageUrl } from '../../api/paths.ts';
import type { UploadedImage } from '../../api/images.ts';
import type { images } from '../db/schema.ts';

/** Pixels sharp agrees to decode, so a small file that unpacks into a huge bitmap is refused rather than eating memory. */
const MAX_PIXELS = 40_000_000;
/** The stored size: twice a course card, and the course page's picture on a wide screen. */
const BOX = { width: 1280, height: 800 };
/** Changes when the encoding below changes, so a new encoding of the same upload gets a new address. */
const RECIPE = 'v1:1280x800:avif50:webp80';
/** A stored picture's name: its hash and format. */
export const IMAGE_NAME = /^([a-f0-9]{24})\.(avif|webp)$/;

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
  const sources = rows.map((r) => ({ type: r.contentType, url: imageUrl(r.id) }));
  return { rows, image: { url: sources.find((s) => s.type === 'image/webp')!.url, sources, width: rows[0]!.width, height: rows[0]!.height } };
}
