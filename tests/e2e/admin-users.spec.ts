import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, LEARNER, login, newAccount } from './helpers.ts';

/** A learner made for one journey (emulator account + our record), so the seeded learner keeps its state. */
const newLearner = (request: APIRequestContext) => newAccount(request, 'admin-users', { name: 'Nina Newcomer' });

/** POST /api/launch as `who`: 201 when entitled to the course, 403 otherwise. */
async function launchStatus(request: APIRequestContext, who: { email: string; password: string }, course: string, level = 1, kase = 1) {
  const token = await idTokenFor(who);
  const res = await request.post('/api/launch', { headers: { authorization: `Bearer ${token}` }, data: { course, level, case: kase } });
  return res.status();
}

async function findUser(page: Page, query: string) {
  await page.getByLabel('Email or user id').fill(query);
  await page.getByRole('button', { name: 'Search' }).click();
}

test('the admin finds a learner by email, grants premium, and the learner can then open any case', async ({ page, request }) => {
  const learner = await newLearner(request);
  expect(await launchStatus(request, learner, 'fetoscopy-simulator')).toBe(403);
  expect(await launchStatus(request, learner, 'bronchoscopy', 2, 3)).toBe(403);

  await login(page, ADMIN);
  await page.goto('/admin-users');
  await findUser(page, learner.email.toUpperCase());
  await expect(page.getByRole('heading', { level: 2, name: learner.email })).toBeVisible();
  await expect(page.getByText(learner.uid)).toBeVisible();
  await expect(page.getByText('No subscriptions.')).toBeVisible();

  const premium = page.getByRole('checkbox', { name: 'Premium: opens every case' });
  await expect(premium).not.toBeChecked();
  await premium.check();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  // Nothing reaches the server before Save.
  expect(await launchStatus(request, learner, 'fetoscopy-simulator')).toBe(403);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();

  for (const [course, level, kase] of [
    ['fetoscopy-simulator', 1, 1],
    ['bronchoscopy', 2, 3],
    ['pleuroamniotic', 1, 2],
  ] as const) {
    expect(await launchStatus(request, learner, course, level, kase)).toBe(201);
  }
  const history = page.locator('.user-history');
  await expect(history.getByText('Premium: opens every case: no → yes')).toBeVisible();
  await expect(history.getByText(`by \u2068${ADMIN.email}\u2069`)).toBeVisible();
});

