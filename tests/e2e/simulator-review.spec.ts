import { expect, test } from './fixtures.ts';
import { axe } from './helpers.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';

// The lens and the end of the operation (issue 45): a plunge onto the plate smears the lens, the wipe (C, or the
// Wipe button on a phone) cleans it; "Done" starts the final review of the equator, whose progress the button
// shows; after Finish the debrief's outcome card says what the anastomoses left open mean for the twins, and the
// components table scores the review (nothing was done before it here, so it reviewed nothing). On a
// desktop with the keys and on a phone with the on-screen controls, in English and Arabic (a demo run, not saved).

const COURSE = 'fetoscopy-simulator';
const prefix = (lang: 'en' | 'ar') => (lang === 'en' ? '' : `/${lang}`);

for (const lang of ['en', 'ar'] as const) {
  for (const device of ['desktop', 'phone'] as const) {
    test.describe(`${device} in ${lang}`, () => {
      if (device === 'phone') test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      else test.use({ viewport: { width: 1280, height: 800 } });

      test('a plunge fogs the lens, the wipe cleans it, Done starts the review, and the debrief gives the outcome', async ({ page }, testInfo) => {
        test.setTimeout(150_000);
        const t = DICTIONARIES[lang];
        const press = (name: string) =>
          device === 'phone' ? page.getByRole('button', { name, exact: true }).tap() : page.getByRole('button', { name, exact: true }).click();
        await page.goto(`${prefix(lang)}/simulator?course=${COURSE}&level=2&case=1`);
        await press(t['sim.site.button'].replace('{{n}}', '5'));
        await press(t['sim.start']);
        const toast = page.locator('#sim-toast');
        const review = page.locator('#sim-review');
        await expect(review).toBeEnabled();
        await expect(review).toHaveText(t['sim.review.start']);

        // Straight down onto the plate: a contact, which smears the lens.
        if (device === 'desktop') {
          await page.locator('#sim-canvas').focus();
          // On the way down, in short presses of W: the plate in focus with its cotyledons' relief under 15 mm, out of
          // focus under 4 mm.
          const distance = async () => Number.parseFloat((await page.locator('#sim-h-distance').textContent())!.replace(/[^\d.]/g, ''));
          if (lang === 'en')
            for (const [mm, ms, name] of [
              [15, 150, 'in-focus'],
              [4, 40, 'too-close'],
            ] as const) {
              while ((await distance()) >= mm && (await page.locator('#sim-h-contacts').textContent()) === '0') {
                await page.keyboard.down('KeyW');
                await page.waitForTimeout(ms);
                await page.keyboard.up('KeyW');
                await page.waitForTimeout(150);
              }
              await page.locator('#sim-scope').screenshot({ path: testInfo.outputPath(`${name}-${device}-${lang}.png`) });
            }
          await page.keyboard.down('KeyW');
          await expect(page.locator('#sim-h-contacts')).toHaveText('1', { timeout: 20_000 });
          await page.keyboard.up('KeyW');
          await page.keyboard.down('KeyS');
          await page.waitForTimeout(1500);
          await page.keyboard.up('KeyS');
        } else {
          const slider = page.getByRole('group', { name: t['sim.touch.depth'] });
          const box = (await slider.boundingBox())!;
          const cdp = await page.context().newCDPSession(page);
          const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
            cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ id: 1, x: box.x + box.width / 2, y }] });
          const mid = box.y + box.height / 2;
          await touch('touchStart', mid);
          await touch('touchMove', mid - 60);
          await expect(page.locator('#sim-h-contacts')).toHaveText('1', { timeout: 20_000 });
          await touch('touchMove', mid + 60);
          await page.waitForTimeout(1500);
          await touch('touchEnd', mid);
        }
        await page.waitForTimeout(500);
        await page.locator('#sim-scope').screenshot({ path: testInfo.outputPath(`fogged-${device}-${lang}.png`) });

        if (device === 'desktop') await page.keyboard.press('KeyC');
        else await press(t['sim.touch.wipe']);
        await expect(toast).toHaveText(t['sim.wipe.started']);
        await page.waitForTimeout(5500);
        await page.locator('#sim-scope').screenshot({ path: testInfo.outputPath(`wiped-${device}-${lang}.png`) });

        await press(t['sim.review.start']);
        await expect(toast).toHaveText(t['sim.review.started']);
        await expect(review).toBeDisabled();
        // The button now shows how much of the equator the review has surveyed.
        const progress = t['sim.review.progress'].split('{{')[0]!;
        await expect(review).toContainText(progress);
        await page.screenshot({ path: testInfo.outputPath(`review-${device}-${lang}.png`) });

        await press(t['sim.finish']);
        const card = page.locator('#sim-prognosis');
        await expect(card).toBeVisible();
        await expect(card.getByRole('heading', { name: t['sim.prognosis.title'] })).toBeVisible();
        // Nothing was sealed: every anastomosis is open, so the outcome names high risks, and one contact the membranes'.
        const items = card.locator('li');
        await expect(items).toHaveCount(3);
        await expect(card.locator('li[data-risk="rupture"]')).toHaveAttribute('data-level', 'moderate');
        const levels = await items.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.level));
        expect(levels.slice(0, 2)).toContain('high');
        await expect(page.locator('#sim-prognosis-review')).toContainText(t['sim.prognosis.reviewed'].split('{{')[0]!);
        // The review is scored, but one begun before any work reviews nothing: 0 %, and the advice says when to make it.
        const scored = page.locator('#sim-components tr[data-component="review"]');
        await expect(scored.getByRole('rowheader')).toHaveText(t['sim.component.review']);
        await expect(scored.getByRole('cell').first()).toHaveText(lang === 'en' ? '0%' : /0/);
        await expect(scored).toContainText(t['sim.advice.review.improve']);
        await card.scrollIntoViewIfNeeded();
        await axe(page);
        await page.screenshot({ path: testInfo.outputPath(`outcome-${device}-${lang}.png`), fullPage: true });
      });
    });
  }
}
