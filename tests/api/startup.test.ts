import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { PRODUCTION_ENV } from './support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server process as `npm run serve` would (as `user`, when given), and returns how it ended. */
function serve(env: Record<string, string>, user: { uid: number; gid: number } | object = {}): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../src/server/main.ts')], {
    env: { ...process.env, PORT: '4799', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...user,
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('starting the server in production', () => {
  it('refuses a database it cannot reach, naming it without its password', async () => {
    const { code, stderr } = await serve({ ...PRODUCTION_ENV, DATABASE_URL: 'postgres://academy:hunter2@127.0.0.1:1/academy' });
    expect(code).toBe(1);
    expect(stderr).toContain('Refusing to start: the database postgres://academy@127.0.0.1:1/academy (DATABASE_URL) cannot be reached');
    expect(stderr).not.toContain('hunter2');
  }, 30_000);

  it('names every missing setting in one message, without a stack trace', async () => {
    const { code, stderr } = await serve({ ...PRODUCTION_ENV, FIREBASE_PROJECT_ID: '', PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Refusing to start in production: FIREBASE_PROJECT_ID is missing; PAYPAL_CLIENT_ID is missing; PAYPAL_CLIENT_SECRET is missing');
  }, 30_000);
});

describe('starting the server on a data folder it cannot write', () => {
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
