import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, axe, expectFitsWidth, LEARNER, login } from './helpers.ts';

// An administrator adds a course: a draft only administrators see, previewed as a learner would see it (with and
// without a plan, in English and Arabic, nothing launched), published, and then there for learners.

async function courseReady(page: Page) {
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
}

/** Waits until the page has drawn the frame after the current one: what the last answer or event changed is on screen. */
async function nextFrame(page: Page) {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Focuses the control and presses Enter: the journey is made with the keyboard. */
async function press(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.focus();
  await page.keyboard.press('Enter');
}

test('an admin adds a draft course, previews it as a learner, publishes it, and the learner then sees it', async ({ page, browser }) => {
  const title = `Draft lab ${Date.now()}`;
  const launches: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/(launch|attempts)/.test(req.url())) launches.push(req.url());
  });
  await login(page, ADMIN);
  await page.goto('/courses');
  await press(page, page.getByRole('button', { name: 'Add course' }));
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}\?preview=[\w.-]+&plan=with$/);
  const path = new URL(page.url()).pathname;
  const banner = page.getByRole('complementary', { name: 'Preview as a learner' });
  await expect(banner).toContainText('Draft: only administrators see this course until it is published.');

  // The editor opens the draft: a title and a module with its case, saved as a draft.
  await courseReady(page);
  await press(page, page.getByRole('button', { name: 'Edit course' }));
  await page.getByLabel('Course title').fill(title);
  await press(page, page.getByRole('button', { name: '+ Add module' }));
  await page.getByLabel('Title of module 1').fill('Bench warm-up');
  await page.getByLabel('Title of case 1 in module 1').fill('Straight scope');
  await press(page, page.getByRole('button', { name: 'Save', exact: true }));
  const bar = page.locator('.publish-bar');
  await expect(bar).toContainText('Draft: only administrators see this course until it is published.');
  await expect(bar.locator('li')).toHaveText(['First publication: the course appears in the catalogue in every language.']);

  // Nobody else sees it: not the catalogue, not the course page, not the API.
  const learner = await browser.newPage();
  expect((await learner.goto(path))?.status()).toBe(404);
  await learner.goto('/courses');
  await expect(learner.locator('.course-card').first()).toBeVisible();
  await expect(learner.getByText(title)).toHaveCount(0);
  expect((await learner.request.get(`/api/courses${path.slice('/courses'.length)}`)).status()).toBe(404);

  // Its own address is not found, for the admin too, who is offered its preview there (a link run out leads here too).
  expect((await page.goto(path))?.status()).toBe(404);
  await expect(page.getByRole('status')).toContainText('This course is a draft, or your preview link has run out');
  await axe(page);
  await press(page, page.getByRole('button', { name: 'Preview as a learner' }));
  await expect(page).toHaveURL(new RegExp(`${path}\\?preview=[\\w.-]+&plan=with$`));

  // The admin's list marks it as a draft.
  await page.goto('/courses');
  const card = page.locator('.course-card', { hasText: title });
  await expect(card.locator('.course-badge')).toHaveText('Draft');
  await axe(page);

  // Its preview, opened from the list, shows the saved draft as a learner with a plan sees it.
  await press(page, card.getByRole('link', { name: title }));
  await expect(page).toHaveURL(new RegExp(`${path}\\?preview=[\\w.-]+&plan=with$`));
  await courseReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.module-title')).toContainText('Bench warm-up');
  await axe(page);
  await expectFitsWidth(page);
  await press(page, page.getByRole('link', { name: 'Play case 1: Straight scope' }));
  await expect(page.getByRole('status').filter({ hasText: 'chooses where to open case 1 of module 1' })).toBeVisible();

  // Without a plan: told so, as that learner would be, and the page stays.
  await press(page, banner.getByRole('link', { name: 'Without a plan' }));
  await expect(page).toHaveURL(/plan=none$/);
  await courseReady(page);
  const navigations: string[] = [];
  const navigating = (req: Request) => void (req.isNavigationRequest() && req.frame() === page.mainFrame() && navigations.push(req.url()));
  page.on('request', navigating);
  await press(page, page.getByRole('link', { name: 'Play case 1: Straight scope' }));
  await expect(page.getByRole('alert')).toContainText("You don't have a subscription for this course");
  // No sleep: a link the click let through asks for its page at the click, before the alert is drawn.
  await nextFrame(page);
  page.off('request', navigating);
  expect(navigations).toEqual([]);
  await expect(page).toHaveURL(/plan=none$/);

  // In Arabic, right to left, still a preview.
  await press(page, page.locator('.preview-options a[lang="ar"]'));
  await expect(page).toHaveURL(new RegExp(`/ar${path}\\?preview=[\\w.-]+&plan=none$`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('complementary', { name: 'معاينة كمتعلم' })).toContainText('مسودة');
  await courseReady(page);
  await axe(page);
  await expectFitsWidth(page);
  expect(launches).toEqual([]);

  // Publish: the first publication puts it in the catalogue, and the page is the live one.
  await page.goto(`${path}?${new URL(page.url()).searchParams}`);
  await courseReady(page);
  await press(page, page.getByRole('button', { name: 'Edit course' }));
  await press(page, page.locator('.publish-bar').getByRole('button', { name: 'Publish', exact: true }));
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('complementary', { name: 'Preview as a learner' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // A published course is previewed from its page's toolbar.
  await courseReady(page);
  await press(page, page.locator('.course-toolbar').getByRole('button', { name: 'Preview as a learner' }));
  await expect(page.getByRole('complementary', { name: 'Preview as a learner' })).toContainText('It shows the published version, as learners see it now.');

  await login(learner, LEARNER);
  await learner.goto('/courses');
  await expect(learner.getByRole('link', { name: title })).toBeVisible();
  await learner.goto(path);
  await expect(learner.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(learner.locator('.module-title')).toContainText('Bench warm-up');
  await learner.close();
});

test('a course never published is deleted from its editor only once asked, and a stale preview link shows nothing', async ({ page, request }) => {
  await login(page, ADMIN);
  await page.goto('/ar/courses');
  await press(page, page.getByRole('button', { name: 'إضافة دورة' }));
  await expect(page).toHaveURL(/\/ar\/courses\/[0-9a-f-]{36}\?preview=/);
  const preview = page.url();
  await courseReady(page);
  await page.locator('.course-toolbar button').first().click();
  await page.locator('.publish-bar').getByRole('button', { name: 'حذف المسودة' }).click();
  const dialog = page.getByRole('dialog', { name: 'حذف هذه المسودة؟' });
  await expect(dialog).toContainText('لم تُنشر الدورة');
  await axe(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.locator('.publish-bar').getByRole('button', { name: 'حذف المسودة' }).click();
  await press(page, dialog.getByRole('button', { name: 'حذف المسودة' }));
  await expect(page).toHaveURL(/\/ar\/courses$/);
  expect((await request.get(preview)).status()).toBe(404);
  // Gone: its page offers the admin no preview, once its island has asked for the draft (no sleep: the answer is the signal).
  const id = new URL(preview).pathname.split('/').at(-1)!;
  const looked = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith(`/courses/${id}/draft`));
  expect((await page.goto(new URL(preview).pathname))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const answer = await looked;
  expect(answer.status()).toBe(404);
  await answer.finished();
  await nextFrame(page);
  await expect(page.locator('.draft-door')).toHaveCount(0);
});
