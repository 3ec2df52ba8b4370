import { hc } from 'hono/client';
import { API_BASE } from '../../src/api/paths.ts';
import type { AppType } from '../../src/server/app.ts';

/** The API of a server at `origin`, typed from the route definitions: its calls, and the URLs of its routes. */
export const apiAt = (origin: string) => hc<AppType>(origin).api;

/** The address of the API itself on a server at `origin`, for what the typed routes do not cover (the stand-ins). */
export const apiBase = (origin: string) => `${origin}${API_BASE}`;

/** A call's status and JSON body, whatever the status. */
export async function reply(request: Promise<Response>) {
  const res = await request;
  return { status: res.status, json: (await res.json().catch(() => null)) as any };
}

/** The request options that carry an ID token. */
export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
