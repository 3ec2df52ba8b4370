import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Variant {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

interface Variants {
  identity: Variant;
  br: Variant;
  gzip: Variant;
  notModified: Record<string, string>;
}

function variantsOf(json: string, base: Record<string, string>): Variants {
  const body = Buffer.from(json);
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const headers = { ...base, 'content-type': 'application/json; charset=UTF-8', 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
  const variant = (data: Buffer, encoding: string | null): Variant => ({
    body: data as Uint8Array<ArrayBuffer>,
    headers: { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), etag: `"${tag}${encoding ? `-${encoding}` : ''}"` },
  });
  const identity = variant(body, null);
  return {
    identity,
    // Made again after every write, on the event loop: quick settings (brotli's best took milliseconds under admin edits).
    br: variant(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }), 'br'),
    gzip: variant(gzipSync(body, { level: 6 }), 'gzip'),
    notModified: { ...base, 'cache-control': 'no-cache', vary: 'Accept-Encoding' },
  };
}

/**
 * Answers JSON that stays the same until a write (the catalogue) from bytes, headers and compressed copies made once
 * per value: a 304 when the browser's ETag matches, brotli or gzip when it accepts them.
 */
export function cachedJsonAnswers(base: Record<string, string>) {
  const made = new WeakMap<object, Variants>();
  return (cached: { json: string }, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): Response => {
    let variants = made.get(cached);
    if (!variants) {
      variants = variantsOf(cached.json, base);
      made.set(cached, variants);
    }
    const accepts = acceptEncoding ?? '';
    const chosen = /\bbr\b/.test(accepts) ? variants.br : /\bgzip\b/.test(accepts) ? variants.gzip : variants.identity;
    const etag = chosen.headers.etag!;
    if (ifNoneMatch && (ifNoneMatch === etag || ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))) {
      return new Response(null, { status: 304, headers: { ...variants.notModified, etag } });
    }
    return new Response(chosen.body, { status: 200, headers: chosen.headers });
  };
}
