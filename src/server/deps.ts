import type { VerifyToken } from './auth.ts';
import type { Catalogue } from './catalogue.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { RateLimiter } from './rate-limit.ts';

/** What the API needs from the outside world; tests build it with an in-memory database. */
export interface Deps {
  config: Config;
  db: Database;
  verify: VerifyToken;
  catalogue: Catalogue;
  limiter: RateLimiter;
}
