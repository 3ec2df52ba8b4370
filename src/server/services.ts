import { join } from 'node:path';
import { tokenVerifier, type Caller } from './access/token.ts';
import { TokenMemory } from './access/token-memory.ts';
import { Catalogue, catalogueAnswers } from './courses/index.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import type { Deps } from './deps.ts';
import { RateLimiter } from './http/rate-counters.ts';
import { ReplayPool } from './attempts/index.ts';
import { paypalBaseUrl, paypalClient } from './payments/index.ts';
import { API_POLICY, commonHeaders } from './http/security.ts';
import { UserCache } from './users/index.ts';
import { httpMailer } from './mail/index.ts';

/** Opens the database (in memory, from a PGlite archive when given one) and builds what the API and the on-demand pages share. */
export async function createDeps(config: Config, options: { inMemory?: boolean; image?: Blob } = {}): Promise<Deps> {
  const db = await openDatabase(config.databaseUrl, options.inMemory ? null : join(config.dataDir, 'pglite'), options.image);
  const catalogue = new Catalogue(db);
  await catalogue.start();
  // A verified token is remembered until it expires; a change to its account's row forgets it on every instance.
  const tokens = new TokenMemory<Caller>();
  const userCache = new UserCache(db, (id) => tokens.forget(id));
  await userCache.start();
  const { clientId, clientSecret, timeoutMs } = config.paypal;
  const realBase = paypalBaseUrl(config);
  // A stand-in is imported only when its real service is not configured, so a configured server never loads src/sandbox.
  const paypalStandIn = realBase ? null : (await import('../sandbox/paypal/standin.ts')).createPaypalStandIn();
  // The stand-ins' messages are read through the forms stand-in's routes, so they stay while the mail stand-in is on too.
  const formsStandIn =
    config.formMailUrl && config.formSubmitUrl && config.mailUrl ? null : await (await import('../sandbox/forms.ts')).startFormsStandIn(db.db);
  const mail = config.mailUrl ? httpMailer(config.mailUrl) : await (await import('../sandbox/mail.ts')).startMailStandIn(db.db);
  const paypal = paypalStandIn
    ? paypalClient({ baseUrl: 'http://paypal.standin', clientId: 'standin', clientSecret: 'standin', timeoutMs, fetch: paypalStandIn.fetch })
    : paypalClient({ baseUrl: realBase!, clientId: clientId!, clientSecret: clientSecret!, timeoutMs });
  const catalogueAnswer = catalogueAnswers(catalogue, { ...commonHeaders(config), 'content-security-policy': API_POLICY });
  return {
    config,
    db,
    catalogue,
    catalogueAnswer,
    userCache,
    verify: tokenVerifier(config, tokens),
    tokens,
    limiter: new RateLimiter(db),
    replay: new ReplayPool(),
    paypal,
    paypalStandIn,
    formsStandIn,
    mail,
  };
}
