import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import type { Limit } from './rate-counters.ts';

/** What the receipt and certificate PDF routes share: the language asked for, the rate, the answer and its headers. */

/** `?lang=`: the language a receipt or certificate is written in, English when absent. */
export const documentLanguage = z.enum(LOCALES.map((l) => l.code) as [Locale, ...Locale[]]).optional();

/** A PDF takes the server's thread up to a few hundred milliseconds: twenty a minute for each caller. */
export const pdfLimit = (name: string): Limit => ({ name, max: 20, windowMs: 60_000 });

export const pdfAnswer = { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };

/** Sends a PDF as a download named `{kind}-{id}.pdf`, the id cut to characters safe in a file name; never cached. */
export function sendPdf(c: Context, pdf: Buffer, kind: string, id: string) {
  return c.body(new Uint8Array(pdf), 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${kind}-${id.replace(/[^A-Za-z0-9_-]/g, '') || kind}.pdf"`,
    'cache-control': 'private, no-store',
  });
}
