import type { Caller, VerifyToken } from './access/token.ts';
import type { TokenMemory } from './access/token-memory.ts';
import type { Catalogue, CatalogueAnswers } from './courses/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { RateLimiter } from './http/rate-counters.ts';
import type { ReplayPool } from './attempts/index.ts';
import type { UserCache } from './users/index.ts';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { PaypalStandIn } from '../sandbox/paypal/standin.ts';
import type { PaypalClient } from './payments/index.ts';
import type { Mailer } from './mail/index.ts';

/** What the API needs from the outside world; tests build it with an in-memory database. */
export interface Deps {
  config: Config;
  db: Database;
  verify: VerifyToken;
  /** The tokens `verify` has checked, remembered until they expire or their account's row changes. */
  tokens: TokenMemory<Caller>;
  catalogue: Catalogue;
  /** The catalogue's answers, bytes and headers made once per value (`GET /api/courses`). */
  catalogueAnswer: CatalogueAnswers;
  /** The users' own records, served from memory. */
  userCache: UserCache;
  limiter: RateLimiter;
  /** Scores attempts off the main thread. */
  replay: ReplayPool;
  paypal: PaypalClient;
  /** The local PayPal stand-in, when no PayPal credentials are set (null with real PayPal). */
  paypalStandIn: PaypalStandIn | null;
  /**
   * The local form-mail and form-submission stand-ins' routes, when either service is not configured (null when both
   * are); typed as any sub-app, as the stand-ins' own type would bring the request context back here.
   */
  formsStandIn: OpenAPIHono<any, any, any> | null;
  /** The server's own mail: the service at MAIL_URL, or the local stand-in that keeps it for an administrator to read. */
  mail: Mailer;
}
