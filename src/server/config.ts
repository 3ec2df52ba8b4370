import * as sandboxRoutes from '../api/sandbox.ts';
import { API_BASE } from '../api/paths.ts';
import { isIP } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRODUCT_NAME } from '../domain/product.ts';

/** Everything the server reads from the environment, in one place, with the local defaults. */
export interface Config {
  /** Anything but the local mode (NODE_ENV development, test or unset): every production setting is required. */
  production: boolean;
  port: number;
  /** The interface the server listens on: 127.0.0.1 in development (it accepts the emulator's unsigned tokens), every interface in production. */
  host: string | undefined;
  dataDir: string;
  databaseUrl: string | null;
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorHost: string | null;
  /** Where the public keys that sign Firebase ID tokens are published (a JWKS); Google's unless FIREBASE_KEYS_URL says otherwise. */
  firebaseKeysUrl: string;
  simulatorUrl: string;
  /** The desktop simulator's custom-protocol scheme. */
  launchScheme: string;
  /** Signs launch tokens; every instance sharing a database must share it. */
  launchSecret: string;
  seedDemo: boolean;
  /** Behind reverse proxies: which X-Forwarded-For hops are ours (a count from the right, or the proxies' ranges); null: none. */
  trustProxy: TrustProxy | null;
  /** Origins allowed to call /api from another site (CORS); our own origin never needs it. */
  corsOrigins: string[];
  /** Multiplies every rate limit (browser journeys create many accounts from one address). */
  rateLimitScale: number;
  /** The product name PayPal orders and subscriptions are labelled with. */
  productName: string;
  /** Who receipts name as the seller (SELLER_NAME, default the product name; SELLER_ADDRESS and SELLER_TAX_ID, default none). */
  seller: { name: string; address: string; taxId: string };
  /** Real PayPal when both credentials are set; otherwise the local stand-in in src/sandbox/paypal. */
  paypal: { clientId: string | null; clientSecret: string | null; env: 'sandbox' | 'live'; timeoutMs: number; apiUrl: string };
  /** The home contact form's form-mail service; null: the local stand-in (src/sandbox). */
  formMailUrl: string | null;
  /** The support form's form-submission service; null: the local stand-in. */
  formSubmitUrl: string | null;
  /** The access key the support form sends with each message. */
  formAccessKey: string;
  /** The mail service the server's own mail (group invitations) is POSTed to; null: the local stand-in (src/sandbox/mail.ts). */
  mailUrl: string | null;
  /** The hero's promo video. */
  promoVideoUrl: string;
  /** The floating chat button's messaging number (international, digits only). */
  chatNumber: string;
  /** The site's public address (SITE_URL, required in production): our origin for the same-origin check, and addresses printed where no request may tell it (certificates); null locally. */
  siteUrl: string | null;
}

/** The proxies in front of the server: how many hops, or which addresses (IPs, CIDR ranges, `loopback`, `private`). */
export type TrustProxy = { hops: number } | { ranges: string[] };

