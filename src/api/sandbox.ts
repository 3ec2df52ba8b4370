import { createRoute, z } from '@hono/zod-openapi';
import { CONTACT_LIMITS } from '../domain/contact.ts';
import { bearer, dbString, errors, json, jsonBody } from './shared.ts';

const field = (max: number) => dbString().trim().min(1).max(max);
/** What the contact form posts to the form-mail stand-in. */
export const ContactBody = z.object({
  Nombre: field(CONTACT_LIMITS.name),
  Email: z.email().max(CONTACT_LIMITS.email),
  Pregunta: field(CONTACT_LIMITS.question),
});
/** What the support form posts to the form-submission stand-in. */
export const SupportBody = ContactBody.extend({ Platform: field(100), access_key: dbString().max(200) });
const Sent = z.object({ success: z.literal(true), message: z.string() });
const Stored = z.object({ id: z.number(), service: z.enum(['formmail', 'forms', 'mail']), body: z.record(z.string(), z.string()), at: z.string() });

const unavailable = { description: 'The service failed', content: { 'application/json': { schema: z.object({ error: z.string(), message: z.string() }) } } };

export const formmail = createRoute({
  method: 'post',
  path: '/sandbox/formmail',
  request: { body: jsonBody(ContactBody) },
  responses: { 200: json(Sent), 400: errors[400], 404: errors[404], 429: errors[429], 502: unavailable },
});

export const forms = createRoute({
  method: 'post',
  path: '/sandbox/forms',
  request: { body: jsonBody(SupportBody) },
  responses: { 200: json(Sent), 400: errors[400], 403: errors[403], 404: errors[404], 429: errors[429], 502: unavailable },
});

export const messages = createRoute({
  method: 'get',
  path: '/sandbox/messages',
  security: bearer,
  request: { query: z.strictObject({ service: z.enum(['formmail', 'forms', 'mail']).optional() }) },
  responses: { 200: json(z.array(Stored)), 400: errors[400], 401: errors[401], 403: errors[403] },
});
