import { expect, test } from './fixtures.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { axe, expectFitsWidth, IPHONE, signIn, slowScripts, subscriber, WINDOWS_CHROME } from './helpers.ts';

// A paying learner back on the course page with slow scripts: until the session is read the page says it is loading,
// never "Log in to follow your progress"; a case's browser version opens in this tab and leaves no dialog behind.

const screens = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IPHONE } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 }, userAgent: WINDOWS_CHROME } },
] as const;

for (const lang of ['en', 'ar'] as const) {
  for (const screen of screens) {
    test.describe(`on a ${screen.name} in ${lang}`, () => {
      test.use(screen.use);

      test('a signed-in learner sees the progress loading, not the way to sign in, and the browser version opens in this tab', async ({ page, request }) => {
        const t = DICTIONARIES[lang];
        const course = `${lang === 'en' ? '' : `/${lang}`}/courses/fetoscopy-simulator`;
        await signIn(page, await subscriber(request));
        await page.goto(course);
        await expect(page.locator('.outline-summary').getByRole('progressbar')).toBeVisible();

        // Another day, slow scripts: the server's HTML is there, the session not yet read.
        const release = await slowScripts(page);
        await page.goto(course, { waitUntil: 'commit' });
        await expect(page.locator('.outline-summary')).toBeAttached();
        // The server's HTML, the outline not yet hydrated.
        await expect(page.locator('astro-island[ssr]:has(.course-outline)')).toHaveCount(1);
        await expect(page.getByText(t['progress.loading'])).toBeVisible();
        await expect(page.getByText(t['progress.signIn'])).toBeHidden();
        await page.locator('.outline-summary').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/shots/session-hint-${screen.name}-${lang}.png` });
        release();
        await expect(page.locator('.outline-summary').getByRole('progressbar')).toBeVisible({ timeout: 20_000 });
        await expect(page.getByText(t['progress.signIn'])).toHaveCount(0);
        await expect(page.getByText(t['progress.loading'])).toHaveCount(0);
        await axe(page);
        await expectFitsWidth(page);

        // The case's browser version: the same tab goes to the simulator, and back shows the course without the dialog.
        await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
        await page.locator('a[data-play][data-level="1"][data-case="1"]').first().click();
        const dialog = page.getByRole('dialog', { name: t['course.openTitle'] });
        const browser = dialog.locator('a[data-launch="browser"]');
        await expect(browser).toBeVisible();
        await expect(browser).not.toHaveAttribute('target');
        await browser.click();
        await expect(page).toHaveURL(/\/simulator\?/);
        expect(page.context().pages()).toHaveLength(1);
        await expect(page.locator('#sim-back')).toBeAttached();
        await page.goBack();
        await expect(page).toHaveURL(new RegExp(`${course}$`));
        await expect(page.locator('.outline-summary').getByRole('progressbar')).toBeVisible({ timeout: 20_000 });
        await expect(dialog).toBeHidden();
      });
    });
  }

  test(`a visitor with slow scripts is offered to log in at once (${lang})`, async ({ page }) => {
    const t = DICTIONARIES[lang];
    const release = await slowScripts(page);
    await page.goto(`${lang === 'en' ? '' : `/${lang}`}/courses/fetoscopy-simulator`, { waitUntil: 'commit' });
    await expect(page.getByRole('link', { name: t['progress.signIn'] })).toBeVisible();
    await expect(page.getByText(t['progress.loading'])).toBeHidden();
    release();
  });
}
