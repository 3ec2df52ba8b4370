import { z } from '@hono/zod-openapi';
import { dbString, ErrorBody } from '../schemas.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';

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

export const idParam = z.object({ id: dbString().min(1).max(128) });

/** `?lang=`: the language a receipt or certificate is written in, English when absent. */
export const documentLanguage = z.enum(LOCALES.map((l) => l.code) as [Locale, ...Locale[]]).optional();

export const pdfAnswer = { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } };
