import { join } from 'node:path';
import { tokenVerifier } from './auth.ts';
import { Catalogue } from './catalogue.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { Deps } from './deps.ts';
import { RateLimiter } from './rate-counters.ts';
import { ReplayPool } from './replay/pool.ts';
import { createPaypalStandIn } from '../sandbox/paypal/standin.ts';
import { paypalBaseUrl, paypalClient } from './paypal.ts';

/** Opens the database and builds what the API and the on-demand pages share. */
export async function createDeps(config: Config, options: { inMemory?: boolean } = {}): Promise<Deps> {
  const db = await openDatabase(config.databaseUrl, options.inMemory ? null : join(config.dataDir, 'pglite'));
  const catalogue = new Catalogue(db);
  await catalogue.start();
  const { clientId, clientSecret, timeoutMs } = config.paypal;
  const realBase = paypalBaseUrl(config);
  const paypalStandIn = realBase ? null : createPaypalStandIn();
  const paypal = paypalStandIn
    ? paypalClient({ baseUrl: 'http://paypal.standin', clientId: 'standin', clientSecret: 'standin', timeoutMs, fetch: paypalStandIn.fetch })
    : paypalClient({ baseUrl: realBase!, clientId: clientId!, clientSecret: clientSecret!, timeoutMs });
  return { config, db, catalogue, verify: tokenVerifier(config), limiter: new RateLimiter(db), replay: new ReplayPool(), paypal, paypalStandIn };
}
