import { LEGAL_PAGES, TERMS_VERSION } from '../../src/domain/legal.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { expect, test } from './fixtures.ts';
import { expectFitsWidth, formReady, idTokenFor, oobCodes, signIn, uniqueEmail, axe } from './helpers.ts';

const LINK = { privacy: 'legal.privacy', terms: 'legal.terms', refunds: 'legal.refunds', cookies: 'legal.cookies' } as const;

test('every legal page is reached from the footer in all seven languages', async ({ page }) => {
  test.setTimeout(120_000);
  for (const { code } of LOCALES) {
    const d = DICTIONARIES[code];
    await page.goto(localePath(code, '/'));
    for (const legal of LEGAL_PAGES) {
      const footer = page.getByRole('contentinfo').getByRole('navigation', { name: d['legal.nav'] });
      await footer.getByRole('link', { name: d[LINK[legal]], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${localePath(code, `/legal/${legal}`)}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', code);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.locator('article.legal h2').first()).toBeVisible();
    }
  }
  // What the privacy notice must say, whatever the language: the processors and the way to export and delete.
  await page.goto('/legal/privacy');
  for (const said of ['Firebase', 'PayPal', 'hosting provider', 'download your data', 'delete your account', 'phone number', 'up to ten years']) {
    await expect(page.locator('article.legal')).toContainText(said);
  }
  await axe(page);
  await page.goto('/ar/legal/privacy');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('article.legal')).toContainText('PayPal');
  // The version (a date) reads left to right inside the Arabic sentence, not as 27-11-2026.
  await expect(page.locator('.legal-meta')).toContainText(`\u2066${TERMS_VERSION}\u2069`);
  await axe(page);
  await expectFitsWidth(page);
});

test('sign-up in Arabic asks for the terms with a keyboard-operable box and records the version accepted, shown in the data export', async ({
  page,
  request,
}) => {
  const d = DICTIONARIES.ar;
  const email = uniqueEmail('consent');
  await page.goto('/ar/signup');
  await formReady(page, d['signup.submit']);
  await page.getByLabel(d['signup.name'], { exact: true }).fill('Layla');
  await page.getByLabel(d['signup.lastname']).fill('Haddad');
  await page.getByLabel(d['common.email']).fill(email);
  await page.getByLabel(d['common.password'], { exact: true }).fill('secret1');
  await page.getByLabel(d['signup.repeat']).fill('secret1');
  // The terms and privacy notice are one link away, in the same language.
  const form = page.locator('#main');
  await expect(form.getByRole('link', { name: d['legal.terms'] })).toHaveAttribute('href', '/ar/legal/terms');
  await expect(form.getByRole('link', { name: d['legal.privacy'] })).toHaveAttribute('href', '/ar/legal/privacy');
  await page.getByRole('button', { name: d['signup.submit'] }).click();
  await expect(page.getByText(d['signup.error.terms'])).toBeVisible();
  await expect(page).toHaveURL(/\/ar\/signup$/);
  await axe(page);

  const box = page.getByLabel(d['signup.terms']);
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(page.getByText(d['signup.error.terms'])).toBeVisible();
  // Firebase is asked to write the verification email in the page's language (X-Firebase-Locale; the local emulator
  // itself always writes lang=en into its links), and the link brings the learner back to this language.
  const sending = page.waitForRequest(/accounts:sendOobCode/);
  await page.getByRole('button', { name: d['signup.submit'] }).click();
  expect((await sending).headers()['x-firebase-locale']).toBe('ar');
  await expect(page).not.toHaveURL(/\/signup$/);

  await expect.poll(async () => (await oobCodes(email)).filter((c) => c.requestType === 'VERIFY_EMAIL').length).toBe(1);
  const link = new URL((await oobCodes(email)).find((c) => c.requestType === 'VERIFY_EMAIL')!.oobLink);
  expect(new URL(link.searchParams.get('continueUrl')!).pathname).toBe('/ar/account');

  const token = await idTokenFor({ email, password: 'secret1' });
  const exported = await request.get('/api/users/me/export', { headers: { authorization: `Bearer ${token}` } });
  expect(exported.status()).toBe(200);
  const { consent } = (await exported.json()) as { consent: { termsVersion: string; acceptedAt: string } };
  expect(consent.termsVersion).toBe(TERMS_VERSION);
  expect(Date.now() - Date.parse(consent.acceptedAt)).toBeLessThan(120_000);
});

test('each plan on the pricing page links the terms, the refund policy and the privacy notice in all seven languages', async ({ page }) => {
  test.setTimeout(120_000);
  for (const { code } of LOCALES) {
    const d = DICTIONARIES[code];
    await page.goto(localePath(code, '/pricing'));
    const card = page.locator('#plan-plan-fetoscopy');
    await expect(card).toContainText(d['checkout.legal']);
    for (const legal of ['terms', 'refunds', 'privacy'] as const) {
      await expect(card.getByRole('link', { name: d[LINK[legal]], exact: true })).toHaveAttribute('href', localePath(code, `/legal/${legal}`));
    }
    if (code === 'en' || code === 'ar') await axe(page);
  }
  await page.goto('/ar/pricing');
  await page.locator('#plan-plan-fetoscopy').getByRole('link', { name: DICTIONARIES.ar['legal.refunds'], exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/legal\/refunds$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
});

test('an account made before the terms were asked for is asked after signing in, reads the legal pages meanwhile, and accepts once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The seeded former learner signed up before consent was asked (each run of the journeys starts from a fresh seed).
  const former = { email: 'former@example.com', password: 'former123' };
  const en = DICTIONARIES.en;
  const ar = DICTIONARIES.ar;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, former);
  const prompt = page.getByRole('region', { name: en['consent.title'] });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(TERMS_VERSION);
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('consent-en-desktop.png') });

  // Reading the terms is not blocked: the page shows them, with the question above.
  await prompt.getByRole('link', { name: en['legal.terms'] }).click();
  await expect(page).toHaveURL(/\/legal\/terms$/);
  await expect(page.locator('article.legal h2').first()).toBeVisible();
  await expect(page.getByRole('region', { name: en['consent.title'] })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/legal/privacy');
  const arPrompt = page.getByRole('region', { name: ar['consent.title'] });
  await expect(arPrompt).toBeVisible();
  await expect(arPrompt).toContainText(`\u2066${TERMS_VERSION}\u2069`);
  await expect(page.locator('article.legal')).toContainText('PayPal');
  await axe(page);
  await expectFitsWidth(page);
  await page.screenshot({ path: test.info().outputPath('consent-ar-phone.png') });

  // By keyboard: Accept without the box says what is missing; the box ticked, the acceptance is recorded.
  await arPrompt.getByRole('button', { name: ar['consent.accept'] }).press('Enter');
  await expect(arPrompt.getByText(ar['consent.required'])).toBeVisible();
  const box = arPrompt.getByLabel(ar['consent.check']);
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await arPrompt.getByRole('button', { name: ar['consent.accept'] }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: ar['consent.done'] })).toBeVisible();
  await axe(page);

  // Asked once: the next pages ask no more, and the export shows the version and the date.
  await page.goto('/ar/learning');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.terms-prompt')).toHaveCount(0);
  const token = await idTokenFor(former);
  const { consent } = (await (await request.get('/api/users/me/export', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    consent: { termsVersion: string; acceptedAt: string };
  };
  expect(consent.termsVersion).toBe(TERMS_VERSION);
  expect(Date.now() - Date.parse(consent.acceptedAt)).toBeLessThan(120_000);
});
