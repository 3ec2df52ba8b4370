import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '../server/app.ts';
import type { ContentLocale } from '../domain/localize.ts';
import { ApiError, apiErrorOf, ErrorCode } from './errors.ts';

/** The caller's Firebase ID token, where the route needs one. */
export type Token = string | null | undefined;

/** Every /api route, typed from the server's own definitions; the browser ships only the small proxy that builds URLs. */
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

export const api = {
  config: () => answer(client.config.$get()),
  getUser: (uid: string, token: Token) => answer(client.users[':id'].$get({ param: { id: enc(uid) } }, auth(token))),
  findUsers: (email: string, token: Token) => answer(client.users.$get({ query: { email } }, auth(token))),
  createUser: (json: Parameters<typeof client.users.$post>[0]['json'], token: Token) => answer(client.users.$post({ json }, auth(token))),
  updateUser: (id: string, json: Parameters<(typeof client.users)[':id']['$put']>[0]['json'], token: Token) =>
    answer(client.users[':id'].$put({ param: { id: enc(id) }, json }, auth(token))),
  /** In `lang`: the page's language, not the browser's Accept-Language. */
  listCourses: (lang: ContentLocale) => answer(client.courses.$get({ query: { lang } })),
  /** English (the default) is the course as stored, which is what the editor edits. */
  getCourse: (id: string, lang: ContentLocale = 'en') => answer(client.courses[':id'].$get({ param: { id: enc(id) }, query: { lang } })),
  createCourse: (json: Parameters<typeof client.courses.$post>[0]['json'], token: Token) => answer(client.courses.$post({ json }, auth(token))),
  updateCourse: (id: string, json: Parameters<(typeof client.courses)[':id']['$put']>[0]['json'], token: Token) =>
    answer(client.courses[':id'].$put({ param: { id: enc(id) }, json }, auth(token))),
  /** Sends a picture's bytes as they are (its type as content type); the server decodes, resizes and stores it. */
  uploadImage: (file: Blob, token: Token) =>
    answer(
      client.images.$post(undefined, {
        headers: { ...auth(token).headers, 'content-type': file.type || 'application/octet-stream' },
        init: { body: file },
      }),
    ),
  deleteCourse: (id: string, token: Token) => answer(client.courses[':id'].$delete({ param: { id: enc(id) } }, auth(token))),
  /** In `lang`; English is the plans as stored, which is what the plan form edits. */
  listPlans: (token: Token, lang: ContentLocale) => answer(client.pricing.$get({ query: { lang } }, auth(token))),
  createPlan: (json: Parameters<typeof client.pricing.$post>[0]['json'], token: Token) => answer(client.pricing.$post({ json }, auth(token))),
  updatePlan: (id: string, json: Parameters<(typeof client.pricing)[':id']['$put']>[0]['json'], token: Token) =>
    answer(client.pricing[':id'].$put({ param: { id: enc(id) }, json }, auth(token))),
  deletePlan: (id: string, token: Token) => answer(client.pricing[':id'].$delete({ param: { id: enc(id) } }, auth(token))),
  planSubscribers: (id: string, token: Token) => answer(client.pricing[':id'].subscribers.$get({ param: { id: enc(id) } }, auth(token))),
  launch: (json: Parameters<typeof client.launch.$post>[0]['json'], token: Token) => answer(client.launch.$post({ json }, auth(token))),
  /** An entity's admin changes, newest first (admins only). */
  audit: (entity: 'course' | 'plan' | 'user', id: string, token: Token) => answer(client.audit.$get({ query: { entity, id } }, auth(token))),
  unityVersion: () => answer(client.unityversion.$get()),
  createPaymentOrder: (planId: string, token: Token) => answer(client.payments.orders.$post({ json: { planId } }, auth(token))),
  capturePaymentOrder: (orderId: string, token: Token) =>
    answer(client.payments.orders[':orderId'].capture.$post({ param: { orderId: enc(orderId) } }, auth(token))),
  /** The launch token authorizes the submission; no ID token is needed. */
  submitAttempt: (json: Parameters<typeof client.attempts.$post>[0]['json']) => answer(client.attempts.$post({ json })),
  listAttempts: (query: { userId?: string; courseId?: string; limit?: number }, token: Token) =>
    answer(client.attempts.$get({ query: { ...query, limit: query.limit?.toString() } }, auth(token))),
  attemptSummary: (query: { userId?: string; courseId?: string }, token: Token) => answer(client.attempts.summary.$get({ query }, auth(token))),
  /** One attempt with its components, debrief map and the case's benchmark (its owner or an admin). */
  attempt: (id: string, token: Token) => answer(client.attempts[':id'].$get({ param: { id: enc(id) } }, auth(token))),
};
