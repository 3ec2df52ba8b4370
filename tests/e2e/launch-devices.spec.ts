import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { axe, expectFitsWidth, IPHONE, signIn, subscriber, WINDOWS_CHROME } from './helpers.ts';

const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Signs a new subscriber in and opens the first case's dialog on the course page in `lang`. */
async function openCase(page: Page, request: Parameters<typeof subscriber>[0], lang: 'en' | 'ar') {
  await signIn(page, await subscriber(request));
  await page.goto(`${lang === 'en' ? '' : `/${lang}`}/courses/fetoscopy-simulator`);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await page.locator('a[data-play][data-level="1"][data-case="1"]').first().click();
  const dialog = page.getByRole('dialog', { name: DICTIONARIES[lang]['course.openTitle'] });
  await expect(dialog).toBeVisible();
  return dialog;
}

const phones = [
  { lang: 'en', userAgent: ANDROID_PHONE },
  { lang: 'ar', userAgent: IPHONE },
] as const;

for (const { lang, userAgent } of phones) {
  test.describe(`on a phone in ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent });

    test('the open-case dialog offers only the browser version and says the screen is small, as does the simulator', async ({ page, request }) => {
      const t = DICTIONARIES[lang];
      const dialog = await openCase(page, request, lang);
      await expect(dialog.locator('a[data-launch="desktop"]')).toHaveCount(0);
      const browser = dialog.getByRole('link', { name: new RegExp(t['course.browser']) });
      await expect(browser).toBeVisible();
      await expect(dialog.getByText(t['common.screenTooSmall'])).toBeVisible();
      await expect(dialog.getByText(t['course.desktopSystems'])).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await axe(page);
      await expectFitsWidth(page);
      await page.screenshot({ path: `/tmp/shots/launch-phone-${lang}.png` });
      await browser.focus();
      await expect(browser).toBeFocused();
      const href = (await browser.getAttribute('href'))!;
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The simulator page says the same, and still opens: the learner can read the case and reach its start. It
      // offers no demo in a larger window: that would leave the learner's case for another.
      await page.goto(href);
      const notice = page.locator('#sim-small');
      await expect(notice).toContainText(t['common.screenTooSmall']);
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('link', { name: t['sim.small.demo'] })).toHaveCount(0);
      await expect(page.locator('#sim-start')).toBeVisible();
      await axe(page);
      await page.screenshot({ path: `/tmp/shots/simulator-phone-${lang}.png` });

      // The demo, open to anyone, is not a dead end either, and offers itself in a larger window.
      await page.goto(`${lang === 'en' ? '' : `/${lang}`}/simulator?demo`);
      await expect(page.locator('#sim-small')).toBeVisible();
      await expect(page.locator('#sim-small').getByRole('link', { name: t['sim.small.demo'] })).toHaveAttribute(
        'href',
        `${lang === 'en' ? '' : `/${lang}`}/simulator?demo`,
      );
      await expect(page.locator('#sim-start')).toBeVisible();
    });
  });

  test.describe(`on a Windows desktop in ${lang}`, () => {
    test.use({ viewport: { width: 1280, height: 900 }, userAgent: WINDOWS_CHROME });

    test('the open-case dialog offers both versions and no notice', async ({ page, request }) => {
      const t = DICTIONARIES[lang];
      const dialog = await openCase(page, request, lang);
      await expect(dialog.getByRole('link', { name: new RegExp(t['course.desktop']) })).toBeVisible();
      await expect(dialog.getByRole('link', { name: new RegExp(t['course.browser']) })).toBeVisible();
      await expect(dialog.locator('.launch-note')).toHaveCount(0);
      await axe(page);
      await page.screenshot({ path: `/tmp/shots/launch-desktop-${lang}.png` });
      const href = (await dialog.locator('a[data-launch="browser"]').getAttribute('href'))!;
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.goto(href);
      await expect(page.locator('#sim-start')).toBeVisible();
      await expect(page.locator('#sim-small')).toBeHidden();
      await expect(page.locator('#sim-touch')).toBeHidden();
    });
  });
}
