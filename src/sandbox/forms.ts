import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import { ErrorCode } from '../api/errors.ts';
import { dbString } from '../api/schemas.ts';
import { CONTACT_LIMITS } from '../domain/contact.ts';
import { LIMITS } from '../server/rate-counters.ts';
import { rateLimit } from '../server/rate-limit.ts';
import type { Db } from '../server/db/client.ts';
import { bearer, errors, fail, json, jsonBody, requireAdmin, subApp } from '../server/http.ts';
import { createSandboxTables, sandboxMessages } from './messages.ts';

/** A message containing this makes the stand-in answer as a failing service would (502), for tests and demos. */
export const SANDBOX_FAIL_MARKER = '[sandbox-fail]';

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
const Stored = z.object({ id: z.number(), service: z.enum(['formmail', 'forms']), body: z.record(z.string(), z.string()), at: z.string() });

const unavailable = { description: 'The service failed', content: { 'application/json': { schema: z.object({ error: z.string(), message: z.string() }) } } };

/**
 * Local stand-ins for the form-mail and form-submission services: they keep every message in sandbox_messages. Each is
 * off once its real address is configured; with both configured the server does not load them at all.
 */
const formsApp = subApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/sandbox/formmail',
      middleware: [rateLimit(LIMITS.forms)] as const,
      request: { body: jsonBody(ContactBody) },
      responses: { 200: json(Sent), 400: errors[400], 404: errors[404], 429: errors[429], 502: unavailable },
    }),
    async (c) => {
      const { config, db } = c.get('deps');
      if (config.formMailUrl) return fail(c, 404, ErrorCode.notFound, 'The form-mail stand-in is off: a real service is configured');
      const body = c.req.valid('json');
      if (Object.values(body).some((v) => v.includes(SANDBOX_FAIL_MARKER))) return fail(c, 502, 'sandbox_failure', 'The form-mail stand-in was asked to fail');
      await db.db.insert(sandboxMessages).values({ service: 'formmail', body });
      return c.json({ success: true as const, message: 'Stored by the local form-mail stand-in' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/sandbox/forms',
      middleware: [rateLimit(LIMITS.forms)] as const,
      request: { body: jsonBody(SupportBody) },
      responses: { 200: json(Sent), 400: errors[400], 403: errors[403], 404: errors[404], 429: errors[429], 502: unavailable },
    }),
    async (c) => {
      const { config, db } = c.get('deps');
      if (config.formSubmitUrl) return fail(c, 404, ErrorCode.notFound, 'The form-submission stand-in is off: a real service is configured');
      const { access_key, ...body } = c.req.valid('json');
      if (access_key !== config.formAccessKey) return fail(c, 403, ErrorCode.forbidden, 'Wrong access key');
      if (Object.values(body).some((v) => v.includes(SANDBOX_FAIL_MARKER)))
        return fail(c, 502, 'sandbox_failure', 'The form-submission stand-in was asked to fail');
      await db.db.insert(sandboxMessages).values({ service: 'forms', body });
      return c.json({ success: true as const, message: 'Stored by the local form-submission stand-in' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/sandbox/messages',
      security: bearer,
      middleware: [requireAdmin] as const,
      request: { query: z.strictObject({ service: z.enum(['formmail', 'forms']).optional() }) },
      responses: { 200: json(z.array(Stored)), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { service } = c.req.valid('query');
      const rows = await c
        .get('deps')
        .db.db.select()
        .from(sandboxMessages)
        .where(service ? eq(sandboxMessages.service, service) : undefined)
        .orderBy(desc(sandboxMessages.id));
      return c.json(
        rows.map((r) => ({ id: r.id, service: r.service as 'formmail' | 'forms', body: r.body as Record<string, string>, at: r.at.toISOString() })),
        200,
      );
    },
  );

/** The stand-ins' routes, once their table is there; the server calls this only when a form service is not configured. */
export async function startFormsStandIn(db: Db) {
  await createSandboxTables(db);
  return formsApp;
}

export type FormsStandIn = typeof formsApp;
