import { API_BASE } from '../../api/paths.ts';
import { PAYPAL_STANDIN_PATH, realPaypal, testPayments } from '../config.ts';
import { formEndpoints } from '../http/security.ts';
import { subApp } from '../http/sub-app.ts';
import * as routes from '../../api/meta.ts';

/** Configuration the browser needs at run time, and the simulator address. */
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
  });