/** Named ranges TRUST_PROXY may use, as Express names them. */
export const PROXY_RANGE_NAMES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** TRUST_PROXY: unset, 0 or false (no proxy), a hop count (true = 1), or a comma-separated list of proxy addresses and ranges. */
function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === '0' || raw === 'false') return null;
  if (raw === 'true') return { hops: 1 };
  if (/^\d+$/.test(raw)) return { hops: Number(raw) };
  const ranges = raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const bad = ranges.filter((r) => !PROXY_RANGE_NAMES[r] && !validRange(r));
  if (bad.length) {
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or a list of proxy addresses and CIDR ranges (or loopback, linklocal, private), not: ${bad.join(', ')}`,
    );
  }
  return { ranges: ranges.flatMap((r) => PROXY_RANGE_NAMES[r] ?? [r]) };
}

function validRange(range: string): boolean {
  const [address = '', bits, ...rest] = range.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/** A configuration the server will not run with; its message says what to set, so it is printed without a stack. */
export class ConfigError extends Error {}

/** Google's key set for Firebase ID tokens. */
export const GOOGLE_KEYS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** PayPal's REST API for each PAYPAL_ENV. */
export const PAYPAL_API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** The NODE_ENV values of the local mode (the Auth emulator, a default launch secret, the stand-ins, demo data); unset, as `npm start` runs, is local too. */
export const LOCAL_NODE_ENVS: readonly string[] = ['development', 'test'];

/** Where the local PayPal stand-in (REST paths and JS SDK) is served, under /api, when no PayPal credentials are set. */
export const PAYPAL_STANDIN_PATH = '/sandbox/paypal';

/** Where the local form stand-ins listen; /api/config hands these to the browser when no real service is configured. */
export const SANDBOX_PATHS = { formmail: `${API_BASE}${sandboxRoutes.formmail.path}`, forms: `${API_BASE}${sandboxRoutes.forms.path}` } as const;

/** True when the server talks to the real PayPal; false means the local stand-in (test payments). */
export const realPaypal = (config: Pick<Config, 'paypal'>): boolean => Boolean(config.paypal.clientId && config.paypal.clientSecret);

/** Whether payments are test payments (the local stand-in, or PayPal's sandbox): the pricing page says so. */
export const testPayments = (config: Pick<Config, 'paypal'>): boolean => !realPaypal(config) || config.paypal.env !== 'live';

/** Hosts on this machine: an http address there never crosses a network. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = Boolean(env.NODE_ENV) && !LOCAL_NODE_ENVS.includes(env.NODE_ENV!);
  const paypalEnv = env.PAYPAL_ENV === 'live' ? 'live' : 'sandbox';
  const projectId = env.FIREBASE_PROJECT_ID ?? (production ? '' : 'demo-fetal-surgery');
  const config: Config = {
    production,
    port: Number(env.PORT ?? 4321),
    host: env.HOST || (production ? undefined : '127.0.0.1'),
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || null,
    firebase: {
      apiKey: env.FIREBASE_API_KEY ?? (production ? '' : 'demo-api-key'),
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
    },
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST || null,
    firebaseKeysUrl: env.FIREBASE_KEYS_URL || GOOGLE_KEYS_URL,
    simulatorUrl: env.SIMULATOR_URL ?? '/simulator',
    launchScheme: env.LAUNCH_SCHEME ?? 'fetalsurgerysim',
    launchSecret: env.LAUNCH_SECRET ?? (production ? '' : 'local-development-launch-secret'),
    seedDemo: !production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitScale: Math.max(1, Number(env.RATE_LIMIT_SCALE ?? 1) || 1),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    productName: env.PRODUCT_NAME || PRODUCT_NAME,
    seller: {
      name: env.SELLER_NAME?.trim() || env.PRODUCT_NAME || PRODUCT_NAME,
      address: env.SELLER_ADDRESS?.trim() ?? '',
      taxId: env.SELLER_TAX_ID?.trim() ?? '',
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || null,
      clientSecret: env.PAYPAL_CLIENT_SECRET || null,
      env: paypalEnv,
      timeoutMs: Number(env.PAYPAL_TIMEOUT_MS ?? 15_000),
      apiUrl: (env.PAYPAL_API_URL || PAYPAL_API[paypalEnv]).replace(/\/+$/, ''),
    },
    formMailUrl: env.FORM_MAIL_URL || null,
    formSubmitUrl: env.FORM_SUBMIT_URL || null,
    formAccessKey: env.FORM_ACCESS_KEY ?? (production ? '' : 'local-sandbox-key'),
    mailUrl: env.MAIL_URL || null,
    promoVideoUrl: env.PROMO_VIDEO_URL ?? '/media/promo.webm',
    chatNumber: (env.CHAT_NUMBER ?? (production ? '' : '34600000000')).replace(/\D/g, ''),
    siteUrl: env.SITE_URL ? env.SITE_URL.replace(/\/+$/, '') : null,
  };
  if (env.PAYPAL_ENV && env.PAYPAL_ENV !== 'sandbox' && env.PAYPAL_ENV !== 'live') {
    throw new ConfigError(`PAYPAL_ENV must be sandbox or live, not ${env.PAYPAL_ENV}`);
  }
  const addresses = [
    ['FORM_MAIL_URL', config.formMailUrl],
    ['FORM_SUBMIT_URL', config.formSubmitUrl],
    ['MAIL_URL', config.mailUrl],
    ['FIREBASE_KEYS_URL', config.firebaseKeysUrl],
    ['PAYPAL_API_URL', config.paypal.apiUrl],
    ['SITE_URL', config.siteUrl],
  ] as const;
  for (const [name, url] of addresses) {
    // The server or the browser calls it (and the page's policy allows a form service's origin), so it must be an absolute web address.
    const parsed = url === null ? null : URL.parse(url);
    if (url !== null && !/^https?:$/.test(parsed?.protocol ?? '')) throw new ConfigError(`${name} must be an absolute http(s) URL, not ${url}`);
    // In production the signing keys, PayPal's tokens and the messages travel to it: plain HTTP only where no network is crossed.
    if (production && parsed?.protocol === 'http:' && !LOOPBACK.has(parsed.hostname))
      throw new ConfigError(`${name} must be an https URL in production, not ${url}`);
  }
  if (Boolean(config.paypal.clientId) !== Boolean(config.paypal.clientSecret)) {
    throw new ConfigError('Set both PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or neither (the local PayPal stand-in)');
  }
  assertSafe(config, env);
  return config;
}

/** Refuses configurations that must never run in production, whatever NODE_ENV named it. */
function assertSafe(config: Config, env: NodeJS.ProcessEnv): void {
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
  if (!config.siteUrl) problems.push('SITE_URL is missing');
  if (config.authEmulatorHost) problems.push('FIREBASE_AUTH_EMULATOR_HOST is set (unsigned tokens would be accepted)');
  if (env.RATE_LIMIT_SCALE) problems.push('RATE_LIMIT_SCALE is set (a test setting that loosens every rate limit)');
  if (!problems.length) return;
  const mode = env.NODE_ENV === 'production' ? '' : ` (NODE_ENV=${env.NODE_ENV} is not a local mode: ${LOCAL_NODE_ENVS.join(', ')} or unset)`;
  throw new ConfigError(`Refusing to start in production${mode}: ${problems.join('; ')}`);
}

/** PGlite keeps its files under DATA_DIR: refuses to start, naming the folder and the cause, when they cannot be written there. */
export function assertWritableDataDir(dataDir: string): void {
  const dir = join(dataDir, 'pglite');
  try {
    mkdirSync(dir, { recursive: true });
    const probe = join(dir, `.write-test-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    throw new ConfigError(
      `Refusing to start: the data folder ${dataDir} (DATA_DIR) cannot be written (${fileSystemCause(err)}). Give the server's user write access to it, or set DATA_DIR to a writable folder.`,
    );
  }
}

