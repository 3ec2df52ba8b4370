import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { formReady, slowScripts } from './helpers.ts';

// A slow connection: every island's script is held until the test has typed (helpers.ts slowScripts), so a person
// types into the server's HTML first whatever the machine's speed; a fixed delay let a slow machine finish typing
// after the scripts had come, and Enter then went to the hydrated form.

/**
 * Waits until the island's hydration has settled, instead of a fixed sleep: formReady saw its hydrated render, and
 * two frames later every effect of that render has run (React runs them before the next frame is drawn), so a field
 * the island would clear or overwrite on hydrating has been by then.
 */
async function settled(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Types like a person (key by key) into a field found by its label. */
async function type(page: Page, label: string, text: string, exact = false) {
  const field = page.getByLabel(label, { exact });
  await field.click();
  await field.pressSequentially(text);
}

/** Lets the held scripts come: the test has typed what it means to type before hydration. */
let scriptsCome = () => {};
test.beforeEach(async ({ page }) => {
  scriptsCome = await slowScripts(page);
});

test('login keeps what was typed before its island hydrated', async ({ page }) => {
  await page.goto('/login', { waitUntil: 'commit' });
  await type(page, 'Email', 'early@example.com');
  await type(page, 'Password', 'typed-early');
  scriptsCome();
  await formReady(page, 'Log in');
  await settled(page);
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
  await expect(page.getByLabel('Password')).toHaveValue('typed-early');
});

test('sign-up keeps what was typed before its island hydrated', async ({ page }) => {
  await page.goto('/signup', { waitUntil: 'commit' });
  await type(page, 'Name', 'Maria', true);
  await type(page, 'Last name', 'Lopez');
  await type(page, 'Phone', '+34 600');
  await type(page, 'Email', 'maria@example.com');
  await type(page, 'Password', 'secret1', true);
  await type(page, 'Repeat password', 'secret1');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  scriptsCome();
  await formReady(page, 'Sign up');
  await settled(page);
  for (const [label, value, exact] of [
    ['Name', 'Maria', true],
    ['Last name', 'Lopez', false],
    ['Phone', '+34 600', false],
    ['Email', 'maria@example.com', false],
    ['Password', 'secret1', true],
    ['Repeat password', 'secret1', false],
  ] as const) {
    await expect(page.getByLabel(label, { exact })).toHaveValue(value);
  }
  await expect(page.getByLabel('I have read and accept the terms of use and the privacy notice')).toBeChecked();
});

test('the password reset form keeps what was typed before its island hydrated', async ({ page }) => {
  await page.goto('/reset-password', { waitUntil: 'commit' });
  await type(page, 'Email', 'early@example.com');
  scriptsCome();
  await formReady(page, 'Send reset email');
  await settled(page);
  await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
});

test('the home contact form keeps what was typed before its island hydrated', async ({ page }) => {
  await page.goto('/', { waitUntil: 'commit' });
  const form = page.locator('#contact');
  await form.getByLabel('Full name').click();
  await form.getByLabel('Full name').pressSequentially('Ana Early');
  await form.getByLabel('Email').click();
  await form.getByLabel('Email').pressSequentially('ana@example.com');
  await form.getByLabel('Your question').click();
  await form.getByLabel('Your question').pressSequentially('Typed before the script came');
  scriptsCome();
  await expect(form.getByRole('button', { name: 'Send' })).toBeEnabled();
  await settled(page);
  await expect(form.getByLabel('Full name')).toHaveValue('Ana Early');
  await expect(form.getByLabel('Email')).toHaveValue('ana@example.com');
  await expect(form.getByLabel('Your question')).toHaveValue('Typed before the script came');
  // The island holds what the fields show: the message goes out as typed.
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('status')).toHaveText('Thank you! Your message was sent; we will answer soon.');
});

test('the support form keeps what was typed before its island hydrated', async ({ page }) => {
  await page.goto('/support', { waitUntil: 'commit' });
  await type(page, 'Full name', 'Ana Early');
  await type(page, 'Email', 'ana@example.com');
  await type(page, 'Your question', 'Typed before the script came');
  await page.getByLabel('Platform').selectOption({ label: 'macOS' });
  scriptsCome();
  await formReady(page, 'Send to support');
  await settled(page);
  await expect(page.getByLabel('Full name')).toHaveValue('Ana Early');
  await expect(page.getByLabel('Your question')).toHaveValue('Typed before the script came');
  await expect(page.getByLabel('Platform')).toHaveValue('mac');
});

test('Enter in the login form before its island hydrated signs in with what was typed', async ({ page }) => {
  await page.goto('/login', { waitUntil: 'commit' });
  await type(page, 'Email', 'learner@example.com');
  await type(page, 'Password', 'learner123');
  await page.keyboard.press('Enter');
  // Held, not sent as a native request that would put the password in the address.
  await expect(page.locator('form[data-early-submit="asked"]')).toHaveCount(1);
  expect(new URL(page.url()).search).toBe('');
  scriptsCome();
  await expect(page).toHaveURL(/\/learning$/, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
});
