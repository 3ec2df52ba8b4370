import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { formReady, uniqueEmail } from '../e2e/helpers.ts';
import { expect, test, type Production } from './fixtures.ts';
import { sources } from '../csp.ts';
import { TERMS_VERSION } from '../../src/domain/legal.ts';

test('pages and API answers carry the production policy and HSTS, naming the real Google, PayPal and form hosts', async ({ page, request, production }) => {
  for (const path of ['/', '/pricing', '/login', '/courses', '/ar/support']) {
    const headers = (await page.goto(path))!.headers();
    expect(headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
    const policy = headers['content-security-policy'] ?? '';
    expect(sources(policy, 'connect-src'), path).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
      production.forms.url,
    ]);
    expect(
      sources(policy, 'script-src').filter((s) => !s.startsWith("'sha256-")),
      path,
    ).toEqual(["'self'", 'https://apis.google.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
    expect(sources(policy, 'frame-src'), path).toEqual([
      "'self'",
      `https://${production.projectId}.firebaseapp.com`,
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
  }
  const api = await request.get('/api/config');
  expect(api.headers()['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(await api.json()).toMatchObject({
    authEmulatorUrl: null,
    paypal: { clientId: 'production-journeys-client', sdkBaseUrl: null, environment: 'sandbox', testPayments: true },
  });
  // No stand-in is mounted in production.
  expect((await request.get('/api/sandbox/paypal/sdk/js')).status()).toBe(404);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor signs up and signs back in with ID tokens signed as Firebase signs them; forged tokens are refused', async ({
    page,
    request,
    production,
  }) => {
    const bearers: string[] = [];
    page.on('request', (req) => {
      const auth = req.headers().authorization;
      if (new URL(req.url()).pathname.startsWith('/api/') && auth?.startsWith('Bearer ')) bearers.push(auth.slice(7));
    });
    const email = uniqueEmail('production');
    await page.goto('/signup');
    await formReady(page, 'Sign up');
    await page.getByLabel('Name', { exact: true }).fill('Paula');
    await page.getByLabel('Last name').fill('Prod');
    await page.getByLabel('Phone').fill('+1 555 000 1111');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Repeat password').fill('secret-123');
    await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/learning$/);
    // On a phone the session's buttons are in the header's menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

    expect(bearers.length).toBeGreaterThan(0);
    for (const token of bearers) {
      expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'JWT', kid: expect.any(String) });
      expect(production.google.issued).toContain(token);
    }
    const claims = decodeJwt(bearers.at(-1)!);
    expect(claims).toMatchObject({
      iss: `https://securetoken.google.com/${production.projectId}`,
      aud: production.projectId,
      email,
      auth_time: expect.any(Number),
    });
    const uid = claims.sub!;
    expect(production.google.mail).toContainEqual({ email, requestType: 'VERIFY_EMAIL' });
    const { idToken } = await production.google.account('signInWithPassword', email, 'secret-123');
    const record = await request.get(`/api/users/${uid}`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(await record.json()).toMatchObject({ id: uid, email, name: 'Paula Prod', contact: '+1 555 000 1111', isAdmin: false });

    // The same claims unsigned (the Auth emulator's kind of token) or re-signed by another key are nobody.
    const [header, payload] = idToken.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const resigned = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    for (const forged of [unsigned, resigned]) {
      expect((await request.get(`/api/users/${uid}`, { headers: { authorization: `Bearer ${forged}` } })).status()).toBe(401);
    }

    // Logging out loads the home page afresh; the login page is opened once that is over.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Logout' }).click();
    await reloaded;
    await page.goto('/login');
    await formReady(page, 'Log in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

/** A new account: a token signed by the Google fake, and our profile. */
async function newBuyer(request: APIRequestContext, production: Production, name: string) {
  const who = { email: uniqueEmail('buyer'), password: 'buyer-secret-1' };
  const { idToken, localId } = await production.google.account('signUp', who.email, who.password);
  const headers = { authorization: `Bearer ${idToken}` };
  expect((await request.post('/api/users', { headers, data: { acceptedTerms: TERMS_VERSION, id: localId, email: who.email, name } })).status()).toBe(201);
  return { ...who, localId, headers };
}

/** A new account signed in through the login page, on /pricing. */
async function buyerOnPricing(page: Page, request: APIRequestContext, production: Production, name: string) {
  const buyer = await newBuyer(request, production, name);
  await page.goto('/login');
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto('/pricing');
  return buyer;
}

/** The Fetoscopy plan paid as a buyer pays: PayPal's button, then PayPal's window, which shows the order at our price, "Pay Now". */
async function payForFetoscopy(page: Page, card: Locator) {
  const opened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'PayPal', exact: true }).click();
  const paypal = await opened;
  const order = paypal.getByRole('region', { name: 'Your order' });
  await expect(order).toContainText('Subscripcion a Fetoscopy');
  await expect(order).toContainText('199.00 USD');
  const closed = paypal.waitForEvent('close');
  await paypal.getByRole('button', { name: 'Pay Now' }).click();
  await closed;
}

test('a purchase through the PayPal REST API whose capture answer is lost ends with one subscription, captured once', async ({ page, request, production }) => {
  const { localId, headers } = await buyerOnPricing(page, request, production, 'Bea Buyer');
  await expect(page.getByRole('note')).toHaveText(/test payments/);
  const card = page.getByRole('article', { name: 'Fetoscopy', exact: true });
  await card.getByRole('button', { name: 'Buy' }).click();
  production.paypal.calls.length = 0;
  production.paypal.loseNextCapture();
  await payForFetoscopy(page, card);
  await expect(page.getByText('Payment received. Your plan is active until')).toBeVisible();

  expect(production.paypal.calls.filter((c) => c.status >= 400)).toEqual([]);
  const captures = production.paypal.calls.filter((c) => c.path.endsWith('/capture'));
  expect(captures).toHaveLength(2);
  expect(new Set(captures.map((c) => c.requestId)).size).toBe(1);
  const orderId = captures[0]!.path.split('/').at(-2)!;
  expect(captures[0]!.requestId).toBe(`capture-${orderId}`);
  const me = await (await request.get(`/api/users/${localId}`, { headers })).json();
  expect(me.subscriptions).toHaveLength(1);
  expect(me.subscriptions[0]).toMatchObject({ provider: 'Paypal', product_id: 'plan-fetoscopy' });
  // Asking again answers the same subscription and captures nothing more.
  const again = await request.post(`/api/payments/orders/${orderId}/capture`, { headers });
  expect(again.status()).toBe(200);
  expect(production.paypal.calls.filter((c) => c.path.endsWith('/capture'))).toHaveLength(2);
  expect((await (await request.get(`/api/users/${localId}`, { headers })).json()).subscriptions).toHaveLength(1);
});

test('when PayPal took the payment but both answers were lost, "Try again" captures the same order: one charge, one subscription', async ({
  page,
  request,
  production,
}) => {
  const { localId, headers } = await buyerOnPricing(page, request, production, 'Rita Retry');
  const card = page.getByRole('article', { name: 'Fetoscopy', exact: true });
  await card.getByRole('button', { name: 'Buy' }).click();
  production.paypal.calls.length = 0;
  production.paypal.loseNextCapture();
  production.paypal.loseNextCapture();
  await payForFetoscopy(page, card);
  await expect(card.getByRole('alert')).toContainText('The payment could not be completed');
  await card.getByRole('button', { name: 'Try again' }).press('Enter');
  await expect(page.getByText('Payment received. Your plan is active until')).toBeVisible();

  expect(production.paypal.calls.filter((c) => c.status >= 400)).toEqual([]);
  expect(production.paypal.calls.filter((c) => c.path === '/v2/checkout/orders' && c.method === 'POST')).toHaveLength(1);
  const captures = production.paypal.calls.filter((c) => c.path.endsWith('/capture'));
  expect(captures.length).toBeGreaterThanOrEqual(3);
  expect(new Set(captures.map((c) => c.requestId)).size).toBe(1);
  expect((await (await request.get(`/api/users/${localId}`, { headers })).json()).subscriptions).toHaveLength(1);
});

test('a capture of an order the buyer never approved is refused by PayPal (ORDER_NOT_APPROVED) and adds nothing', async ({ request, production }) => {
  const { localId, headers } = await newBuyer(request, production, 'Nora Notyet');
  production.paypal.calls.length = 0;
  const created = await request.post('/api/payments/orders', { headers, data: { planId: 'plan-fetoscopy' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const capture = await request.post(`/api/payments/orders/${id}/capture`, { headers });
  expect(capture.status()).toBe(409);
  expect(await capture.json()).toMatchObject({ error: 'payment_not_approved' });
  expect(production.paypal.calls.filter((c) => c.path.startsWith('/v2/')).map(({ method, path, status }) => [method, path, status])).toEqual([
    ['POST', '/v2/checkout/orders', 201],
    ['POST', `/v2/checkout/orders/${id}/capture`, 422],
  ]);
  expect((await (await request.get(`/api/users/${localId}`, { headers })).json()).subscriptions).toEqual([]);
});

test('the home contact form and the support form reach the configured form services', async ({ page, production }) => {
  const earlier = production.forms.received.length;
  const contact = page.locator('#contact');
  await page.goto('/');
  await contact.scrollIntoViewIfNeeded();
  await expect(contact.getByRole('button', { name: 'Send' })).toBeEnabled();
  await contact.getByLabel('Full name').fill('Ana Prod');
  await contact.getByLabel('Email').fill('ana@example.com');
  await contact.getByLabel('Your question').fill('Does the form reach the service?');
  await contact.getByRole('button', { name: 'Send' }).click();
  await expect(contact.getByRole('status')).toHaveText('Thank you! Your message was sent; we will answer soon.');

  await page.goto('/support');
  await expect(page.getByRole('button', { name: 'Send to support' })).toBeEnabled();
  await page.getByLabel('Full name').fill('Ana Prod');
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Your question').fill('And the support one?');
  await page.getByRole('button', { name: 'Send to support' }).click();
  await expect(page.getByRole('status')).toHaveText('Your message was sent.');

  const origin = new URL(production.site).origin;
  expect(production.forms.received.slice(earlier)).toEqual([
    { path: '/f/contact-form-id', origin, body: { Nombre: 'Ana Prod', Email: 'ana@example.com', Pregunta: 'Does the form reach the service?' } },
    { path: '/submit', origin, body: expect.objectContaining({ Nombre: 'Ana Prod', Pregunta: 'And the support one?', access_key: production.formAccessKey }) },
  ]);
});
