import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { formReady, subscriber } from './helpers.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';

// A slow tablet: the course page's outline hydrates and reads the learner's standing while a finger is already on a
// module's summary. The standing arriving must not move the modules, or the tap ends on the module above.

const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Holds the outline's and the plans' island scripts and the learner's standing until the returned function is called. */
async function holdOutline(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    await released;
    await route.continue();
  };
  await page.route('**/_astro/CourseOutline.*.js', hold);
  // The plans' island too: once it knows the learner holds the course it lays their access over the plans, above the modules.
  await page.route('**/_astro/CoursePlans.*.js', hold);
  await page.route('**/api/progress?*', hold);
  return release;
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`on a tablet in ${lang}`, () => {
    test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true, userAgent: IPAD });

    test('a module tapped while the outline still loads opens: the learner’s standing arriving mid-tap does not move it', async ({ page, request }) => {
      const t = DICTIONARIES[lang];
      const prefix = lang === 'en' ? '' : `/${lang}`;
      const who = await subscriber(request);
      await page.goto(`${prefix}/login`);
      await formReady(page, t['login.submit']);
      await page.locator('input[type="email"]').fill(who.email);
      await page.locator('input[type="password"]').fill(who.password);
      await page.locator('form button[type="submit"]').tap();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));

      const release = await holdOutline(page);
      await page.goto(`${prefix}/courses/fetoscopy-simulator`);
      await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
      // The server's HTML, as every visitor gets it: the outline not yet hydrated, the standing not yet read.
      await expect(page.locator('astro-island[ssr]:has(.course-outline)')).toHaveCount(1);
      const module = page.locator('li.module[data-level="2"] > details');
      const summary = module.locator('> summary');
      await summary.scrollIntoViewIfNeeded();
      const before = (await summary.boundingBox())!;

      // The finger goes down on the summary; the outline hydrates and the standing arrives; the finger lifts.
      const cdp = await page.context().newCDPSession(page);
      const point = { x: before.x + before.width / 2, y: before.y + before.height / 2, id: 1 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      release();
      await expect(page.locator('.outline-summary').getByRole('progressbar')).toBeVisible();
      expect.soft((await summary.boundingBox())!.y, 'the module stays where the finger is').toBe(before.y);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

      await expect(module).toHaveAttribute('open', '');
      await expect(page.locator('a[data-play][data-level="2"][data-case="1"]')).toBeVisible();
      // It stays open: nothing the outline does afterwards closes it again.
      await expect(page.locator('astro-island[ssr]:has(.course-outline)')).toHaveCount(0);
      await expect(module).toHaveAttribute('open', '');
    });
  });
}
