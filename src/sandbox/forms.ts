import { desc, eq } from 'drizzle-orm';
import { ErrorCode } from '../api/errors.ts';
import { LIMITS } from '../server/http/rate-counters.ts';
import { rateLimit } from '../server/http/rate-limit.ts';
import * as routes from '../api/sandbox.ts';
import type { Db } from '../server/db/client.ts';
import { fail } from '../server/http/errors.ts';
import { guarded, subApp } from '../server/http/sub-app.ts';
import { requireAdmin } from '../server/access/caller.ts';
import { createSandboxTables, sandboxMessages } from './messages.ts';

/** A message containing this makes the stand-in answer as a failing service would (502), for tests and demos. */
export const SANDBOX_FAIL_MARKER = '[sandbox-fail]';

/**
 * Local stand-ins for the form-mail and form-submission services: they keep every message in sandbox_messages. Each is
 * off once its real address is configured; with both configured the server does not load them at all.
 */
const formsApp = subApp()
  .openapi(guarded(routes.formmail, rateLimit(LIMITS.forms)), async (c) => {
    const { config, db } = c.get('deps');
    if (config.formMailUrl) return fail(c, 404, ErrorCode.notFound, 'The form-mail stand-in is off: a real service is configured');
    const body = c.req.valid('json');
    if (Object.values(body).some((v) => v.includes(SANDBOX_FAIL_MARKER)))
      return fail(c, 502, ErrorCode.sandboxFailure, 'The form-mail stand-in was asked to fail');
    await db.db.insert(sandboxMessages).values({ service: 'formmail', body });
    return c.json({ success: true as const, message: 'Stored by the local form-mail stand-in' }, 200);
  })
  .openapi(guarded(routes.forms, rateLimit(LIMITS.forms)), async (c) => {
    const { config, db } = c.get('deps');
    if (config.formSubmitUrl) return fail(c, 404, ErrorCode.notFound, 'The form-submission stand-in is off: a real service is configured');
    const { access_key, ...body } = c.req.valid('json');
    if (access_key !== config.formAccessKey) return fail(c, 403, ErrorCode.forbidden, 'Wrong access key');
    if (Object.values(body).some((v) => v.includes(SANDBOX_FAIL_MARKER)))
      return fail(c, 502, ErrorCode.sandboxFailure, 'The form-submission stand-in was asked to fail');
    await db.db.insert(sandboxMessages).values({ service: 'forms', body });
    return c.json({ success: true as const, message: 'Stored by the local form-submission stand-in' }, 200);
  })
  .openapi(guarded(routes.messages, requireAdmin), async (c) => {
    const { service } = c.req.valid('query');
    const rows = await c
      .get('deps')
      .db.db.select()
      .from(sandboxMessages)
      .where(service ? eq(sandboxMessages.service, service) : undefined)
      .orderBy(desc(sandboxMessages.id));
    return c.json(
      rows.map((r) => ({ id: r.id, service: r.service as 'formmail' | 'forms' | 'mail', body: r.body as Record<string, string>, at: r.at.toISOString() })),
      200,
    );
  });

/** The stand-ins' routes, once their table is there; the server calls this only when a form service is not configured. */
export async function startFormsStandIn(db: Db) {
  await createSandboxTables(db);
  return formsApp;
}
