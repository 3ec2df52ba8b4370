import { z } from '@hono/zod-openapi';
import { CSV_SEPARATORS } from '../domain/csv-format.ts';
import { stripInvisible } from '../domain/text.ts';
import { CONTENT_LOCALES, TRANSLATED_LOCALES } from '../domain/localize.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';

/** What every area's contract uses: the strings the database takes, the error body, and the pieces of a route definition. */

/** False for text PostgreSQL refuses to store or compare (NUL characters, lone UTF-16 surrogates): that is bad input, not a 500. */
export const storable = (s: string) => !/[\0\p{Cs}]/u.test(s);
/**
 * A string the database accepts; every string of the contract that reaches a query is one. Invisible formatting
 * characters (bidirectional overrides and the like, see stripInvisible) are removed first, so no text can be shown as another.
 */
export const dbString = () => z.string().overwrite(stripInvisible).refine(storable, 'must not contain NUL characters or unpaired surrogates');
/** Free text an admin or a learner writes, trimmed, at most `max` characters. */
export const text = (max: number) => dbString().trim().max(max);
/** The title of a course, module, case or plan. */
export const title = dbString().trim().min(1).max(200);

/**
 * Every /api failure; `requestId` names a failure the server logged (quote it when reporting a problem), and `issues`
 * lists each field refused input failed on (its dotted path), so the browser never reads a field out of `message`.
 */
export const ErrorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

/** `?lang=`: which language the content is answered in (absent: Accept-Language, then English). */
export const LangQuery = z.object({ lang: z.enum(CONTENT_LOCALES).optional() });
/**
 * An export for a person: with `lang`, headers, states and dates in that language and the separator its spreadsheets
 * expect (`separator` chooses another); without, the machine's file (snake_case headers, ISO dates, commas).
 */
export const CsvQuery = z.object({
  ...LangQuery.shape,
  separator: z.enum(CSV_SEPARATORS).optional().describe('The field separator; by default `;` for a language written with a decimal comma, `,` otherwise'),
});
/** The content languages besides English; a key outside them is refused. */
const TranslatedLocaleSchema = z.enum(TRANSLATED_LOCALES);
/** Per-language versions of a text object; empty or absent texts are read in English. */
export const translations = <T extends z.ZodType>(value: T) => z.partialRecord(TranslatedLocaleSchema, value);

/** `?lang=`: the language a receipt or certificate is written in; without it, Accept-Language's, else English (src/server/http/content-locale.ts). */
export const documentLanguage = z.enum(LOCALES.map((l) => l.code) as [Locale, ...Locale[]]).optional();

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/** The error answers a route declares. */
export const errors = {
  400: errorResponse('Invalid body or parameters'),
  401: errorResponse('Missing or invalid token'),
  403: errorResponse('Wrong role'),
  404: errorResponse('Unknown id'),
  409: errorResponse('Conflict'),
  429: errorResponse('Too many requests; see Retry-After'),
} as const;

/** A route that needs a Firebase ID token. */
export const bearer = [{ bearer: [] }];

/** A JSON answer. */
export const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** The `{id}` of a route's path. */
export const idParam = z.object({ id: dbString().min(1).max(128) });

/** A PDF answer (a receipt, a certificate). */
export const pdfAnswer = { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };
