import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { callerIsAdmin, requireUser } from '../access/caller.ts';
import { type Env, guarded, subApp } from '../http/sub-app.ts';
import { fail } from '../http/errors.ts';
import { pdfLimit, sendPdf } from '../pdf/answer.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { contentLocale } from '../http/content-locale.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { completedOrder, completedOrdersOf, type OrderRow } from './queries.ts';
import { receiptOf } from './receipt-row.ts';
import * as routes from '../../api/receipts.ts';

const PDF_LIMIT = pdfLimit('receipt-pdf');

/** The buyer's completed order, or why the caller may not read it. */
async function readable(c: Context<Env>, orderId: string): Promise<OrderRow | 'missing' | 'forbidden'> {
  const row = await completedOrder(c.get('deps').db.db, orderId);
  if (!row) return 'missing';
  if (row.userId !== c.get('caller')!.uid && !(await callerIsAdmin(c))) return 'forbidden';
  return row;
}

const refusal = (c: Context<Env>, outcome: 'missing' | 'forbidden') =>
  outcome === 'missing'
    ? fail(c, 404, ErrorCode.notFound, 'No receipt has this order id')
    : fail(c, 403, ErrorCode.forbidden, 'Only the buyer and administrators may read this receipt');

/** /receipts: one receipt per captured payment, for the buyer (and administrators), as JSON and as a PDF. */
export const receiptsApp = subApp()
  .openapi(guarded(routes.list, requireUser), async (c) => {
    const { userId } = c.req.valid('query');
    const locale = contentLocale(c);
    const uid = userId ?? c.get('caller')!.uid;
    if (uid !== c.get('caller')!.uid && !(await callerIsAdmin(c)))
      return fail(c, 403, ErrorCode.forbidden, "Only administrators may read another account's receipts");
    const { db, config } = c.get('deps');
    const rows = await completedOrdersOf(db.db, uid);
    return c.json(
      rows.map((row) => receiptOf(row, config.seller, locale)),
      200,
    );
  })
  .openapi(guarded(routes.get, requireUser), async (c) => {
    const row = await readable(c, c.req.valid('param').orderId);
    if (typeof row === 'string') return refusal(c, row);
    return c.json(receiptOf(row, c.get('deps').config.seller, contentLocale(c)), 200);
  })
  .openapi(guarded(routes.pdf, requireUser, rateLimit(PDF_LIMIT)), async (c) => {
    const row = await readable(c, c.req.valid('param').orderId);
    if (typeof row === 'string') return refusal(c, row);
    const locale = contentLocale(c);
    const pdf = await receiptPdf(receiptOf(row, c.get('deps').config.seller, locale), locale);
    return sendPdf(c, pdf, 'receipt', row.id);
  });
