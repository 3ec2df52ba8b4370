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
  await expect(bar.locator('.publish-summary li')).toHaveText(['First publication: the course appears in the catalogue in every language.']);

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
  // In English nothing falls back.
  await expect(page.locator('.preview-fallback')).toHaveCount(0);
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
  // With no Arabic texts written, the preview reads them in English, and says which.
  await expect(page.locator('.preview-fallback')).toHaveText(
    'لم تُكتب بعد بالعربية، لذا تُعرض بالإنجليزية: عنوان الدورة والعنوان الفرعي وعنوان الوحدة 1 وعنوان الحالة 1 في الوحدة 1.',
  );
  await courseReady(page);
  await axe(page);
  await expectFitsWidth(page);
  expect(launches).toEqual([]);

  // Publish: the first publication puts it in the catalogue, and the page is the live one.
  await page.goto(`${path}?${new URL(page.url()).searchParams}`);
  await courseReady(page);
  await press(page, page.getByRole('button', { name: 'Edit course' }));
  await press(page, page.locator('.publish-bar').getByRole('button', { name: 'Publish', exact: true }));
  await press(page, page.getByRole('dialog', { name: 'Before you publish' }).getByRole('button', { name: 'Publish anyway' }));
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

/** Text isolated from the direction around it, as the dialog writes language names and placeholders. */
const iso = (text: string) => `\u2068${text}\u2069`;

/** Presses Tab until `control` has the focus (at most `limit` times): a keyboard user's way to it. */
async function tabTo(page: Page, control: ReturnType<Page['getByRole']>, limit = 10) {
  for (let i = 0; i < limit && !(await control.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(control).toBeFocused();
}

test('Publish lists the texts six languages lack and the placeholders left, and publishes anyway once confirmed (English, desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const title = `Checks lab ${Date.now()}`;
  await login(page, ADMIN);
  await page.goto('/courses');
  await press(page, page.getByRole('button', { name: 'Add course' }));
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}\?preview=/);
  const path = new URL(page.url()).pathname;
  await courseReady(page);
  await press(page, page.getByRole('button', { name: 'Edit course' }));
  await page.getByLabel('Course title').fill(title);
  await press(page, page.getByRole('button', { name: '+ Add module' }));
  await page.getByLabel('Title of module 1').fill('Bench warm-up');

  // Publish saves, then lists what is missing before anything goes live; the keyboard is in the dialog.
  await press(page, page.locator('.publish-bar').getByRole('button', { name: 'Publish', exact: true }));
  const checks = page.getByRole('dialog', { name: 'Before you publish' });
  await expect(checks).toBeVisible();
  await expect(checks.locator('li')).toHaveText([
    `${iso('Español')}, ${iso('Français')}, ${iso('العربية')}, ${iso('Português')}, ${iso('中文')}, and ${iso('Русский')}: Course title, Subtitle, Title of module 1, and Title of case 1 in module 1`,
    `Subtitle: “${iso('new course')}”`,
    `Title of case 1 in module 1: “${iso('New Case')}”`,
  ]);
  await expect(checks).toContainText('You can publish anyway and add these texts later, then publish again.');
  await expect(checks.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('publish-checks-desktop-en.png') });

  // Keep editing: nothing is published, the editor is still there.
  await page.keyboard.press('Enter');
  await expect(checks).toBeHidden();
  await expect(page.getByLabel('Course title')).toHaveValue(title);
  expect((await page.request.get(`/api${path}`)).status()).toBe(404);

  // Asked again, and confirmed with the keyboard: the course is live, placeholders and all.
  await press(page, page.locator('.publish-bar').getByRole('button', { name: 'Publish', exact: true }));
  await expect(checks).toBeVisible();
  await tabTo(page, checks.getByRole('button', { name: 'Publish anyway' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.lead')).toHaveText('new course');
});

test("in Arabic on a phone: the draft's own address offers the preview, which names what falls back, and Publish lists the checks", async ({ page }) => {
  await login(page, ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/courses');
  await press(page, page.getByRole('button', { name: 'إضافة دورة' }));
  await expect(page).toHaveURL(/\/ar\/courses\/[0-9a-f-]{36}\?preview=/);
  const path = new URL(page.url()).pathname;

  // The editor in Arabic: the course's Arabic title written, its English one and the rest left as "Add course" made them.
  await courseReady(page);
  await press(page, page.getByRole('button', { name: 'تعديل الدورة' }));
  await page.getByLabel('لغة النصوص').selectOption('ar');
  await page.getByLabel('عنوان الدورة').fill('مختبر الفحوص');
  await press(page, page.getByRole('button', { name: 'حفظ', exact: true }));
  await expect(page.locator('.publish-bar')).toContainText('مسودة');

  // Its own address: not found, but its administrator is offered the preview.
  expect((await page.goto(path))?.status()).toBe(404);
  const door = page.locator('.draft-door');
  await expect(door).toContainText('هذه الدورة مسودة');
  await expectFitsWidth(page);
  await page.screenshot({ path: test.info().outputPath('draft-door-phone-ar.png') });
  await press(page, door.getByRole('button', { name: 'معاينة كمتعلم' }));
  await expect(page).toHaveURL(new RegExp(`${path}\\?preview=`));
  await courseReady(page);
  // The Arabic title is shown; the subtitle, still English, is named as falling back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مختبر الفحوص');
  await expect(page.locator('.preview-fallback')).toHaveText('لم تُكتب بعد بالعربية، لذا تُعرض بالإنجليزية: العنوان الفرعي.');
  await expectFitsWidth(page);
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('preview-fallback-phone-ar.png'), fullPage: true });

  // Publish: the other five languages lack both texts, Arabic its subtitle, and the English placeholders are still there.
  await press(page, page.getByRole('button', { name: 'تعديل الدورة' }));
  await press(page, page.locator('.publish-bar').getByRole('button', { name: 'نشر', exact: true }));
  const checks = page.getByRole('dialog', { name: 'قبل النشر' });
  await expect(checks.locator('li')).toHaveText([
    `${iso('Español')} و${iso('Français')} و${iso('Português')} و${iso('中文')} و${iso('Русский')}: عنوان الدورة والعنوان الفرعي`,
    `${iso('العربية')}: العنوان الفرعي`,
    `عنوان الدورة: «${iso('New Course')}»`,
    `العنوان الفرعي: «${iso('new course')}»`,
  ]);
  await expect(checks).toContainText('يمكنك النشر على أي حال');
  await expectFitsWidth(page);
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('publish-checks-phone-ar.png') });
  await tabTo(page, checks.getByRole('button', { name: 'النشر على أي حال' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مختبر الفحوص');
});
