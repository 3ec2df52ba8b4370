import { resolve } from 'node:path';
import { PRODUCT_NAME } from '../domain/product.ts';

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
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Origins allowed to call /api from another site (CORS); our own origin never needs it. */
  corsOrigins: string[];
  /** Multiplies every rate limit (browser journeys create many accounts from one address). */
  rateLimitScale: number;
  /** The product name PayPal orders and subscriptions are labelled with. */
  productName: string;
  /** Real PayPal when both credentials are set; otherwise the local stand-in in src/sandbox/paypal. */
  paypal: { clientId: string | null; clientSecret: string | null; env: 'sandbox' | 'live'; timeoutMs: number };
  /** The home contact form's form-mail service; null: the local stand-in (src/sandbox). */
  formMailUrl: string | null;
  /** The support form's form-submission service; null: the local stand-in. */
  formSubmitUrl: string | null;
  /** The access key the support form sends with each message. */
  formAccessKey: string;
  /** The hero's promo video. */
  promoVideoUrl: string;
  /** The floating chat button's messaging number (international, digits only). */
  chatNumber: string;
}

/** A configuration the server will not run with; its message says what to set, so it is printed without a stack. */
export class ConfigError extends Error {}

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
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    rateLimitScale: Math.max(1, Number(env.RATE_LIMIT_SCALE ?? 1) || 1),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    productName: env.PRODUCT_NAME || PRODUCT_NAME,
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || null,
      clientSecret: env.PAYPAL_CLIENT_SECRET || null,
      env: env.PAYPAL_ENV === 'live' ? 'live' : 'sandbox',
      timeoutMs: Number(env.PAYPAL_TIMEOUT_MS ?? 15_000),
    },
    formMailUrl: env.FORM_MAIL_URL || null,
    formSubmitUrl: env.FORM_SUBMIT_URL || null,
    formAccessKey: env.FORM_ACCESS_KEY ?? (production ? '' : 'local-sandbox-key'),
    promoVideoUrl: env.PROMO_VIDEO_URL ?? '/media/promo.webm',
    chatNumber: (env.CHAT_NUMBER ?? (production ? '' : '34600000000')).replace(/\D/g, ''),
  };
  if (env.PAYPAL_ENV && env.PAYPAL_ENV !== 'sandbox' && env.PAYPAL_ENV !== 'live') {
    throw new ConfigError(`PAYPAL_ENV must be sandbox or live, not ${env.PAYPAL_ENV}`);
  }
  if (Boolean(config.paypal.clientId) !== Boolean(config.paypal.clientSecret)) {
    throw new ConfigError('Set both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or neither (the local PayPal stand-in)');
  }
  assertSafe(config);
  return config;
}

/** Refuses configurations that must never run in production. */
function assertSafe(config: Config): void {
  if (!config.production) return;
  const problems: string[] = [];
  if (!config.firebase.projectId) problems.push('FIREBASE_PROJECT_ID is missing');
  if (!config.firebase.apiKey) problems.push('FIREBASE_API_KEY is missing');
  if (config.launchSecret.length < 32) problems.push('LAUNCH_SECRET is missing or shorter than 32 characters');
  if (!config.paypal.clientId) problems.push('PAYPAL_CLIENT_ID is missing');
  if (!config.paypal.clientSecret) problems.push('PAYPAL_CLIENT_SECRET is missing');
  if (!config.formMailUrl) problems.push('FORM_MAIL_URL is missing');
  if (!config.formSubmitUrl) problems.push('FORM_SUBMIT_URL is missing');
  if (!config.formAccessKey) problems.push('FORM_ACCESS_KEY is missing');
  if (!config.chatNumber) problems.push('CHAT_NUMBER is missing');
  if (config.authEmulatorHost) problems.push('FIREBASE_AUTH_EMULATOR_HOST is set (unsigned tokens would be accepted)');
  if (problems.length) throw new ConfigError(`Refusing to start in production: ${problems.join('; ')}`);
}

/** Where `astro build` writes the site (DIST_DIR, default ./dist), read by the build and by the server. */
export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(import.meta.dirname, '../..', env.DIST_DIR ?? 'dist');
}
