import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { splitLocale } from '../../i18n/locales.ts';
import { holdBack, type Head } from './held-response.ts';
import { etagOf, matchesEtag } from '../http/etag.ts';
import { describeError } from '../http/log.ts';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What the cache holds at most by default: past it, the pages asked for least recently are let go first. */
const MAX_BYTES = 24 * 1024 * 1024;

interface Variant {
  headers: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
}

interface Page {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  /** The course the page is about, or null for a page that shows several (or none in particular). */
  course: string | null;
  bytes: number;
}

/** The course a path is the page of (`/courses/{id}` in any locale), or null. */
function courseOf(pathname: string): string | null {
  const match = /^\/courses\/([^/]+)\/?$/.exec(splitLocale(pathname).path);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The pages rendered on demand, kept as the bytes (and brotli and gzip copies) of their first answer, per path, so
 * a locale's page is only ever answered to that locale's path. A page is the same for every visitor: whatever depends
 * on the viewer comes from its islands. Only 200 answers to GETs without query, cookies or authorization are kept,
 * none that set a cookie, and none whose rendering raced a change (`changed`) to what it shows.
 */
export class PageCache {
  /** In the order they were last asked for: the first is the one to let go when room is needed. */
  private pages = new Map<string, Page>();
  private rendering = new Map<string, Promise<void>>();
  private bytes = 0;
  /** Counts every change; a page showing several courses is current only if none happened while it rendered. */
  private changes = 0;
  /** Counts changes to every course at once; with a course's own count, says whether a course's page is current. */
  private everything = 0;
  private courseChanges = new Map<string, number>();

  /**
   * `maxBytes` bounds the memory, copies included. Any address that renders a page counts (an id spelt with escapes,
   * a trailing slash), so the cap lets old pages go rather than stop keeping new ones.
   */
  private readonly maxBytes: number;

  constructor(maxBytes = MAX_BYTES) {
    this.maxBytes = maxBytes;
  }

  /** Forgets the pages of `course` and those showing several courses; every page when `course` is null. */
  changed(course: string | null): void {
    this.changes++;
    if (course === null) {
      this.everything++;
      this.courseChanges.clear();
      this.pages.clear();
      this.bytes = 0;
      return;
    }
    this.courseChanges.set(course, (this.courseChanges.get(course) ?? 0) + 1);
    for (const [key, page] of this.pages) {
      if (page.course === null || page.course === course) this.drop(key, page);
    }
  }

  /** What a render must find unchanged when it ends for its page to be kept. */
  private stamp(course: string | null): string {
    return course === null ? `${this.changes}` : `${this.everything}:${this.courseChanges.get(course) ?? 0}`;
  }

  private drop(key: string, page: Page): void {
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }

  /** Answers from the cache, or renders with `render` (which writes to the response it is given) and keeps the answer when it may. */
  async serve(req: IncomingMessage, res: ServerResponse, render: (res: ServerResponse) => Promise<void>): Promise<void> {
    const url = req.url ?? '/';
    const cacheable = (req.method === 'GET' || req.method === 'HEAD') && !url.includes('?') && !req.headers.cookie && !req.headers.authorization;
    if (!cacheable) return render(res);
    const hit = this.pages.get(url);
    if (hit) {
      this.pages.delete(url);
      this.pages.set(url, hit);
      return send(req, res, hit);
    }
    const under = this.rendering.get(url);
    if (under) {
      await under;
      const page = this.pages.get(url);
      if (page) return send(req, res, page);
    }
    if (req.method !== 'GET') return render(res);
    const done = this.keep(url, req, res, render);
    this.rendering.set(url, done);
    try {
      await done;
    } finally {
      if (this.rendering.get(url) === done) this.rendering.delete(url);
    }
  }

  /** Renders into a held-back response; a keepable answer is stored and sent from the cache, any other sent as it is. */
  private keep(url: string, req: IncomingMessage, res: ServerResponse, render: (res: ServerResponse) => Promise<void>): Promise<void> {
    const course = courseOf(url);
    const stamp = this.stamp(course);
    return new Promise<void>((resolve, reject) => {
      holdBack(res, (head, body) => {
        const status = typeof head?.[0] === 'number' ? head[0] : res.statusCode;
        const headers = { ...res.getHeaders(), ...headersOf(head) };
        // A page bigger than half the cache would push out everything else: it is answered, not kept.
        if (status === 200 && !headers['set-cookie'] && stamp === this.stamp(course) && body.length * 2 <= this.maxBytes) {
          send(req, res, this.store(url, course, headers, body));
        } else {
          if (head) res.writeHead(...head);
          res.end(body);
        }
        resolve();
      });
      // Waiting requests go on by themselves if this one's client leaves before the page is complete.
      res.once('close', () => resolve());
      render(res).catch(reject);
    });
  }

  private store(url: string, course: string | null, headers: OutgoingHttpHeaders, body: Buffer): Page {
    const base = { ...headers, 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
    delete base['content-length'];
    const variant = (data: Buffer, encoding: string | null): Variant => {
      const etag = etagOf(body, encoding);
      return { etag, body: data, headers: { ...base, ...(encoding ? { 'content-encoding': encoding } : {}), etag, 'content-length': data.length } };
    };
    const page: Page = { identity: variant(body, null), course, bytes: body.length };
    this.pages.set(url, page);
    this.bytes += page.bytes;
    this.makeRoom(url);
    // Compressed off the event loop; until they are ready the page goes out uncompressed.
    void Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipped(body, { level: 9 }),
    ]).then(
      ([br, gz]) => {
        if (this.pages.get(url) !== page) return;
        page.br = variant(br, 'br');
        page.gzip = variant(gz, 'gzip');
        page.bytes += br.length + gz.length;
        this.bytes += br.length + gz.length;
        this.makeRoom(url);
      },
      (err: unknown) => console.error(`Compressing the page ${url} failed: ${describeError(err)}`),
    );
    return page;
  }

  /** Lets the least recently asked-for pages go, all but `keep`, until the cache is within its bound. */
  private makeRoom(keep: string): void {
    for (const [key, page] of this.pages) {
      if (this.bytes <= this.maxBytes) return;
      if (key !== keep) this.drop(key, page);
    }
  }
}

function headersOf(head: Head | null): OutgoingHttpHeaders {
  const given = head?.find((arg, i) => i > 0 && typeof arg === 'object' && arg !== null);
  if (!given) return {};
  if (Array.isArray(given)) {
    const out: OutgoingHttpHeaders = {};
    for (let i = 0; i < given.length; i += 2) out[String(given[i]).toLowerCase()] = given[i + 1] as string;
    return out;
  }
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]));
}

/** The representation the request accepts (brotli, gzip or none), as a 304 when the browser holds it already. */
function send(req: IncomingMessage, res: ServerResponse, page: Page): void {
  const accepts = req.headers['accept-encoding'] ?? '';
  const variant = (page.br && /\bbr\b/.test(accepts) ? page.br : page.gzip && /\bgzip\b/.test(accepts) ? page.gzip : null) ?? page.identity;
  // A copy of this very page, in any encoding, is still current: the uncompressed one a browser got before the
  // compressed copies were ready is not sent again once they are.
  const held = [page.identity, page.br, page.gzip].find((v) => v && matchesEtag(req.headers['if-none-match'], v.etag));
  if (held) {
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = held.headers;
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, variant.headers);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}
