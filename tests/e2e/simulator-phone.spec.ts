import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axe, slowScripts } from './helpers.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';

// A learner opens a course case on a slow connection (the page's scripts arrive 2 s late) and presses keys before they
// do, on a phone held either way and on a desktop, in English and Arabic: the page says it is loading where the view
// will be, then the play layout keeps Finish, the guide's current step and the controls in view, marking and pausing leave the
// view where it is, and the result offers nothing of the demo.

const CASE = 'simulator?course=fetoscopy-simulator&level=2&case=1';
const SCREENS = {
  'phone upright': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  'phone sideways': { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;

/** Whether `inner`'s box lies within `outer`'s (to the pixel). */
async function within(inner: Locator, outer: Locator) {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1;
}

async function centreX(el: Locator) {
  const box = (await el.boundingBox())!;
  return box.x + box.width / 2;
}

for (const lang of ['en', 'ar'] as const) {
  for (const [name, screen] of Object.entries(SCREENS)) {
    const touch = 'hasTouch' in screen;
    test(`${lang}, ${name}: loading in view, then Finish, the guide and the controls in view; marking keeps the view; the result offers no demo`, async ({
      browser,
      baseURL,
    }) => {
      const t = DICTIONARIES[lang];
      const context = await browser.newContext({ baseURL, ...screen });
      const page = await context.newPage();
      const release = await slowScripts(page);
      const shot = (step: string) => page.screenshot({ path: `/tmp/shots/sim-${lang}-${name.replace(' ', '-')}-${step}.png` });
      await page.goto(`${lang === 'en' ? '' : `/${lang}`}/${CASE}`, { waitUntil: 'commit' });

      // Before the scripts: the view's place says it is being prepared, in the page's language, on screen.
      const loading = page.locator('#sim-loading');
      await expect(loading).toHaveText(t['sim.loading']);
      // Soft: a journey that fails lists every requirement it missed, not only the first.
      await expect.soft(loading).toBeInViewport({ ratio: 1 });
      // Where the view will be drawn, not below the controls.
      expect.soft(await within(loading, page.locator('#sim-canvas'))).toBe(true);
      await shot('loading');
      // Keys pressed while the scripts are on their way: turning, advancing, the beam, firing, marking, starting.
      for (const key of ['ArrowRight', 'KeyW', 'Shift', 'Space', 'KeyM', 'Enter']) await page.keyboard.down(key);
      release();
      for (const key of ['ArrowRight', 'KeyW', 'Shift', 'Space', 'KeyM', 'Enter']) await page.keyboard.up(key);

      const start = page.locator('#sim-start');
      await expect(start).toBeVisible({ timeout: 30_000 });
      await expect(loading).toBeHidden();
      await page.locator('#sim-sketch [data-site="0"]').click();
      await start.click();

      // Playing: Finish, the guide's current step and (on a touch screen) both controls entirely in view.
      const finish = page.locator('#sim-finish');
      await expect(finish).toBeEnabled();
      const distance = page.locator('#sim-h-distance');
      await expect(distance).not.toBeEmpty();
      for (const el of [finish, page.locator('#sim-step-count'), page.locator('#sim-prompt'), page.locator('#sim-canvas')])
        await expect.soft(el).toBeInViewport({ ratio: 1 });
      await expect(page.locator('#sim-prompt')).not.toBeEmpty();
      // Nothing the early keys did is held: the scope stays still.
      const still = await distance.textContent();
      await page.waitForTimeout(400);
      await expect(distance).toHaveText(still!);
      await expect(page.locator('#sim-laser')).toHaveAttribute('data-state', 'off');
      if (touch) {
        const stick = page.locator('[data-touch="pivot"]');
        const depth = page.locator('[data-touch="depth"]');
        await expect.soft(stick).toBeInViewport({ ratio: 1 });
        await expect.soft(depth).toBeInViewport({ ratio: 1 });
        await expect.soft(page.locator('[data-touch="fire"]')).toBeInViewport({ ratio: 1 });
        // One thumb turns, the other sets the depth: the two on opposite halves of the screen.
        const middle = screen.viewport.width / 2;
        expect.soft(((await centreX(stick)) - middle) * ((await centreX(depth)) - middle)).toBeLessThan(0);
      }
      await axe(page);
      await shot('playing');

      // Marking: the dialog opens over the view and the page does not scroll.
      const scrolled = await page.evaluate(() => scrollY);
      if (touch) await page.locator('[data-touch="mark"]').tap();
      else await page.keyboard.press('KeyM');
      const dialog = page.getByRole('dialog', { name: t['sim.mark.title'] });
      await expect(dialog).toBeVisible();
      await expect.soft(dialog).toBeInViewport({ ratio: 1 });
      expect.soft(await page.evaluate(() => scrollY)).toBe(scrolled);
      expect.soft(await within(dialog, page.locator('#sim-canvas'))).toBe(true);
      await expect.soft(page.locator('#sim-canvas')).toBeInViewport({ ratio: 1 });
      await shot('marking');
      await dialog.getByRole('button', { name: t['sim.mark.cancel'] }).click();
      await expect(dialog).toBeHidden();

      // Pausing: the pause panel and its Resume over the view, in sight, the page not scrolled (a phone stacked it below the controls).
      if (touch) await page.locator('[data-touch="pause"]').tap();
      else await page.keyboard.press('Escape');
      const paused = page.locator('#sim-paused');
      await expect(paused).toBeVisible();
      await expect.soft(paused).toBeInViewport({ ratio: 1 });
      await expect.soft(paused.getByRole('button', { name: t['sim.resume'] })).toBeFocused();
      expect.soft(await within(paused, page.locator('#sim-canvas'))).toBe(true);
      expect.soft(await page.evaluate(() => scrollY)).toBe(scrolled);
      await shot('paused');
      await paused.getByRole('button', { name: t['sim.resume'] }).click();
      await expect(paused).toBeHidden();

      await finish.click();
      await page.locator('#sim-next').click();
      const result = page.locator('#sim-result');
      await expect(result).toBeVisible();
      // A course case is no demo: nothing on the result (nor above it) leads there.
      await expect.soft(page.getByRole('link', { name: t['sim.small.demo'] })).toHaveCount(0);
      await expect.soft(page.locator('#sim-small')).toBeHidden();
      await axe(page);
      await shot('result');
      await context.close();
    });
  }
}
