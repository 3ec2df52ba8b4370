import { imageUrl } from '../api/paths.ts';

const STORED = new RegExp(`^${imageUrl('([a-f0-9]{24})')}\\.webp$`);

/**
 * The `<source>`s to put before a course picture's `<img>`: a picture the server stored (its address is the WebP)
 * also exists as AVIF under the same name; a picture stored elsewhere has only its own address.
 */
export function imageSources(url: string | null | undefined): Array<{ type: string; srcset: string }> {
  const match = url ? STORED.exec(url) : null;
  return match ? [{ type: 'image/avif', srcset: imageUrl(`${match[1]}.avif`) }] : [];
}
