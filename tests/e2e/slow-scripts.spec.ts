import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axe, newAccount, oobCodes, slowScripts, uniqueEmail } from './helpers.ts';

/** The site's scripts a page asks for from now on, by file name. */
function scriptsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') asked.push(new URL(r.url()).pathname.split('/').pop() ?? '');
  });
  return asked;
}

/** Types like a person (key by key) into a field found by its label. */
async function type(page: Page, label: string, text: string, exact = false) {
  const field = page.getByLabel(label, { exact });
  await field.click();
  await field.pressSequentially(text);
}

test('sign-up typed and submitted before its script came creates the account; the home page then shows the signed-in menu', async ({ page }) => {
  const release = await slowScripts(page);
  const email = uniqueEmail('early-signup');
  // The page's module scripts hold its load event back: the person starts once its HTML is there.
  await page.goto('/signup', { waitUntil: 'commit' });
  await type(page, 'Name', 'Elena', true);
  await type(page, 'Last name', 'Early');
  await type(page, 'Email', email);
  await type(page, 'Password', 'early-secret', true);
  await type(page, 'Repeat password', 'early-secret');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Held for the script (the button shows it is waiting), not sent as a native request with the password in the address.
  await expect(page.locator('form[data-early-submit="asked"]')).toHaveCount(1);
  expect(new URL(page.url()).search).toBe('');
  release();
  await expect(page).toHaveURL(/\/learning$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Signed in, the home page's header hydrates its session menu: My learning, the account and Logout.
  await page.goto('/');
  const header = page.locator('.site-header');
  await expect(header.getByRole('link', { name: 'My learning' })).toHaveAttribute('href', '/learning');
  await expect(header.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toBeHidden();
  await axe(page);

  // Signed out again, the next page shows Login from its own HTML without loading the session menu's script.
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  const asked = scriptsAsked(page);
  await page.goto('/news');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((file) => /^(SessionMenu|client)\./.test(file))).toEqual([]);
});

test('a first visit shows Login in the header at once and loads neither React nor the Firebase SDK for it', async ({ page }) => {
  (await slowScripts(page))();
  const asked = scriptsAsked(page);
  await page.goto('/');
  const login = page.locator('.site-header').getByRole('link', { name: 'Login' });
  await expect(login).toBeVisible({ timeout: 1000 });
  await expect(login).toHaveAttribute('href', '/login');
  await page.waitForLoadState('networkidle');
  expect(asked.filter((file) => /^(SessionMenu|client|session|index\.esm)\./.test(file))).toEqual([]);
  await axe(page);
});

test('the password reset form sends to the address typed and submitted before its script came', async ({ page, request }) => {
  const release = await slowScripts(page);
  const who = await newAccount(request, 'early-reset', { name: 'Rosa Reset' });
  await page.goto('/reset-password', { waitUntil: 'commit' });
  await type(page, 'Email', who.email);
  await page.keyboard.press('Enter');
  await expect(page.locator('form[data-early-submit="asked"]')).toHaveCount(1);
  release();
  await expect(page.getByRole('status')).toContainText('reset link', { timeout: 20_000 });
  expect((await oobCodes(who.email)).map((c) => c.requestType)).toEqual(['PASSWORD_RESET']);
});
