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
    formMailUrl: env.FORM_MAIL_URL || null,
    formSubmitUrl: env.FORM_SUBMIT_URL || null,
    formAccessKey: env.FORM_ACCESS_KEY ?? (production ? '' : 'local-sandbox-key'),
    promoVideoUrl: env.PROMO_VIDEO_URL ?? '/media/promo.webm',
    chatNumber: (env.CHAT_NUMBER ?? (production ? '' : '34600000000')).replace(/\D/g, ''),
  };
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
  if (!config.formMailUrl) missing.push('FORM_MAIL_URL');
  if (!config.formSubmitUrl) missing.push('FORM_SUBMIT_URL');
  if (!config.formAccessKey) missing.push('FORM_ACCESS_KEY');
  if (!config.chatNumber) missing.push('CHAT_NUMBER');
  if (missing.length) throw new Error(`Refusing to start in production: missing ${missing.join(', ')}`);
  if (config.authEmulatorHost) {
    throw new Error('Refusing to start in production with FIREBASE_AUTH_EMULATOR_HOST set (unsigned tokens would be accepted)');
  }
}

/** Where `astro build` writes the site (DIST_DIR, default ./dist), read by the build and by the server. */
export function distDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(import.meta.dirname, '../..', env.DIST_DIR ?? 'dist');
}
