import type { TypedResponse } from 'hono';

/** An answer as its status, headers and bytes, for Node's `writeHead` as much as for a `Response`. */
export interface Answer {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** An answer made ahead (bytes and every header: the catalogue's public answers) as the route's typed JSON answer; a 304 is typed alike. */
export function prepared<T>(answer: Answer) {
  return new Response(answer.body, { status: answer.status, headers: answer.headers }) as unknown as TypedResponse<T, 200, 'json'>;
}
