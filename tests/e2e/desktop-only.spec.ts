import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { axe, expectFitsWidth, IPHONE, signIn, subscriber, WINDOWS_CHROME } from './helpers.ts';

/** A subscriber of the complete plan opens Bronchoscopy → Larynx and vocal cords, which only the desktop simulator plays. */
async function openLarynx(page: Page, request: Parameters<typeof subscriber>[0], lang: 'en' | 'ar') {
  const t = DICTIONARIES[lang];
  await signIn(page, await subscriber(request, 'plan-complete'));
  await page.goto(`${lang === 'en' ? '' : `/${lang}`}/courses/bronchoscopy`);
  await expect(page.locator('.course-played')).toHaveText(t['common.playedIn.desktop']);
  const larynx = page.locator('.case[data-level="1"][data-case="1"]');
  await expect(larynx).toHaveAttribute('data-simulator', 'desktop');
  await expect(larynx.locator('.case-status')).toContainText(t['progress.desktopCase']);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await larynx.locator('a[data-play]').click();
  const dialog = page.getByRole('dialog', { name: t['course.openTitle'] });
  await expect(dialog).toBeVisible();
  return { dialog, t };
}

test.describe('on a Windows computer', () => {
  test.use({ userAgent: WINDOWS_CHROME });

  test('a case only the desktop simulator plays offers the desktop version and no browser version', async ({ page, request }) => {
    const { dialog, t } = await openLarynx(page, request, 'en');
    await expect(dialog.locator('a[data-launch="desktop"]')).toBeVisible();
    await expect(dialog.locator('a[data-launch="browser"]')).toHaveCount(0);
    await expect(dialog.getByText(t['course.desktopOnly'])).toBeVisible();
    await axe(page);
    const href = (await dialog.locator('a[data-launch="desktop"]').getAttribute('href'))!;
    // Its token, opened in the browser simulator by hand, is refused there with the reason.
    const token = new URL(href).searchParams.get('token')!;
    await page.keyboard.press('Escape');
    await page.goto(`/simulator?course=bronchoscopy&level=1&case=1&lan=en&token=${encodeURIComponent(token)}`);
    await expect(page.getByText(t['sim.error.desktop'])).toBeVisible();
  });
});

test.describe('on a phone in Arabic', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IPHONE });

  test('the same case offers no version on this device and says it needs a computer', async ({ page, request }) => {
    const { dialog, t } = await openLarynx(page, request, 'ar');
    await expect(dialog.locator('a[data-launch]')).toHaveCount(0);
    await expect(dialog.getByText(t['course.desktopOnlyHere'])).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await axe(page);
    await expectFitsWidth(page);
  });
});

test('the plans list, course by course, where each is played', async ({ page }) => {
  const t = DICTIONARIES.en;
  await page.goto('/pricing');
  const complete = page.locator('#plan-plan-complete');
  await expect(complete.locator('li[data-course="fetoscopy-simulator"]')).toContainText(t['common.playedIn.browser']);
  await expect(complete.locator('li[data-course="bronchoscopy"]')).toContainText(t['common.playedIn.desktop']);
  await axe(page);
});
