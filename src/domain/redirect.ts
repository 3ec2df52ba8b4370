/** A made-up origin to resolve `next` against: anything that resolves elsewhere was not a path on our site. */
const PROBE = 'https://same-origin.invalid';

/** What browsers strip from or read into a URL: backslashes (read as slashes), tabs, line breaks, other controls, spaces. */
const AMBIGUOUS = /[\\\s\p{Cc}\p{Cf}]/u;

/** `value` and each of its percent-decodings, so that an encoded backslash or slash is judged like a plain one. */
function decodings(value: string): string[] {
  const layers = [value];
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layers.at(-1)!);
    } catch {
      break;
    }
    if (decoded === layers.at(-1)) break;
    layers.push(decoded);
  }
  return layers;
}

/**
 * Where to go after signing in: `next` when it is a path on this site, otherwise `fallback`. Only `/x...` paths
 * are taken: no scheme, no `//host`, no backslash, tab, line break or other control character (Chromium reads
 * `/\evil.example` and `/<tab>/evil.example` as `//evil.example`), in any percent-encoded layer either. The same
 * holds for the path as the browser resolves it, which is the answer: dot segments (`/.//evil.example`,
 * `/%2e%2e//evil.example`) normalise into `//evil.example`, so what is followed is what is checked.
 */
export function afterSignIn(next: string | null | undefined, fallback: string): string {
  if (!next || !plainPath(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, PROBE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === PROBE && plainPath(path) ? path : fallback;
}

/** A path of this site in every percent-encoded layer: one leading slash, nothing a browser reads differently. */
function plainPath(value: string): boolean {
  return value.startsWith('/') && decodings(value).every((layer) => !AMBIGUOUS.test(layer) && !layer.startsWith('//'));
}
