import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { ADMIN, expectFitsWidth, login, newAccount, subscriber } from './helpers.ts';

/** The list of all users on /admin-users: an admin searches, filters, sorts by keyboard, opens a user and downloads the CSV. */
test('the admin finds people in the list by part of a name, narrows it by access, sorts it by keyboard, opens one and exports the CSV', async ({
  page,
  request,
}) => {
  const tag = `Listfinder${Date.now().toString(36)}`;
  const quentin = await newAccount(request, 'list-a', { name: `Quentin ${tag}` }, { premium: true });
  const abby = await newAccount(request, 'list-b', { name: `Abby ${tag}` });
  await login(page, ADMIN);
  await page.goto('/admin-users');
  const list = page.locator('section.user-list');
  await expect(list.getByRole('heading', { name: 'All users' })).toBeVisible();
  await expect(list.locator('tbody tr').first()).toBeVisible();

  await list.getByLabel('Search by any part of a name or email').fill(tag.toLowerCase().slice(2));
  const rows = list.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(list.getByText('Users 1–2 of 2')).toBeVisible();
  // Newest sign-up first: Abby signed up after Quentin.
  await expect(rows.first()).toContainText(abby.email);

  // By keyboard: the Name heading's button sorts A to Z, pressed again Z to A.
  const nameHeader = list.getByRole('columnheader', { name: 'Name' });
  await list.getByRole('button', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(rows.first()).toContainText(abby.name);
  await page.keyboard.press('Enter');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText(quentin.name);

  await list.getByLabel('Access').selectOption({ label: 'Premium' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Premium');
  await list.getByLabel('Access').selectOption({ label: 'No access' });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(abby.email);
  await list.getByLabel('Role').selectOption({ label: 'Administrator' });
  await expect(list.getByText('No user matches these filters.')).toBeVisible();
  await list.getByLabel('Role').selectOption({ label: 'Any' });

  const downloading = page.waitForEvent('download');
  await list.getByRole('button', { name: 'Download this list as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('users.csv');
  const csv = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(csv).toEqual([
    '"Name","Email","User id","Signed up","Last activity","Roles and access","Premium","Plans"',
    expect.stringMatching(new RegExp(`^"Abby ${tag}","${abby.email}","${abby.uid}","[A-Z][a-z]+ \\d{1,2}, \\d{4}","","","No",""$`)),
  ]);

  await list.getByRole('button', { name: abby.name }).click();
  const found = page.getByRole('heading', { level: 2, name: abby.email });
  await expect(found).toBeVisible();
  await expect(found).toBeFocused();
});

test('an admin reading in Spanish exports the list for people: Spanish headers, semicolons, each plan by its Spanish title', async ({ page, request }) => {
  const es = DICTIONARIES.es;
  const sam = await subscriber(request);
  const plans = (await (await request.get('/api/pricing?lang=es')).json()) as { id: string; title: string }[];
  const fetoscopy = plans.find((p) => p.id === 'plan-fetoscopy')!.title;
  await login(page, ADMIN);
  await page.goto('/es/admin-users');
  const list = page.locator('section.user-list');
  await list.getByLabel(es['adminUsers.list.search']).fill(sam.email.split('@')[0]!);
  await expect(list.locator('tbody tr')).toHaveCount(1);
  // Spanish spreadsheets split on semicolons: the list offers that separator first.
  await expect(list.getByLabel(es['adminUsers.list.separator'])).toHaveValue('semicolon');
  const downloading = page.waitForEvent('download');
  await list.getByRole('button', { name: es['adminUsers.list.export'] }).click();
  const [header, row] = (await readFile((await (await downloading).path())!, 'utf8'))
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  const cells = (line: string) => line.slice(1, -1).split('";"');
  expect(cells(header!).slice(0, 2)).toEqual([es['adminUsers.list.col.name'], es['adminUsers.list.col.email']]);
  expect(cells(header!).at(-1)).toBe(es['adminUsers.list.col.plans']);
  expect(cells(row!).slice(0, 2)).toEqual(['Sam Subscriber', sam.email]);
  // The plan as the pricing page names it in Spanish, not its id.
  expect(cells(row!).at(-1)).toBe(fetoscopy);
  expect(fetoscopy).not.toBe('plan-fetoscopy');
  await expectFitsWidth(page);
});

for (const [locale, path] of [
  ['en', '/admin-users'],
  ['ar', '/ar/admin-users'],
] as const) {
  test(`the user list passes axe and fits a phone (${locale})`, async ({ page }) => {
    await login(page, ADMIN);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.locator('section.user-list tbody tr').first()).toBeVisible();
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expectFitsWidth(page);
    const results = await new AxeBuilder({ page }).include('section.user-list').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
