import { ar } from '../../src/i18n/ar.ts';
import { expect, test } from './fixtures.ts';
import { slowScripts } from './helpers.ts';

// Scripts held back, as on a slow phone, until the test lets them through: whatever is checked before then is in the
// page the server sent, however slow the machine.

test('pricing shows its plans and prices before the scripts arrive, and Buy works once they have', async ({ page }) => {
  const release = await slowScripts(page);
  await page.goto('/pricing', { waitUntil: 'commit' });
  const card = page.getByRole('article', { name: 'Fetoscopy', exact: true });
  await expect(card).toContainText('$199.00');
  await expect(card).toContainText('3 months');
  await expect(card.getByRole('listitem')).toHaveText([/^Fetoscopy simulator/]);
  await expect(page.getByRole('note')).toHaveText(/test payments/);
  await expect(page.getByText('Loading plans…')).toHaveCount(0);
  // "Buy" waits for its script, then asks a visitor to sign in.
  await expect(card.getByRole('button', { name: 'Buy' })).toBeDisabled();
  release();
  await expect(card.getByRole('button', { name: 'Buy' })).toBeEnabled();
  await card.getByRole('button', { name: 'Buy' }).click();
  await expect(card.getByRole('link', { name: 'Log in to buy' })).toBeVisible();
});

test('the Arabic pricing page shows its plans in Arabic before the scripts arrive, and Buy once they have', async ({ page }) => {
  const release = await slowScripts(page);
  await page.goto('/ar/pricing', { waitUntil: 'commit' });
  const card = page.getByRole('article', { name: 'تنظير الجنين', exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: ar['pricing.buy'] })).toBeDisabled();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  release();
  await expect(card.getByRole('button', { name: ar['pricing.buy'] })).toBeEnabled();
});
