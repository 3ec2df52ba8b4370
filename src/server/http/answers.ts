import type { Context, TypedResponse } from 'hono';
import type { Answer } from '../courses/catalogue-answer.ts';

/** Answers JSON already serialized (the catalogue cache) without serializing it again; typed as the value it holds. */
export function rawJson<T>(c: Context, cached: { value: T; json: string }) {
  return c.body(cached.json, 200, { 'content-type': 'application/json; charset=UTF-8' }) as unknown as TypedResponse<T, 200, 'json'>;
}

/** An answer made ahead (bytes and every header, catalogue-answer.ts) as the route's typed JSON answer; a 304 is typed alike. */
export function prepared<T>(answer: Answer) {
  return new Response(answer.body, { status: answer.status, headers: answer.headers }) as unknown as TypedResponse<T, 200, 'json'>;
}
