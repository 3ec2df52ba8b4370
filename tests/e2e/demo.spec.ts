import type { Page } from '@playwright/test';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { localePath } from '../../src/i18n/locales.ts';
import { expect, test } from './fixtures.ts';
import { expectFitsWidth, axe } from './helpers.ts';

/** Opens the demo from the header, plays it through to the result, and checks nothing was sent to be stored. */
async function playDemo(page: Page, lang: 'fr' | 'ar') {
  const d = DICTIONARIES[lang];
  const sent: string[] = [];
  page.on('request', (req) => req.url().includes('/api/attempts') && sent.push(req.url()));
  await page.getByRole('navigation', { name: d['nav.main'] }).getByRole('link', { name: d['nav.demo'] }).click();
  await expect(page).toHaveURL(new RegExp(`${localePath(lang, '/simulator')}\\?demo$`));
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('#sim-case')).toHaveText(`${d['sim.demo.case']} · ${d['sim.task.solomon']}`);
  const start = page.getByRole('button', { name: d['sim.start'] });
  await start.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: d['sim.finish'], exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: d['sim.debrief.title'] })).toBeVisible();
  await page.getByRole('button', { name: d['sim.next'] }).press('Enter');
  await expect(page.getByText(d['sim.result.demo'])).toBeVisible();
  await expect(page.getByText(d['sim.demo.invite'])).toBeVisible();
  await expect(page.getByRole('link', { name: d['sim.demo.signup'] })).toHaveAttribute('href', localePath(lang, '/signup'));
  await expect(page.getByRole('link', { name: d['sim.backToCourse'] })).toBeHidden();
  await expect(page.locator('#sim-score')).not.toBeEmpty();
  expect(sent).toEqual([]);
}

test('a visitor opens the demo from the French header, plays it, sees the result unsaved and is invited to sign up', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/fr/');
  await playDemo(page, 'fr');
  await axe(page);
  await page.getByRole('link', { name: DICTIONARIES.fr['sim.demo.signup'] }).click();
  await expect(page).toHaveURL(/\/fr\/signup$/);
});

test('on a phone in Arabic, the demo opens from the menu, right to left, in Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/pricing');
  await page.getByRole('button', { name: DICTIONARIES.ar['nav.menu'] }).click();
  await playDemo(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectFitsWidth(page);
  await axe(page);
});
