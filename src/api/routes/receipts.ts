import { createRoute, z } from '@hono/zod-openapi';
import { dbString } from '../schemas.ts';
import { Receipt } from '../account.ts';
import { documentLanguage, pdfAnswer, bearer, errors, json } from './shared.ts';

const orderParam = z.object({ orderId: dbString().min(1).max(64) });

export const list = createRoute({
  method: 'get',
  path: '/receipts',
  description: "The caller's receipts, newest first (their billing history); administrators may pass `userId`.",
  security: bearer,
  request: { query: z.strictObject({ userId: dbString().min(1).max(128).optional(), lang: documentLanguage }) },
  responses: { 200: json(z.array(Receipt)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const get = createRoute({
  method: 'get',
  path: '/receipts/{orderId}',
  description: "One payment's receipt: its buyer and administrators.",
  security: bearer,
  request: { params: orderParam, query: z.strictObject({ lang: documentLanguage }) },
  responses: { 200: json(Receipt), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const pdf = createRoute({
  method: 'get',
  path: '/receipts/{orderId}/pdf',
  description: 'The receipt as a PDF in the language asked for (`lang`, default English): its buyer and administrators.',
  security: bearer,
  request: { params: orderParam, query: z.strictObject({ lang: documentLanguage }) },
  responses: {
    200: pdfAnswer,
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    429: errors[429],
  },
});
