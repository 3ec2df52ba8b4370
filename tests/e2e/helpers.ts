import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { e2e } from '../../playwright.config.ts';
import { TERMS_VERSION } from '../../src/domain/legal.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin123' };
export const LEARNER = { email: 'learner@example.com', password: 'learner123' };

let counter = 0;
/** A fresh address for a journey that creates an account. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}@example.com`;
}

/** Signs in through the login page and waits for the header to show the session. */
export async function login(page: Page, who: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** Signs in on the login page and waits to be sent on, on any screen (on a phone the header's Logout sits in the closed menu). */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
}

/** The Auth emulator's out-of-band codes (password resets, verifications) sent to `email`. */
export async function oobCodes(email: string): Promise<Array<{ email: string; oobLink: string; oobCode: string; requestType: string }>> {
  const res = await fetch(`${e2e.authEmulator}/emulator/v1/projects/${e2e.projectId}/oobCodes`);
  const body = (await res.json()) as { oobCodes: Array<{ email: string; oobLink: string; oobCode: string; requestType: string }> };
  return body.oobCodes.filter((c) => c.email === email);
}

/** Signs in against the emulator with a REST call and answers the ID token, for API calls made by a test. */
export async function idTokenFor(who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, returnSecureToken: true }),
  });
  return ((await res.json()) as { idToken: string }).idToken;
}

/**
 * What a person checks first on a phone-sized screenshot, asserted instead: the page is no wider than the
 * window (nothing pushes it sideways, in either writing direction).
 */
export async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} is ${overflow}px wider than the window`).toBeLessThanOrEqual(0);
}

/**
 * Waits until a form's island is live (its submit button enabled, and a form that takes submits before hydration
 * marked ready), so a test reads what the island holds.
 */
export async function formReady(page: Page, submit: string) {
  await expect(page.getByRole('button', { name: submit, exact: true })).toBeEnabled();
  await expect(page.locator('form[data-early-submit]:not([data-early-submit="ready"])')).toHaveCount(0);
}

/** Sends the emulator's verification email to the account of `idToken` and opens its link, as the address's owner would. */
export async function verifyAddress(email: string, idToken: string) {
  const sent = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });
  expect(sent.ok).toBe(true);
  const link = (await oobCodes(email)).filter((c) => c.requestType === 'VERIFY_EMAIL').at(-1)!.oobLink;
  expect((await fetch(link)).ok).toBe(true);
}

/**
 * A new account (emulator account and our profile) made for one journey, so the seeded accounts keep their state;
 * made premium by the admin when it is to play; its address verified when it is to be named by address (a group's
 * member or director).
 */
export async function newAccount(
  request: APIRequestContext,
  tag: string,
  profile: { name: string; contact?: string },
  opts: { premium?: boolean; verified?: boolean } = {},
) {
  const who = { email: uniqueEmail(tag), password: `${tag}-secret-1` };
  const signUp = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, displayName: profile.name, returnSecureToken: true }),
  });
  const { idToken: first, localId } = (await signUp.json()) as { idToken: string; localId: string };
  if (opts.verified) await verifyAddress(who.email, first);
  const idToken = opts.verified ? await idTokenFor(who) : first;
  const headers = { authorization: `Bearer ${idToken}` };
  expect((await request.post('/api/users', { headers, data: { acceptedTerms: TERMS_VERSION, id: localId, email: who.email, ...profile } })).status()).toBe(201);
  if (opts.premium) {
    const put = await request.put(`/api/users/${localId}`, {
      headers: { authorization: `Bearer ${await idTokenFor(ADMIN)}` },
      data: { isAdmin: false, isPremium: true, subscriptions: [] },
    });
    expect(put.status()).toBe(200);
  }
  return { ...who, uid: localId, name: profile.name, headers };
}

/** A new account that has bought `planId` through the API and the PayPal stand-in: a test's own subscriber, whatever ran before it. */
export async function subscriber(request: APIRequestContext, planId = 'plan-fetoscopy') {
  const who = await newAccount(request, 'subscriber', { name: 'Sam Subscriber' });
  const { headers } = who;
  const order = await request.post('/api/payments/orders', { headers, data: { planId } });
  expect(order.status()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  expect((await request.post(`/api/sandbox/paypal/approve/${id}`, { headers })).ok()).toBe(true);
  expect((await request.post(`/api/payments/orders/${id}/capture`, { headers })).status()).toBe(200);
  return who;
}

/** A Windows desktop's Chrome: the journeys that expect the desktop version offered run as one (this machine is Linux). */
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Fails on any accessibility violation axe finds in the page as it stands. */
export async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A slow connection: the site's scripts arrive 2 s after `release` is called, so a person types, taps and reads the
 * server's HTML first, whatever the machine's speed. A script asked for later (a module's imports, the next page's)
 * comes at once: each level of imports waiting 2 s more only made the journeys longer.
 */
export async function slowScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const comeAt = new Promise<number>((resolve) => (release = () => resolve(Date.now() + 2000)));
  await page.route('**/_astro/*.js', async (route) => {
    const at = await comeAt;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    await route.continue();
  });
  return release;
}
