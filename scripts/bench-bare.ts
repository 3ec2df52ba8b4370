import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The yardstick for bench:api: a bare Hono handler answering fixed JSON from memory. */
const body = process.env.BARE_BODY ?? '[]';
const app = new Hono().get('*', (c) => c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT) }, () => console.log('bare ready'));
