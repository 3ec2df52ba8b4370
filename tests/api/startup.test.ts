import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from './support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fsa-startup-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the real server process as `npm run serve` would, and returns how it ended. */
function serve(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../src/server/main.ts')], {
    env: { ...process.env, PORT: '4799', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
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
