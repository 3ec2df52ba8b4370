import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GOOGLE_KEYS_URL, loadConfig, PAYPAL_API } from '../../../src/server/config.ts';
import { startFailure, startServer } from '../../../src/server/main.ts';
import { PRODUCTION_ENV } from '../support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * What `npm run serve` prints on stderr for `env` when it refuses to start, found in this process by the functions
 * src/server/main.ts calls; null (after stopping it) when the server started.
 */
async function refusal(env: Record<string, string>): Promise<string | null> {
  try {
    const server = await startServer(loadConfig({ ...process.env, PORT: '4799', DATA_DIR: dataDir, ...env }));
    await server.stop();
    return null;
  } catch (err) {
    return startFailure(err);
  }
}

/** Starts the real server process as `npm run serve` would, as `user`, and returns how it ended. */
function serve(env: Record<string, string>, user: { uid: number; gid: number } | object): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../../src/server/main.ts')], {
    env: { ...process.env, PORT: '4799', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...user,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('starting the server in production', () => {
  it('refuses a database it cannot reach, naming it without its password', async () => {
    const stderr = await refusal({ ...PRODUCTION_ENV, DATABASE_URL: 'postgres://academy:hunter2@127.0.0.1:1/academy' });
    expect(stderr).toContain('Refusing to start: the database postgres://academy@127.0.0.1:1/academy (DATABASE_URL) cannot be reached');
    expect(stderr).not.toContain('hunter2');
  });

  it('names every missing setting in one message, without a stack trace', async () => {
    expect(await refusal({ ...PRODUCTION_ENV, FIREBASE_PROJECT_ID: '', PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' })).toBe(
      'Refusing to start in production: FIREBASE_PROJECT_ID is missing; PAYPAL_CLIENT_ID is missing; PAYPAL_CLIENT_SECRET is missing',
    );
  });
});

describe('the local mode and production', () => {
  const { NODE_ENV: _production, ...settings } = PRODUCTION_ENV;

  it('is local only for NODE_ENV development, test or unset', () => {
    for (const NODE_ENV of [undefined, '', 'development', 'test']) {
      const config = loadConfig({ NODE_ENV });
      expect({ NODE_ENV, production: config.production, launchSecret: config.launchSecret, seedDemo: config.seedDemo }).toEqual({
        NODE_ENV,
        production: false,
        launchSecret: 'local-development-launch-secret',
        seedDemo: true,
      });
    }
  });

  it('refuses a plain-http public address in production, except on this machine', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, SITE_URL: 'http://academy.example' })).toThrow('SITE_URL must be an https URL in production');
    expect(loadConfig({ ...PRODUCTION_ENV, SITE_URL: 'http://localhost:4412' }).siteUrl).toBe('http://localhost:4412');
  });

  it.each(['staging', 'prod', 'Production', 'dev'])('treats NODE_ENV=%s as production: no local defaults, every setting required', (NODE_ENV) => {
    expect(() => loadConfig({ NODE_ENV })).toThrow(
      `Refusing to start in production (NODE_ENV=${NODE_ENV} is not a local mode: development, test or unset): FIREBASE_PROJECT_ID is missing; FIREBASE_API_KEY is missing; LAUNCH_SECRET is missing or shorter than 32 characters; PAYPAL_CLIENT_ID is missing; PAYPAL_CLIENT_SECRET is missing; FORM_MAIL_URL is missing; FORM_SUBMIT_URL is missing; FORM_ACCESS_KEY is missing; CHAT_NUMBER is missing; SITE_URL is missing`,
    );
    const config = loadConfig({ ...settings, NODE_ENV });
    expect({ production: config.production, seedDemo: config.seedDemo, host: config.host }).toEqual({ production: true, seedDemo: false, host: undefined });
  });

  it.each([
    [
      'the Auth emulator (unsigned tokens)',
      { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      'FIREBASE_AUTH_EMULATOR_HOST is set (unsigned tokens would be accepted)',
    ],
    ['the local launch secret', { LAUNCH_SECRET: 'local-development-launch-secret' }, 'LAUNCH_SECRET is missing or shorter than 32 characters'],
    ['RATE_LIMIT_SCALE', { RATE_LIMIT_SCALE: '100' }, 'RATE_LIMIT_SCALE is set (a test setting that loosens every rate limit)'],
    ['RATE_LIMIT_SCALE, even at 1', { RATE_LIMIT_SCALE: '1' }, 'RATE_LIMIT_SCALE is set (a test setting that loosens every rate limit)'],
    [
      'the PayPal stand-in (no credentials)',
      { PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' },
      'PAYPAL_CLIENT_ID is missing; PAYPAL_CLIENT_SECRET is missing',
    ],
    ['the form stand-ins', { FORM_MAIL_URL: '', FORM_SUBMIT_URL: '' }, 'FORM_MAIL_URL is missing; FORM_SUBMIT_URL is missing'],
    ['no public address (the origin check and the certificates would have to trust the request)', { SITE_URL: '' }, 'SITE_URL is missing'],
  ])('refuses %s', (_label, change, problem) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...change })).toThrow(`Refusing to start in production: ${problem}`);
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...change, NODE_ENV: 'staging' })).toThrow(`: ${problem}`);
    expect(loadConfig({ ...PRODUCTION_ENV, ...change, NODE_ENV: 'development' }).production).toBe(false);
  });

  it('refuses a NODE_ENV that is not local as the server starts, naming what is missing', async () => {
    expect(await refusal({ ...PRODUCTION_ENV, NODE_ENV: 'staging', RATE_LIMIT_SCALE: '100' })).toBe(
      'Refusing to start in production (NODE_ENV=staging is not a local mode: development, test or unset): RATE_LIMIT_SCALE is set (a test setting that loosens every rate limit)',
    );
  });
});

