import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isContentLocale, negotiateLocale, type ContentLocale } from '../../domain/localize.ts';
import type { Answer } from '../http/answers.ts';
import { matchesEtag } from '../http/etag.ts';
import type { Catalogue } from './catalogue.ts';

/** What a catalogue request carries that its answer depends on. */
export interface CatalogueRequest {
  /** `?lang=`; a language we do not have gets no answer here (the route refuses it). */
  lang: string | null | undefined;
  acceptLanguage: string | null | undefined;
  acceptEncoding: string | null | undefined;
  ifNoneMatch: string | null | undefined;
}

/** What a route's request (its query validated) carries that the answer depends on. */
export function catalogueRequest(c: Context): CatalogueRequest {
  return {
    lang: c.req.query('lang'),
    acceptLanguage: c.req.header('accept-language'),
    acceptEncoding: c.req.header('accept-encoding'),
    ifNoneMatch: c.req.header('if-none-match'),
  };
}

interface Variant {
  ok: Answer;
  notModified: Answer;
  etag: string;
}

type Encoding = 'br' | 'gzip';

/** The answer as it is, and its brotli and gzip copies once a client has asked for them. */
interface Variants {
  identity: Variant;
  compressed(encoding: Encoding): Variant;
}

/** Made again after every write, on the event loop: quick settings (brotli's best took milliseconds under admin edits). */
const compress: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

function variantsOf(json: string, base: Record<string, string>): Variants {
  const body = Buffer.from(json);
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  // The list is in the language asked for, so the language varies the answer as much as the encoding does.
  const headers = { ...base, 'cache-control': 'no-cache', vary: 'Accept-Encoding, Accept-Language' };
  const variant = (data: Buffer, encoding: Encoding | null): Variant => {
    const etag = `"${tag}${encoding ? `-${encoding}` : ''}"`;
    return {
      etag,
      ok: {
        status: 200,
        headers: {
          ...headers,
          'content-type': 'application/json; charset=UTF-8',
          ...(encoding ? { 'content-encoding': encoding } : {}),
          etag,
          'content-length': String(data.length),
        },
        body: data as Uint8Array<ArrayBuffer>,
      },
      notModified: { status: 304, headers: { ...headers, etag }, body: null },
    };
  };
  const copies = new Map<Encoding, Variant>();
  return {
    identity: variant(body, null),
    compressed(encoding) {
      let copy = copies.get(encoding);
      if (!copy) {
        copy = variant(compress[encoding](body), encoding);
        copies.set(encoding, copy);
      }
      return copy;
    },
  };
}

type Cached = { json: string };

/** One resource's answers: from memory alone (null when it must be read first), or reading it when needed. */
interface Answers<K> {
  /** The answer from memory alone: null until it has been read in that language since the last change, or when there is none. */
  cached(key: K, request: CatalogueRequest): Answer | null;
  /** The answer, reading first when it is not in memory; null when there is none (no such course, a language we do not have). */
  read(key: K, request: CatalogueRequest): Promise<Answer | null>;
}

/**
 * The catalogue's public answers, made once per language and value: the course list (`GET /api/courses`), one course
 * (`GET /api/courses/{id}`) and the plans on sale (`GET /api/pricing` for anyone but an administrator). Each is its
 * bytes, brotli and gzip copies and every header, with its ETag: a request then costs a lookup, a 304 when the
 * browser's ETag matches, brotli or gzip when it accepts them.
 */
export function catalogueAnswers(catalogue: Catalogue, base: Record<string, string>) {
  const made = new WeakMap<object, Variants>();
  const localeOf = (request: CatalogueRequest): ContentLocale | null => {
    if (request.lang == null) return negotiateLocale(request.acceptLanguage);
    return isContentLocale(request.lang) ? request.lang : null;
  };
  const answer = (cached: Cached, locale: ContentLocale, request: CatalogueRequest): Answer => {
    let variants = made.get(cached);
    if (!variants) {
      variants = variantsOf(cached.json, { ...base, 'content-language': locale });
      made.set(cached, variants);
    }
    const accepts = request.acceptEncoding ?? '';
    const chosen = /\bbr\b/.test(accepts) ? variants.compressed('br') : /\bgzip\b/.test(accepts) ? variants.compressed('gzip') : variants.identity;
    return matchesEtag(request.ifNoneMatch, chosen.etag) ? chosen.notModified : chosen.ok;
  };
  const answers = <K>(
    inMemory: (key: K, locale: ContentLocale) => Cached | null | undefined,
    load: (key: K, locale: ContentLocale) => Promise<Cached | null>,
  ): Answers<K> => ({
    cached(key, request) {
      const locale = localeOf(request);
      const cached = locale && inMemory(key, locale);
      return cached ? answer(cached, locale, request) : null;
    },
    async read(key, request) {
      const locale = localeOf(request);
      const cached = locale && (await load(key, locale));
      return cached ? answer(cached, locale, request) : null;
    },
  });
  return {
    list: answers<void>(
      (_, locale) => catalogue.cachedSummaries(locale),
      (_, locale) => catalogue.summaries(locale),
    ),
    course: answers<string>(
      (id, locale) => catalogue.cachedCourse(id, locale),
      (id, locale) => catalogue.course(id, locale),
    ),
    plans: answers<void>(
      (_, locale) => catalogue.cachedPlansOnSale(locale),
      (_, locale) => catalogue.plansOnSale(locale),
    ),
  };
}

export type CatalogueAnswers = ReturnType<typeof catalogueAnswers>;
