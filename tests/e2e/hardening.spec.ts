import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Page } from '@playwright/test';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, formReady, LEARNER, login, uniqueEmail } from './helpers.ts';

/** Any page of evil.example answers this, so a journey that ends there can be seen to have ended there. */
async function trapEvil(page: Page) {
  await page.route(/^https?:\/\/evil\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }));
}

const BYPASSES = [
  '/%5Cevil.example/',
  '/%09/evil.example/',
  '%2F%2Fevil.example/',
  '//evil.example/',
  'https://evil.example/',
  '/%0A/evil.example/',
  '/%5C%5Cevil.example/',
  // Dot segments that the browser's URL parser normalises into //evil.example.
  '/.//evil.example/phish',
  '/%2e%2e//evil.example/phish',
];

test('signing in with a ?next= that leads off the site ends on My learning', async ({ page }) => {
  await trapEvil(page);
  await page.goto(`/login?next=${BYPASSES[0]}`);
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(LEARNER.email);
  await page.getByLabel('Password').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(e2e.baseURL);
  await page.waitForURL((url) => url.pathname === '/learning');
});

test('a signed-in visitor sent to login or sign-up with a hostile ?next= stays on the site, and a path of ours is followed', async ({ page }) => {
  await trapEvil(page);
  await login(page, LEARNER);
  for (const next of BYPASSES) {
    for (const form of ['/login', '/signup']) {
      await page.goto(`${form}?next=${next}`);
      await page.waitForURL((url) => url.pathname !== form);
      expect(new URL(page.url()).origin, `${form}?next=${next}`).toBe(e2e.baseURL);
    }
  }
  await page.goto('/login?next=%2Fpricing%3Fplan%3Dplan-complete');
  await page.waitForURL((url) => url.pathname === '/pricing');
  expect(new URL(page.url()).search).toBe('?plan=plan-complete');
});

test('a name typed with a right-to-left override is shown to the admin as typed, not reversed', async ({ page, browser }) => {
  const email = uniqueEmail('bidi');
  await page.goto('/signup');
  await formReady(page, 'Sign up');
  await page.getByLabel('Name', { exact: true }).fill('Eve \u202Enimda');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('Phone').fill('\u2067+1 555 0100\u2069');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Repeat password').fill('secret1');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  const admin = await browser.newPage();
  await login(admin, ADMIN);
  await admin.goto('/admin-users');
  await admin.getByLabel('Email or user id').fill(email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const facts = admin.locator('.user-facts');
  await expect(facts.locator('dt', { hasText: 'Name' }).locator('+ dd')).toHaveText('Eve nimda Doe', { useInnerText: true });
  expect(await facts.locator('dt', { hasText: 'Name' }).locator('+ dd').textContent()).toBe('Eve nimda Doe');
  expect(await facts.locator('dt', { hasText: 'Phone' }).locator('+ dd').textContent()).toBe('+1 555 0100');
  await admin.close();
});

test('the development server, which accepts unsigned emulator tokens, cannot be reached from the network', async () => {
  const port = Number(new URL(e2e.baseURL).port);
  const reachable = (host: string) =>
    new Promise<boolean>((resolve) => {
      const socket = connect({ host, port, timeout: 3000 });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
    });
  expect(await reachable('127.0.0.1')).toBe(true);
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal && i.family === 'IPv4');
  for (const address of external) expect(await reachable(address!.address), address!.address).toBe(false);
});

test('the development server answers only to its local names, so a rebound name in a page elsewhere reaches nothing', async ({ request }) => {
  for (const host of ['rebind.evil:4621', `evil.example:${new URL(e2e.baseURL).port}`]) {
    expect((await request.get('/api/audit', { headers: { host } })).status(), host).toBe(421);
    expect((await request.get('/', { headers: { host } })).status(), host).toBe(421);
  }
  expect((await request.get('/', { headers: { host: `127.0.0.1:${new URL(e2e.baseURL).port}` } })).status()).toBe(200);
  expect((await request.get('/api/courses', { headers: { host: `localhost:${new URL(e2e.baseURL).port}` } })).status()).toBe(200);
});
