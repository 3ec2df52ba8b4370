import { resolve } from 'node:path';

/** Everything the server reads from the environment, in one place, with the local defaults. */
export interface Config {
  production: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorHost: string | null;
  simulatorUrl: string;
  /** The desktop simulator's custom-protocol scheme. */
  launchScheme: string;
  /** Signs launch tokens; every instance sharing a database must share it. */
  launchSecret: string;
  seedDemo: boolean;
  /** The product name PayPal orders and subscriptions are labelled with. */
  productName: string;
  /** Real PayPal when both credentials are set; otherwise the local stand-in in src/sandbox/paypal. */
  paypal: { clientId: string | null; clientSecret: string | null; env: 'sandbox' | 'live'; timeoutMs: number };
}

/** True when the server talks to the real PayPal; false means the local stand-in (test payments). */
export const realPaypal = (config: Pick<Config, 'paypal'>): boolean => Boolean(config.paypal.clientId && config.paypal.clientSecret);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const projectId = env.FIREBASE_PROJECT_ID ?? (production ? '' : 'demo-fetal-surgery');
  const config: Config = {
    production,
    port: Number(env.PORT ?? 4321),
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? (production ? '' : 'demo-api-key'),
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
    },
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || null,
    simulatorUrl: env.SIMULATOR_URL ?? '/simulator',
    launchScheme: env.LAUNCH_SCHEME ?? 'fetalsurgerysim',
    launchSecret: env.LAUNCH_SECRET ?? (production ? '' : 'local-development-launch-secret'),
    seedDemo: !production,
    productName: env.PRODUCT_NAME || 'Fetal Surgery Academy',
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || null,
      clientSecret: env.PAYPAL_CLIENT_SECRET || null,
      env: env.PAYPAL_ENV === 'live' ? 'live' : 'sandbox',
      timeoutMs: Number(env.PAYPAL_TIMEOUT_MS ?? 15_000),
    },
  };
  if (env.PAYPAL_ENV && env.PAYPAL_ENV !== 'sandbox' && env.PAYPAL_ENV !== 'live') {
    throw new Error(`PAYPAL_ENV must be sandbox or live, not ${env.PAYPAL_ENV}`);
  }
  if (Boolean(config.paypal.clientId) !== Boolean(config.paypal.clientSecret)) {
    throw new Error('Set both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or neither (the local PayPal stand-in)');
  }
  assertSafe(config);
  return config;
}

/** Refuses configurations that must never run in production. */
function assertSafe(config: Config): void {
  if (!config.production) return;
  const missing: string[] = [];
  if (!config.firebase.projectId) missing.push('FIREBASE_PROJECT_ID');
  if (!config.firebase.apiKey) missing.push('FIREBASE_API_KEY');
  if (config.launchSecret.length < 32) missing.push('LAUNCH_SECRET (32 characters or more)');
  if (!config.paypal.clientId) missing.push('PAYPAL_CLIENT_ID');
  if (!config.paypal.clientSecret) missing.push('PAYPAL_CLIENT_SECRET');
  if (missing.length) throw new Error(`Refusing to start in production: missing ${missing.join(', ')}`);
  if (config.authEmulatorHost) {
    throw new Error('Refusing to start in production with FIREBASE_AUTH_EMULATOR_HOST set (unsigned tokens would be accepted)');
  }
}

/** Where `astro build` writes the site (DIST_DIR, default ./dist), read by the build and by the server. */
export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(import.meta.dirname, '../..', env.DIST_DIR ?? 'dist');
}
