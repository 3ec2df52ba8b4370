import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '../server/app.ts';
import { ApiError, apiErrorOf, ErrorCode } from './errors.ts';

/** The caller's Firebase ID token, where the route needs one. */
type Token = string | null | undefined;

/**
 * Every /api route, typed from the server's own definitions (AppType): the stores call it as
 * `answer(client.courses[':id'].$get({ param: { id: enc(id) } }, auth(token)))`. The browser ships only the small proxy that builds URLs.
 */
export const client = hc<AppType>('/').api;

/** The request options that carry the caller's token. */
export const auth = (token: Token): { headers: Record<string, string> } => ({ headers: token ? { authorization: `Bearer ${token}` } : {} });

/** A path parameter as it travels in the URL. */
export const enc = encodeURIComponent;

type Answer = ClientResponse<unknown, number, string>;
/** The body of the route's successful answers (204 answers nothing). */
type Ok<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends 200 | 201 ? T : S extends 204 ? undefined : never) : never;

/** The response, or an ApiError: status 0 when the network failed, else the contract's error body. */
async function respond<R extends Answer>(request: Promise<R>): Promise<R> {
  let res: R;
  try {
    res = await request;
  } catch {
    throw new ApiError(0, ErrorCode.network, 'Network error');
  }
  if (!res.ok) throw apiErrorOf(res.status, await res.json().catch(() => null), res.statusText);
  return res;
}

/** The JSON of a successful answer. */
export async function answer<R extends Answer>(request: Promise<R>): Promise<Ok<R>> {
  const res = await respond(request);
  return (res.status === 204 ? undefined : await res.json()) as Ok<R>;
}

/** A file answer (PDF, CSV) with the name the server gave it. */
export async function download(request: Promise<Answer>): Promise<{ blob: Blob; name: string }> {
  const res = (await respond(request)) as unknown as Response;
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  return { blob: await res.blob(), name };
}
