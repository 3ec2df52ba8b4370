import { ar } from '../../src/i18n/ar.ts';
import { expect, test } from './fixtures.ts';

/** Scripts arrive 2 s late, as on a slow phone: the plans and their prices are in the page the server sent. */
test.beforeEach(async ({ page }) => {
  await page.route('**/_astro/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
});

test('pricing shows its plans and prices before the scripts arrive, and Buy works once they have', async ({ page }) => {
  await page.goto('/pricing', { waitUntil: 'commit' });
  const card = page.getByRole('article', { name: 'Fetoscopy', exact: true });
  await expect(card).toContainText('$199.00', { timeout: 1500 });
  await expect(card).toContainText('3 months');
  await expect(card.getByRole('listitem')).toHaveText([/^Fetoscopy simulator/]);
  await expect(page.getByRole('note')).toHaveText(/test payments/);
  await expect(page.getByText('Loading plans…')).toHaveCount(0);
  // "Buy" waits for its script, then asks a visitor to sign in.
  await expect(card.getByRole('button', { name: 'Buy' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Buy' })).toBeEnabled({ timeout: 10_000 });
  await card.getByRole('button', { name: 'Buy' }).click();
  await expect(card.getByRole('link', { name: 'Log in to buy' })).toBeVisible();
});

test('the Arabic pricing page shows its plans in Arabic before the scripts arrive', async ({ page }) => {
  await page.goto('/ar/pricing', { waitUntil: 'commit' });
  const card = page.getByRole('article', { name: 'تنظير الجنين', exact: true });
  await expect(card).toBeVisible({ timeout: 1500 });
  await expect(card.getByRole('button', { name: ar['pricing.buy'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
