import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The yardstick for bench:api: a bare Hono handler answering, from memory, a payload our server sent, byte for byte with its headers. */
export interface BarePayload {
  path: string;
  status: number;
  headers: Array<[string, string]>;
  /** base64 */
  body: string;
}

const payload = JSON.parse(readFileSync(process.env.BARE_PAYLOAD!, 'utf8')) as BarePayload;
const body = Buffer.from(payload.body, 'base64');
// A plain object is the Node adapter's fastest path (an array of pairs is turned into Headers on every answer).
const headers = Object.fromEntries(payload.headers);
const app = new Hono().get(payload.path, () => new Response(body, { status: payload.status, headers }));
serve({ fetch: app.fetch, port: Number(process.env.PORT) }, () => console.log('bare ready'));
