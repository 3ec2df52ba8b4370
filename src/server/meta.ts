import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq } from 'drizzle-orm';
import { AuditEntry, dbString, PublicConfig, UnityVersion } from '../api/schemas.ts';
import { PAYPAL_STANDIN_PATH, realPaypal } from './config.ts';
import { formEndpoints } from './security.ts';
import { audit } from './db/schema.ts';
import { bearer, errors, json, requireAdmin, subApp } from './http.ts';

/** Configuration the browser needs at run time, the simulator address, and the audit trail. */
export const metaApp = subApp()
  .openapi(createRoute({ method: 'get', path: '/unityversion', responses: { 200: json(UnityVersion) } }), (c) =>
    c.json({ production: c.get('deps').config.simulatorUrl }, 200),
  )
  .openapi(createRoute({ method: 'get', path: '/config', responses: { 200: json(PublicConfig) } }), (c) => {
    const config = c.get('deps').config;
    const { firebase, authEmulatorHost, paypal, formAccessKey, promoVideoUrl, chatNumber } = config;
    const forms = { ...formEndpoints(config), accessKey: formAccessKey };
    const paypalConfig = realPaypal(config)
      ? {
          clientId: paypal.clientId!,
          sdkBaseUrl: null,
          environment: paypal.env === 'live' ? ('production' as const) : ('sandbox' as const),
          testPayments: paypal.env !== 'live',
        }
      : { clientId: 'standin', sdkBaseUrl: `/api${PAYPAL_STANDIN_PATH}/sdk/js`, environment: 'sandbox' as const, testPayments: true };
    return c.json(
      { firebase, authEmulatorUrl: authEmulatorHost ? `http://${authEmulatorHost}` : null, paypal: paypalConfig, forms, promoVideoUrl, chatNumber },
      200,
    );
  })
  .openapi(
    createRoute({
      method: 'get',
      path: '/audit',
      security: bearer,
      middleware: [requireAdmin] as const,
      request: {
        query: z.strictObject({
          entity: z.enum(['course', 'plan', 'user', 'group', 'certificate', 'image']).optional(),
          id: dbString().max(128).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
      responses: { 200: json(z.array(AuditEntry)), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const { entity, id, limit } = c.req.valid('query');
      const rows = await c
        .get('deps')
        .db.db.select()
        .from(audit)
        .where(and(entity ? eq(audit.entity, entity) : undefined, id ? eq(audit.entityId, id) : undefined))
        .orderBy(desc(audit.at), desc(audit.id))
        .limit(limit);
      return c.json(
        rows.map((r) => ({ ...r, at: r.at.toISOString() })),
        200,
      );
    },
  );
