import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ar } from '../../src/i18n/ar.ts';
import { es } from '../../src/i18n/es.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, formReady, idTokenFor, newAccount, uniqueEmail } from './helpers.ts';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a Spanish learner signs up, pays for a plan, lands on My learning with the course, and Continue opens its next case', async ({ page }) => {
  const email = uniqueEmail('aprendiz');
  await page.goto('/es/signup');
  await formReady(page, es['signup.submit']);
  await page.getByLabel(es['signup.name'], { exact: true }).fill('Lucía');
  await page.getByLabel(es['signup.lastname']).fill('Gómez');
  await page.getByLabel(es['signup.contact']).fill('+34 600 111 222');
  await page.getByLabel(es['common.email']).fill(email);
  await page.getByLabel(es['common.password'], { exact: true }).fill('secreto1');
  await page.getByLabel(es['signup.repeat']).fill('secreto1');
  await page.getByLabel(es['signup.terms']).check();
  await page.getByRole('button', { name: es['signup.submit'] }).click();

  // A new learner's home: nothing held yet, the courses on sale, and the way to the plans.
  await expect(page).toHaveURL(/\/es\/learning$/);
  await expect(page.getByRole('heading', { level: 1, name: es['learning.title'] })).toBeVisible();
  await expect(page.getByText(es['learning.none'])).toBeVisible();
  const offers = page.getByRole('region', { name: es['learning.offers'] });
  await expect(offers.getByRole('link', { name: 'Simulador de fetoscopia' })).toHaveAttribute('href', '/es/courses/fetoscopy-simulator');
  await expect(page.getByRole('link', { name: es['nav.learning'] })).toHaveAttribute('aria-current', 'page');
  await expectAxeClean(page);

  await page.getByRole('link', { name: es['learning.seePlans'] }).first().click();
  await expect(page).toHaveURL(/\/es\/pricing$/);
  const card = page.getByRole('article', { name: 'Fetoscopia', exact: true });
  await card.getByRole('button', { name: es['pricing.buy'] }).click();
  await card.getByRole('button', { name: 'PayPal', exact: true }).click();
  await card.getByRole('button', { name: es['paypalStandIn.pay'] }).click();

  await expect(page).toHaveURL(/\/es\/learning$/);
  await expect(page.getByText(/^Pago recibido\. Tu plan está activo hasta el /)).toBeVisible();
  const course = page.getByRole('article', { name: 'Simulador de fetoscopia' });
  await expect(course).toContainText('Acceso hasta el');
  await expect(course).toContainText('Nota mínima alcanzada en 0 de');
  await expect(offers.getByRole('link', { name: 'Simulador de fetoscopia' })).toHaveCount(0);
  await expectAxeClean(page);

  // My account names the subscription by the plan's title in Spanish, not by the name stored with the payment.
  await page.goto('/es/account');
  await expect(page.locator('table.subscriptions tbody tr')).toHaveCount(1);
  await expect(page.locator('table.subscriptions tbody td').first()).toHaveText('Fetoscopia');
  await page.goto('/es/learning');

  await course.getByRole('link', { name: 'Empezar: módulo 1, caso 1' }).click();
  await expect(page).toHaveURL(/\/es\/courses\/fetoscopy-simulator$/);
  const dialog = page.getByRole('dialog', { name: es['course.openTitle'] });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: new RegExp(es['course.browser']) })).toHaveAttribute('href', /lan=es/);
});

test('My learning in Arabic on a phone: the held courses read right to left and fit; the menu shows it and a director’s Groups', async ({ page, request }) => {
  const director = await newAccount(request, 'mylearning-director', { name: 'Dina Director' }, { premium: true, verified: true });
  const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const group = await request.post('/api/groups', { headers: admin, data: { name: 'Fellowship Cairo' } });
  expect(group.status()).toBe(201);
  const { id } = (await group.json()) as { id: string };
  expect((await request.post(`/api/groups/${id}/members`, { headers: admin, data: { email: director.email, role: 'director' } })).status()).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/login');
  await formReady(page, ar['login.submit']);
  await page.getByLabel(ar['common.email']).fill(director.email);
  await page.getByLabel(ar['common.password']).fill(director.password);
  await page.getByRole('button', { name: ar['login.submit'], exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/learning$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('article').first()).toContainText(ar['learning.always']);
  const groups = page.getByRole('region', { name: ar['learning.groups'] });
  await expect(groups.getByRole('link', { name: 'Fellowship Cairo' })).toHaveAttribute('href', `/ar/groups?group=${id}`);
  await expectFitsWidth(page);
  await expectAxeClean(page);

  await page.getByRole('button', { name: ar['nav.menu'] }).click();
  const menu = page.locator('#site-menu');
  await expect(menu.getByRole('link', { name: ar['nav.learning'] })).toHaveAttribute('href', '/ar/learning');
  await expect(menu.getByRole('link', { name: ar['nav.groups'] })).toHaveAttribute('href', '/ar/groups');
});

test('a visitor who opens My learning is asked to sign in and comes back to it', async ({ page }) => {
  await page.goto('/learning');
  await expect(page).toHaveURL(/\/login\?next=%2Flearning$/);
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/learning$/);
  // An administrator holds every course, with no end, and sees every group.
  await expect(page.getByRole('article', { name: 'Bronchoscopy' })).toContainText('Access with no end date');
  await expect(page.getByRole('heading', { name: 'Every group' })).toBeVisible();
});