describe('the external services', () => {
  it("are Google's keys and PayPal's REST API by default", () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.firebaseKeysUrl).toBe(GOOGLE_KEYS_URL);
    expect(config.paypal.apiUrl).toBe(PAYPAL_API.sandbox);
    expect(loadConfig({ ...PRODUCTION_ENV, PAYPAL_ENV: 'live' }).paypal.apiUrl).toBe('https://api-m.paypal.com');
  });

  it('can be moved by FIREBASE_KEYS_URL and PAYPAL_API_URL', () => {
    const config = loadConfig({ ...PRODUCTION_ENV, FIREBASE_KEYS_URL: 'http://127.0.0.1:9/keys', PAYPAL_API_URL: 'http://127.0.0.1:9/paypal/' });
    expect(config.firebaseKeysUrl).toBe('http://127.0.0.1:9/keys');
    expect(config.paypal.apiUrl).toBe('http://127.0.0.1:9/paypal');
  });

  it.each(['FIREBASE_KEYS_URL', 'PAYPAL_API_URL', 'FORM_MAIL_URL', 'FORM_SUBMIT_URL'])('refuses a %s that is not an absolute http(s) URL', (name) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, [name]: '/relative' })).toThrow(`${name} must be an absolute http(s) URL, not /relative`);
    expect(() => loadConfig({ [name]: 'ftp://example.org/x' })).toThrow(`${name} must be an absolute http(s) URL`);
  });

  it.each(['FIREBASE_KEYS_URL', 'PAYPAL_API_URL', 'FORM_MAIL_URL', 'FORM_SUBMIT_URL'])(
    'refuses a plain-http %s in production unless it stays on this machine',
    (name) => {
      expect(() => loadConfig({ ...PRODUCTION_ENV, [name]: 'http://keys.example.org/x' })).toThrow(
        `${name} must be an https URL in production, not http://keys.example.org/x`,
      );
      for (const host of ['localhost:9', '127.0.0.1:9', '[::1]:9']) expect(() => loadConfig({ ...PRODUCTION_ENV, [name]: `http://${host}/x` })).not.toThrow();
      expect(() => loadConfig({ [name]: 'http://keys.example.org/x' })).not.toThrow();
    },
  );
});

describe('starting the server on a data folder it cannot write', () => {
  // In a child process: the only way a test running as root meets a permission it lacks is a server running as nobody.
  it('refuses, naming the folder, the setting and the cause, without a stack trace', async () => {
    const readOnly = mkdtempSync(join(tmpdir(), 'fsa-readonly-'));
    chmodSync(readOnly, 0o555);
    // root writes through any mode: the server then runs as nobody.
    const user = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    try {
      const { code, stderr } = await serve({ DATA_DIR: readOnly, NODE_ENV: 'development', DATABASE_URL: '' }, user);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Refusing to start: the data folder ${readOnly} (DATA_DIR) cannot be written (permission denied). Give the server's user write access to it, or set DATA_DIR to a writable folder.`,
      );
    } finally {
      rmSync(readOnly, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('the interface the server listens on', () => {
  it('is 127.0.0.1 in development, where unsigned emulator tokens are accepted, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig(PRODUCTION_ENV).host).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION_ENV, HOST: '10.0.0.4' }).host).toBe('10.0.0.4');
  });
});
