import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, axe, expectFitsWidth, idTokenFor, login } from './helpers.ts';

const AUDIT = /\/api\/audit\?/;

/** The History panel of the plan being edited or of the course editor. */
const panel = (scope: Page | Locator, name: string) => scope.getByRole('region', { name, exact: true });

async function look(page: Page, region: Locator, shot: string) {
  await region.scrollIntoViewIfNeeded();
  await axe(page);
  await page.screenshot({ path: `/tmp/shots/history-${shot}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page);
  await region.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/history-${shot}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an admin changes a plan’s price and a course’s title, publishes, and reads both changes in the History panels, in English and Arabic', async ({
  page,
  request,
}) => {
  const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const stamp = Date.now();
  // A hidden plan: administrators see and edit it on /pricing, while the plans learners see stay the seeded ones.
  const levels = [{ title: 'Anastomoses', active: true, cases: [{ title: 'Posterior placenta', bubbles: [] }] }];
  const created = await request.post('/api/courses', { headers: admin, data: { title: `Laser ${stamp}`, subtitle: 'made by a test', levels } });
  expect(created.status()).toBe(201);
  const courseId = (await created.json()) as string;
  const plan = { title: `History plan ${stamp}`, price: 120, duration: 3, description: 'A plan to change.', courses: [courseId], visibility: false };
  expect((await request.post('/api/pricing', { headers: admin, data: plan })).status()).toBe(201);

  await login(page, ADMIN);
  await page.goto('/pricing');
  const card = page.getByRole('article', { name: plan.title });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(panel(card, 'History').locator('.history > li')).toHaveCount(1);
  await expect(panel(card, 'History')).toContainText('Created');
  await card.getByLabel('Price (USD)').fill('99');
  await card.getByRole('button', { name: 'Save plan' }).click();
  await expect(card).toContainText('$99.00');
  // A history that cannot be read says so, keeps what it showed, and reads again when asked.
  await page.route(AUDIT, (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } }));
  await card.getByRole('button', { name: 'Edit' }).click();
  const planHistory = panel(card, 'History');
  await expect(planHistory).toContainText('The history could not be loaded.');
  await page.unroute(AUDIT);
  await planHistory.getByRole('button', { name: 'Try again' }).click();
  await expect(planHistory).not.toContainText('The history could not be loaded.');
  const latest = planHistory.locator('.history > li').first();
  await expect(latest).toContainText('Changed');
  await expect(latest).toContainText('by \u2068admin@example.com\u2069');
  await expect(latest.getByRole('listitem')).toHaveText(['Price: $120.00 → $99.00']);
  await expect(latest.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await look(page, planHistory, 'plan-en');

  await page.goto(`/courses/${courseId}`);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await page.getByRole('button', { name: 'Edit course' }).click();
  await page.getByLabel('Course title').fill(`Laser therapy ${stamp}`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const bar = page.getByRole('region', { name: 'Publish' });
  await bar.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Before you publish' }).getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Laser therapy ${stamp}`);
  await page.getByRole('button', { name: 'Edit course' }).click();
  const courseHistory = panel(page, 'History');
  const published = courseHistory.locator('.history > li').first();
  await expect(published).toContainText('Published');
  await expect(published).toContainText('by \u2068admin@example.com\u2069');
  await expect(published.getByRole('listitem')).toHaveText([`Title: \u2068Laser ${stamp}\u2069 → \u2068Laser therapy ${stamp}\u2069`]);
  await look(page, courseHistory, 'course-en');

  await page.goto('/ar/pricing');
  const arCard = page.getByRole('article', { name: plan.title });
  await arCard.getByRole('button', { name: 'تعديل' }).click();
  const arPlan = panel(arCard, 'السجل');
  await expect(arPlan.locator('.history > li').first()).toContainText('عُدّل');
  await expect(arPlan.locator('.history > li').first()).toContainText('admin@example.com');
  await expect(arPlan.locator('.history > li').first().getByRole('listitem')).toHaveText(/^السعر: .+ ← .+$/);
  await look(page, arPlan, 'plan-ar');

  await page.goto(`/ar/courses/${courseId}`);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  // A slow history says it is loading meanwhile.
  await page.route(AUDIT, async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'تعديل الدورة' }).click();
  const arCourse = panel(page, 'السجل');
  await expect(arCourse.getByRole('status')).toHaveText('جارٍ تحميل السجل…');
  await expect(arCourse.locator('.history > li').first()).toContainText('نُشر');
  await expect(arCourse.locator('.history > li').first().getByRole('listitem')).toHaveText(
    `العنوان: \u2068Laser ${stamp}\u2069 ← \u2068Laser therapy ${stamp}\u2069`,
  );
  await look(page, arCourse, 'course-ar');
});