test('the admin adds a subscription (first plan, 1 day) by uid; it shows ACTIVE and opens that plan only', async ({ page, request }) => {
  const learner = await newLearner(request);
  await login(page, ADMIN);
  await page.goto('/admin-users');
  await findUser(page, learner.uid);
  await expect(page.getByRole('heading', { level: 2, name: learner.email })).toBeVisible();

  await expect(page.getByLabel('Plan', { exact: true })).toHaveValue('plan-fetoscopy');
  await expect(page.getByLabel('Duration (days)')).toHaveValue('1');
  await page.getByLabel('Duration (days)').fill('0');
  await page.getByRole('button', { name: 'Add subscription' }).click();
  await expect(page.getByText('Enter a whole number of days from 1 to 3650.')).toBeVisible();
  await page.getByLabel('Duration (days)').fill('1');
  await page.getByRole('button', { name: 'Add subscription' }).click();

  const row = page.locator('table.subscriptions tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ADMIN.email);
  // Named by the plan's title, not by the name stored with an administrator's grant.
  await expect(row).toContainText('Fetoscopy');
  await expect(row).not.toContainText('Admin - Provided');
  await expect(row.locator('.status')).toHaveText('ACTIVE');
  expect(await launchStatus(request, learner, 'fetoscopy-simulator')).toBe(403);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  await expect(page.locator('.user-history').getByText(/^Subscription added: \u2068Fetoscopy\u2069$/)).toBeVisible();

  expect(await launchStatus(request, learner, 'fetoscopy-simulator')).toBe(201);
  expect(await launchStatus(request, learner, 'bronchoscopy')).toBe(403);

  // Saved on the server: a fresh page finds it again, still ACTIVE, ending about a day from now.
  await page.reload();
  await findUser(page, learner.email);
  await expect(page.locator('table.subscriptions .status')).toHaveText('ACTIVE');
  const end = Date.parse((await page.locator('table.subscriptions time').getAttribute('datetime'))!);
  expect(Math.abs(end - (Date.now() + 86_400_000))).toBeLessThan(5 * 60_000);
});

test('removing a subscription asks first, stays local until Save, and then takes the access away', async ({ page, request }) => {
  const learner = await newLearner(request);
  await login(page, ADMIN);
  await page.goto('/admin-users');
  await findUser(page, learner.email);
  await page.getByLabel('Plan', { exact: true }).selectOption({ label: 'Complete' });
  await page.getByLabel('Duration (days)').fill('30');
  await page.getByRole('button', { name: 'Add subscription' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  expect(await launchStatus(request, learner, 'bronchoscopy')).toBe(201);

  const remove = page.getByRole('button', { name: /^Remove:/ });
  page.once('dialog', (d) => void d.dismiss());
  await remove.click();
  await expect(page.locator('table.subscriptions tbody tr')).toHaveCount(1);
  page.once('dialog', (d) => void d.accept());
  await remove.click();
  await expect(page.getByText('No subscriptions.')).toBeVisible();
  expect(await launchStatus(request, learner, 'bronchoscopy')).toBe(201);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  await expect(page.locator('.user-history').getByText(/^Subscription removed: \u2068Complete\u2069$/)).toBeVisible();
  expect(await launchStatus(request, learner, 'bronchoscopy')).toBe(403);
});

test('a save that cannot reach the server says so and keeps the changes', async ({ page, request }) => {
  const learner = await newLearner(request);
  await login(page, ADMIN);
  await page.goto('/admin-users');
  await findUser(page, learner.email);
  await page.route('**/api/users/*', (route) => (route.request().method() === 'PUT' ? route.abort() : route.continue()));
  await page.getByRole('checkbox', { name: 'Premium: opens every case' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(/Could not reach the server/);
  await expect(page.getByRole('checkbox', { name: 'Premium: opens every case' })).toBeChecked();
  await page.unroute('**/api/users/*');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
  expect(await launchStatus(request, learner, 'catheter-placement')).toBe(201);
});

test('searching an unknown email or uid says so', async ({ page }) => {
  await login(page, ADMIN);
  await page.goto('/admin-users');
  await findUser(page, 'nobody-here@example.com');
  await expect(page.getByRole('alert')).toHaveText('The email you entered does not belong to any registered user.');
  await findUser(page, 'no-such-uid');
  await expect(page.getByRole('alert')).toHaveText('The uid you entered does not belong to any registered user.');
  await page.goto('/es/admin-users');
  await page.getByLabel('Correo o uid del usuario').fill('nadie@example.com');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('alert')).toHaveText('El correo introducido no se encuentra entre los usuarios registrados.');
});

test('the last admin cannot remove their own flag: the save fails, says why, and keeps the change', async ({ page, request }) => {
  await login(page, ADMIN);
  await page.goto('/admin-users');
  await findUser(page, ADMIN.email);
  const flag = page.getByRole('checkbox', { name: 'Administrator' });
  await expect(flag).toBeChecked();
  await flag.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText(/last administrator/);
  await expect(flag).not.toBeChecked();
  const token = await idTokenFor(ADMIN);
  const [me] = (await (await request.get(`/api/users?email=${ADMIN.email}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Array<{
    isAdmin: boolean;
  }>;
  expect(me?.isAdmin).toBe(true);
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(flag).toBeChecked();
});

test('a learner who types /admin-users lands on /, and so does a visitor', async ({ page }) => {
  await page.goto('/admin-users');
  await expect(page).toHaveURL(/\/$/);
  await login(page, LEARNER);
  await page.goto('/admin-users');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/ar/admin-users');
  await expect(page).toHaveURL(/\/ar$/);
});

for (const locale of ['en', 'ar'] as const) {
  test(`/admin-users passes axe with a user shown (${locale})`, async ({ page, request }) => {
    const learner = await newLearner(request);
    await login(page, ADMIN);
    await page.goto(locale === 'en' ? '/admin-users' : '/ar/admin-users');
    await page.locator('#field-user-search').fill(learner.email);
    await page.locator('form[role=search] button[type=submit]').click();
    await expect(page.getByRole('heading', { level: 2, name: learner.email })).toBeVisible();
    // One saved change for the history, then one unsaved subscription, so every part of the screen is checked.
    await page.locator('.access input[type=checkbox]').first().check();
    await page.locator('.save-bar .button').first().click();
    await expect(page.locator('.user-history ol.history > li')).toHaveCount(1);
    await page.locator('.add-subscription button[type=submit]').click();
    await expect(page.locator('table.subscriptions tbody tr')).toHaveCount(1);
    // The plan's title in the page's language.
    await expect(page.locator('table.subscriptions tbody tr')).toContainText(locale === 'en' ? 'Fetoscopy' : 'تنظير الجنين');
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectFitsWidth(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
