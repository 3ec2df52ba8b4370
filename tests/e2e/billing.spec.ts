import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { addMonthsClamped } from '../../src/domain/time.ts';
import { expect, test } from './fixtures.ts';
import { expectFitsWidth, login, subscriber } from './helpers.ts';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The end date of the account's one subscription, as the API answers it. */
async function heldUntil(request: APIRequestContext, headers: Record<string, string>): Promise<Date> {
  const token = headers.authorization!.slice('Bearer '.length);
  const uid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id as string;
  const user = await (await request.get(`/api/users/${uid}`, { headers })).json();
  expect(user.subscriptions).toHaveLength(1);
  const { seconds, nanoseconds } = user.subscriptions[0].next_billing_time;
  return new Date(seconds * 1000 + nanoseconds / 1e6);
}

/** A date as the page formats it, in the browser's own ICU. */
const shown = (page: Page, date: Date, locale: string) =>
  page.evaluate(([iso, loc]) => new Intl.DateTimeFormat(loc, { dateStyle: 'long' }).format(new Date(iso!)), [date.toISOString(), locale]);

for (const { name, locale, prefix, viewport, extend, activeUntil } of [
  { name: 'on a desktop in English', locale: 'en', prefix: '', viewport: { width: 1280, height: 900 }, extend: 'Extend', activeUntil: 'Active until' },
  { name: 'on a phone in Arabic', locale: 'ar', prefix: '/ar', viewport: { width: 390, height: 844 }, extend: 'تمديد', activeUntil: 'نشطة حتى' },
]) {
  test(`a learner holding a plan sees until when and extends it from its end date, ${name}`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const who = await subscriber(request);
    const until = await heldUntil(request, who.headers);
    await login(page, who);
    await page.goto(`${prefix}/pricing`);
    const card = page.locator('#plan-plan-fetoscopy');
    await expect(card.getByTestId('plan-held')).toHaveText(`${activeUntil} ${await shown(page, until, locale)}`);
    await expect(page.locator('#plan-plan-complete').getByTestId('plan-held')).toHaveCount(0);
    await expectFitsWidth(page);
    await expectAxeClean(page);

    await card.getByRole('button', { name: extend }).click();
    await card.getByRole('button', { name: 'PayPal', exact: true }).click();
    await card.getByRole('button', { name: 'Pay now' }).click();
    await expect(card.getByRole('status')).toBeVisible();

    const extended = await heldUntil(request, who.headers);
    expect(extended).toEqual(addMonthsClamped(until, 3));
    await expect(card.getByRole('status')).toContainText(await shown(page, extended, locale));
    await page.reload();
    await expect(card.getByTestId('plan-held')).toHaveText(`${activeUntil} ${await shown(page, extended, locale)}`);
    await expect(card.getByRole('button', { name: extend })).toBeVisible();
  });
}
