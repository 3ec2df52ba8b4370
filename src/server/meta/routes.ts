import { API_BASE } from '../../api/paths.ts';
import { auditChanges } from '../../domain/audit-diff.ts';
import { PAYPAL_STANDIN_PATH, realPaypal, testPayments } from '../config.ts';
import { formEndpoints } from '../http/security.ts';
import { auditEntries } from './queries.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireAdmin } from '../access/caller.ts';
import * as routes from '../../api/meta.ts';

/** Configuration the browser needs at run time, the simulator address, and the audit trail. */
export const metaApp = subApp()
  .openapi(routes.unityVersion, (c) => c.json({ production: c.get('deps').config.simulatorUrl }, 200))
  .openapi(routes.config, (c) => {
    const config = c.get('deps').config;
    const { firebase, authEmulatorHost, paypal, formAccessKey, promoVideoUrl, chatNumber } = config;
    const forms = { ...formEndpoints(config), accessKey: formAccessKey };
    const paypalConfig = realPaypal(config)
      ? {
          clientId: paypal.clientId!,
          sdkBaseUrl: null,
          environment: paypal.env === 'live' ? ('production' as const) : ('sandbox' as const),
          testPayments: testPayments(config),
        }
      : { clientId: 'standin', sdkBaseUrl: `${API_BASE}${PAYPAL_STANDIN_PATH}/sdk/js`, environment: 'sandbox' as const, testPayments: testPayments(config) };
    return c.json(
      { firebase, authEmulatorUrl: authEmulatorHost ? `http://${authEmulatorHost}` : null, paypal: paypalConfig, forms, promoVideoUrl, chatNumber },
      200,
    );
  })
  .openapi(guarded(routes.audit, requireAdmin), async (c) => {
    const { entity, id, limit } = c.req.valid('query');
    const rows = await auditEntries(c.get('deps').db.db, { entity, id, limit });
    return c.json(
      rows.map((r) => ({ ...r, changes: auditChanges(r.before, r.after), at: r.at.toISOString() })),
      200,
    );
  });
