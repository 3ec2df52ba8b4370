import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Receipt } from '../api/account.ts';
import { ErrorCode } from '../api/errors.ts';
import { dbString } from '../api/schemas.ts';
import { DEFAULT_LOCALE } from '../i18n/locales.ts';
import { orders } from './db/schema.ts';
import { bearer, callerIsAdmin, errors, fail, json, requireUser, subApp, type Env } from './http.ts';
import { pdfAnswer, documentLanguage, pdfLimit, sendPdf } from './pdf-route.ts';
import { rateLimit } from './rate-limit.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { receiptOf } from './mappers.ts';

type OrderRow = typeof orders.$inferSelect;

const PDF_LIMIT = pdfLimit('receipt-pdf');

/** The buyer's completed order, or why the caller may not read it. */
async function readable(c: Context<Env>, orderId: string): Promise<OrderRow | 'missing' | 'forbidden'> {
  const [row] = await c
    .get('deps')
    .db.db.select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'COMPLETED')));
  if (!row) return 'missing';
  if (row.userId !== c.get('caller')!.uid && !(await callerIsAdmin(c))) return 'forbidden';
  return row;
}

const orderParam = z.object({ orderId: dbString().min(1).max(64) });
const refusal = (c: Context<Env>, outcome: 'missing' | 'forbidden') =>
  outcome === 'missing'
    ? fail(c, 404, ErrorCode.notFound, 'No receipt has this order id')
    : fail(c, 403, ErrorCode.forbidden, 'Only the buyer and administrators may read this receipt');

/** /receipts: one receipt per captured payment, for the buyer (and administrators), as JSON and as a PDF. */
export const receiptsApp = subApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/receipts',
      description: "The caller's receipts, newest first (their billing history); administrators may pass `userId`.",
      security: bearer,
      middleware: [requireUser] as const,
      request: { query: z.strictObject({ userId: dbString().min(1).max(128).optional(), lang: documentLanguage }) },
      responses: { 200: json(z.array(Receipt)), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { userId, lang: locale = DEFAULT_LOCALE } = c.req.valid('query');
      const uid = userId ?? c.get('caller')!.uid;
      if (uid !== c.get('caller')!.uid && !(await callerIsAdmin(c)))
        return fail(c, 403, ErrorCode.forbidden, "Only administrators may read another account's receipts");
      const { db, config } = c.get('deps');
      const rows = await db.db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, uid), eq(orders.status, 'COMPLETED')))
        .orderBy(desc(orders.capturedAt));
      return c.json(
        rows.map((row) => receiptOf(row, config.seller, locale)),
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/receipts/{orderId}',
      description: "One payment's receipt: its buyer and administrators.",
      security: bearer,
      middleware: [requireUser] as const,
      request: { params: orderParam, query: z.strictObject({ lang: documentLanguage }) },
      responses: { 200: json(Receipt), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const row = await readable(c, c.req.valid('param').orderId);
      if (typeof row === 'string') return refusal(c, row);
      return c.json(receiptOf(row, c.get('deps').config.seller, c.req.valid('query').lang ?? DEFAULT_LOCALE), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/receipts/{orderId}/pdf',
      description: 'The receipt as a PDF in the language asked for (`lang`, default English): its buyer and administrators.',
      security: bearer,
      middleware: [requireUser, rateLimit(PDF_LIMIT)] as const,
      request: { params: orderParam, query: z.strictObject({ lang: documentLanguage }) },
      responses: {
        200: pdfAnswer,
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        429: errors[429],
      },
    }),
    async (c) => {
      const row = await readable(c, c.req.valid('param').orderId);
      if (typeof row === 'string') return refusal(c, row);
      const locale = c.req.valid('query').lang ?? DEFAULT_LOCALE;
      const pdf = await receiptPdf(receiptOf(row, c.get('deps').config.seller, locale), locale);
      return sendPdf(c, pdf, 'receipt', row.id);
    },
  );
