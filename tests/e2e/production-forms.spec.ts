import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

/**
 * The production server with real form-service addresses, on another origin than the site: the page's policy must
 * let the contact and support forms reach them. The services are played by a local stand-in that keeps what it gets.
 */
const SITE_PORT = Number(new URL(e2e.baseURL).port) + 1;
const FORMS_PORT = SITE_PORT + 1;
const site = `http://localhost:${SITE_PORT}`;
const received: Array<{ path: string; body: Record<string, string> }> = [];
let forms: Server;
let server: ChildProcess;
const dataDir = mkdtempSync(join(tmpdir(), 'fsa-prod-forms-'));

test.beforeAll(async () => {
  forms = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', site);
    res.setHeader('access-control-allow-headers', 'content-type, accept');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body) as Record<string, string> });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, message: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => forms.listen(FORMS_PORT, '127.0.0.1', resolve));
  server = spawn(process.execPath, [join(import.meta.dirname, '../../src/server/main.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(SITE_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
      FIREBASE_PROJECT_ID: 'demo-fetal-surgery',
      FIREBASE_API_KEY: 'production-test-key',
      LAUNCH_SECRET: 'l'.repeat(40),
      PAYPAL_CLIENT_ID: 'production-test-id',
      PAYPAL_CLIENT_SECRET: 'production-test-secret',
      FORM_MAIL_URL: `http://127.0.0.1:${FORMS_PORT}/mail/f/abc123`,
      FORM_SUBMIT_URL: `http://127.0.0.1:${FORMS_PORT}/submit`,
      FORM_ACCESS_KEY: 'production-access-key',
      CHAT_NUMBER: '15550001111',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (await fetch(`${site}/api/config`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The production server did not start');
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server.exitCode !== null ? resolve() : (server.once('exit', () => resolve()), server.kill('SIGTERM'))));
  await new Promise<void>((resolve) => forms.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

test('in production the home contact form and the support form reach the configured services', async ({ page }) => {
  const policy = (await page.goto(`${site}/`))!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(new RegExp(`connect-src [^;]*http://127\\.0\\.0\\.1:${FORMS_PORT}`));
  const contact = page.locator('#contact');
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByRole('button', { name: 'Send' })).toBeEnabled();
  await contact.getByLabel('Full name').fill('Ana Prod');
  await contact.getByLabel('Email').fill('ana@example.com');
  await contact.getByLabel('Your question').fill('Does the form reach the service?');
  await contact.getByRole('button', { name: 'Send' }).click();
  await expect(contact.getByRole('status')).toHaveText('Thank you! Your message was sent; we will answer soon.');

  await page.goto(`${site}/support`);
  await expect(page.getByRole('button', { name: 'Send to support' })).toBeEnabled();
  await page.getByLabel('Full name').fill('Ana Prod');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Your question').fill('And the support one?');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByRole('status')).toHaveText('Your message was sent.');

  expect(received).toEqual([
    { path: '/mail/f/abc123', body: { Nombre: 'Ana Prod', Email: 'ana@example.com', Pregunta: 'Does the form reach the service?' } },
    { path: '/submit', body: expect.objectContaining({ Nombre: 'Ana Prod', Pregunta: 'And the support one?', access_key: 'production-access-key' }) },
  ]);
});
