import type { Context } from 'hono';
import type { Limit } from '../http/rate-counters.ts';

/** What the receipt and certificate PDF routes share: the rate and the download's headers. */

/** A PDF takes the server's thread up to a few hundred milliseconds: twenty a minute for each caller. */
export const pdfLimit = (name: string): Limit => ({ name, max: 20, windowMs: 60_000 });

/** Sends a PDF as a download named `{kind}-{id}.pdf`, the id cut to characters safe in a file name; never cached. */
export function sendPdf(c: Context, pdf: Buffer, kind: string, id: string) {
  return c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${kind}-${id.replace(/[^A-Za-z0-9_-]/g, '') || kind}.pdf"`,
    'cache-control': 'private, no-store',
  });
}
