import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Route } from '@playwright/test';
import { e2e } from '../../playwright.config.ts';
import { Catalogue } from '../../src/server/courses/catalogue.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedCatalogue } from '../../src/server/seed/seed.ts';
import { expect, test as guarded } from '../e2e/fixtures.ts';
import { startFormsFake, startGoogleFake, startPaypalFake, type FormsFake, type GoogleFake, type PaypalFake } from './fakes.ts';

/** The built server in production mode and the fakes of the services it talks to. */
export interface Production {
  site: string;
  projectId: string;
  google: GoogleFake;
  paypal: PaypalFake;
  forms: FormsFake;
  formAccessKey: string;
}

const root = join(import.meta.dirname, '../..');
const PROJECT_ID = 'fsa-production-journeys';
const API_KEY = 'AIzaSyProductionJourneysKey';
const PAYPAL = { id: 'production-journeys-client', secret: randomBytes(24).toString('base64url') };

async function stopped(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

/** Starts the fakes, gives the database its catalogue (production creates no demo data), and starts `npm run serve` with NODE_ENV=production. */
async function startProduction(): Promise<Production & { stop(): Promise<void> }> {
  const site = e2e.productionURL;
  const answers = () =>
    fetch(`${site}/api/config`).then(
      (r) => r.ok,
      () => false,
    );
  // Something else answering there would be tested in our server's place.
  if (await answers()) throw new Error(`${site} is already taken: move E2E_PORT`);
  const [google, paypal, forms] = await Promise.all([startGoogleFake(PROJECT_ID, API_KEY), startPaypalFake(PAYPAL.id, PAYPAL.secret), startFormsFake()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'fsa-production-'));
  const database = await openDatabase(null, join(dataDir, 'pglite'));
  await seedCatalogue({ db: database, catalogue: new Catalogue(database) });
  await database.close();

  const formAccessKey = randomBytes(12).toString('hex');
  // Only what a production host would set: nothing of the test runner's environment (RATE_LIMIT_SCALE, the emulator) leaks in.
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: new URL(site).port,
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_API_KEY: API_KEY,
    FIREBASE_KEYS_URL: google.keysUrl,
    LAUNCH_SECRET: randomBytes(32).toString('base64url'),
    PAYPAL_CLIENT_ID: PAYPAL.id,
    PAYPAL_CLIENT_SECRET: PAYPAL.secret,
    PAYPAL_ENV: 'sandbox',
    PAYPAL_API_URL: paypal.url,
    FORM_MAIL_URL: `${forms.url}/f/contact-form-id`,
    FORM_SUBMIT_URL: `${forms.url}/submit`,
    FORM_ACCESS_KEY: formAccessKey,
    // The production server's own mail goes to a real service too (the forms fake stands in for it; no journey sends any).
    MAIL_URL: `${forms.url}/mail`,
    CHAT_NUMBER: '15550001111',
    SITE_URL: e2e.productionURL,
  };
  const server = spawn(process.execPath, [join(root, 'src/server/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`The production server exited with ${code}`))));
  exited.catch(() => {});
  const stop = async () => {
    await stopped(server);
    await Promise.all([google.close(), paypal.close(), forms.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const ready = (async () => {
    while (!(await answers())) await new Promise((resolve) => setTimeout(resolve, 200));
  })();
  await Promise.race([ready, exited]).catch(async (err: unknown) => {
    await stop();
    throw err;
  });
  return { site, projectId: PROJECT_ID, google, paypal, forms, formAccessKey, stop };
}

/** Answers a browser request from a fake: the same method, headers and body, sent to `target`, answered with CORS for the page's origin. */
async function forward(route: Route, target: string): Promise<void> {
  const origin = await route.request().headerValue('origin');
  const response = await route.fetch({ url: target, maxRedirects: 0 });
  await route.fulfill({ response, headers: { ...response.headers(), ...(origin ? { 'access-control-allow-origin': origin } : {}) } });
}

/**
 * The browser's requests to Google's and PayPal's hosts go to the fakes, so the pages keep the policy production
 * sends (the real hosts) while nothing leaves the machine.
 */
async function routeToFakes(context: BrowserContext, production: Production): Promise<void> {
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(googleapis\.com|google\.com|firebaseapp\.com)\//, (route) => {
    const url = new URL(route.request().url());
    return forward(route, `${production.google.url}/${url.host}${url.pathname}${url.search}`);
  });
  await context.route(/^https:\/\/([a-z0-9-]+\.)*(paypal\.com|paypalobjects\.com)\//, (route) => {
    const url = new URL(route.request().url());
    return forward(route, `${production.paypal.url}${url.pathname}${url.search}`);
  });
}

export const test = guarded.extend<{ fakeRoutes: void }, { production: Production }>({
  production: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from this pattern: none.
    async ({}, use) => {
      const production = await startProduction();
      try {
        await use(production);
      } finally {
        await production.stop();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  fakeRoutes: [
    async ({ context, production }, use) => {
      await routeToFakes(context, production);
      await use();
      // A request still being forwarded when the journey ends (the PayPal window's, Firebase's token refresh) is dropped
      // rather than waited for: tearing the context down twice outlasted the test timeout after every check had passed.
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    },
    { auto: true },
  ],
});

export { expect };
