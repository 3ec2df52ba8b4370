import type { Context } from 'hono';
import { isContentLocale, negotiateLocale, type ContentLocale } from '../../domain/localize.ts';

/**
 * The language of everything the server writes for a reader, one rule for every answer and document (JSON, the CSV
 * exports, the receipt and certificate PDFs, the invitations' mail): `?lang=` (validated by the route), else the
 * Accept-Language header, else English. The answer says which (Content-Language) and that it varies with the header,
 * so a shared cache keeps one copy per language.
 */
export function contentLocale(c: Context): ContentLocale {
  const asked = c.req.query('lang');
  const locale = isContentLocale(asked) ? asked : negotiateLocale(c.req.header('accept-language'));
  c.header('Content-Language', locale);
  c.header('Vary', 'Accept-Language', { append: true });
  return locale;
}