/** Why a file-system call failed, in words: the causes people meet by name, anything else as Node says it. */
export function fileSystemCause(err: unknown): string {
  const { code, message } = err as NodeJS.ErrnoException;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'read-only file system';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'ENOTDIR') return 'not a folder';
  return message;
}

/**
 * The one line a maintenance script prints when it fails: a ConfigError says what to set; a file-system error names
 * the path and the cause; anything else its message, never a stack trace.
 */
export function scriptFailure(err: unknown): string {
  if (err instanceof ConfigError) return err.message;
  const path = (err as NodeJS.ErrnoException | null)?.path;
  if (typeof path === 'string') return `${path}: ${fileSystemCause(err)}`;
  return err instanceof Error ? err.message : String(err);
}

/** Where `astro build` writes the site (DIST_DIR, default ./dist), read by the build and by the server. */
export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(import.meta.dirname, '../..', env.DIST_DIR ?? 'dist');
}

/**
 * Our own origin as a browser names it: SITE_URL's in production (behind a proxy the request cannot tell its own
 * scheme, and its Host is whatever the caller wrote), the local server's http address otherwise.
 */
export function siteOrigin(config: Pick<Config, 'siteUrl' | 'port'>): string {
  return config.siteUrl ? new URL(config.siteUrl).origin : `http://localhost:${config.port}`;
}

/** The names a local server answers to: a page that names another host for it (DNS rebinding) is not served. */
export function isLocalHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const parsed = URL.parse(`http://${hostHeader}`);
  return parsed !== null && LOOPBACK.has(parsed.hostname) && !/[@/\\?#]/.test(hostHeader);
}
