import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { axe, expectFitsWidth, IPHONE, signIn, slowScripts, subscriber, WINDOWS_CHROME } from './helpers.ts';
import { storedAttempt } from './stored-attempt.ts';

// A learner on My learning: their scores per case over time against the pass mark and the experts' benchmark (a chart
// and a table), and, back another day with slow scripts, the courses known from the last visit shown while the page
// reads the session and the fresh answer (never the way to sign in).

const screens = [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IPHONE } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 }, userAgent: WINDOWS_CHROME } },
] as const;

/** A screenshot in the test's own output folder, copied to SHOTS_DIR when it is set (to look at them after a run). */
async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  if (process.env.SHOTS_DIR) {
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    copyFileSync(path, `${process.env.SHOTS_DIR}/${name}.png`);
  }
}

for (const lang of ['en', 'ar'] as const) {
  for (const screen of screens) {
    test.describe(`on a ${screen.name} in ${lang}`, () => {
      test.use(screen.use);

      test('a learner reads their scores per case over time, and My learning shows at once what it knew last time', async ({ page, request }) => {
        test.setTimeout(120_000);
        const t = DICTIONARIES[lang];
        const learning = `${lang === 'en' ? '' : `/${lang}`}/learning`;
        const who = await subscriber(request);
        await storedAttempt(request, who, 'turn');
        await storedAttempt(request, who, 'mistyped');
        await signIn(page, who);
        await page.goto(learning);
        const card = page.locator('.learning-course[data-course="fetoscopy-simulator"]');
        await expect(card).toBeVisible();

        // The chart: one case played twice, its points in the reading direction, the pass mark and (if any) the benchmark.
        const open = card.getByRole('button', { name: t['learning.scores'] });
        await open.click();
        await expect(open).toHaveAttribute('aria-expanded', 'true');
        const history = card.locator('.score-history');
        await expect(history.locator('.score-case')).toHaveCount(1);
        const chart = history.getByRole('img');
        await expect(chart).toHaveAttribute('aria-label', /.+/);
        expect(await chart.getAttribute('aria-label')).toContain(t['learning.scoresCase'].split('{{')[0]!.trim());
        const points = chart.locator('circle.score-point');
        await expect(points).toHaveCount(2);
        await expect(chart.locator('line.score-pass')).toHaveCount(1);
        const [first, last] = [await points.nth(0).boundingBox(), await points.nth(1).boundingBox()];
        // Time runs in the reading direction: the first attempt on the left in English, on the right in Arabic.
        if (lang === 'ar') expect(first!.x).toBeGreaterThan(last!.x);
        else expect(first!.x).toBeLessThan(last!.x);
        await history.getByText(t['learning.scoresTable']).click();
        const table = history.getByRole('table');
        await expect(table.getByRole('columnheader')).toHaveText([t['learning.scoresDate'], t['learning.scoresScore'], t['learning.scoresResult']]);
        await expect(table.locator('tbody tr')).toHaveCount(2);
        await axe(page);
        await expectFitsWidth(page);
        await history.scrollIntoViewIfNeeded();
        await shot(page, `scores-${screen.name}-${lang}`);

        // Another day, slow scripts and a slow answer: first the skeleton says it is loading, then the courses of the
        // last visit are shown while the fresh answer is read, never the way to sign in.
        let answer = () => {};
        const answered = new Promise<void>((resolve) => (answer = resolve));
        await page.route(
          (url) => url.pathname === '/api/learning',
          async (route) => {
            await answered;
            await route.continue();
          },
        );
        const release = await slowScripts(page);
        await page.goto(learning, { waitUntil: 'commit' });
        await expect(page.getByText(t['learning.loading'])).toBeVisible();
        await expect(page.locator('.page').getByRole('link', { name: t['nav.login'] })).toHaveCount(0);
        await expect(page.locator('.site-header').getByRole('link', { name: t['nav.login'] })).toBeHidden();
        await shot(page, `learning-loading-${screen.name}-${lang}`);
        release();
        await expect(card.getByRole('heading', { level: 3 })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByText(t['learning.updating'])).toBeVisible();
        await expect(page.getByText(t['learning.loading'])).toHaveCount(0);
        await shot(page, `learning-kept-${screen.name}-${lang}`);
        answer();
        await expect(page.getByText(t['learning.updating'])).toHaveCount(0);
        await expect(card.getByRole('button', { name: t['learning.scores'] })).toBeVisible();
        await axe(page);
      });
    });
  }
}
