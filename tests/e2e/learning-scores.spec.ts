import { copyFileSync, mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { fill } from '../../src/i18n/fill.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, axe, expectFitsWidth, idTokenFor, IPHONE, signIn, slowScripts, subscriber, WINDOWS_CHROME } from './helpers.ts';
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

/** Counts a user's attempts towards the experts' benchmarks or stops counting them, as the admin's user form does. */
async function markExpert(request: APIRequestContext, uid: string, isExpert: boolean) {
  const headers = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const { isAdmin, isPremium, subscriptions } = (await (await request.get(`/api/users/${uid}`, { headers })).json()) as Record<string, unknown>;
  expect((await request.put(`/api/users/${uid}`, { data: { isAdmin, isPremium, isExpert, subscriptions }, headers })).status()).toBe(200);
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
        // An expert has played the case too: while they count as one, their median is the benchmark the chart draws.
        const expert = await subscriber(request);
        await storedAttempt(request, expert, 'turn');
        await markExpert(request, expert.uid, true);
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
        await expect(chart.locator('line.score-benchmark')).toHaveCount(1);
        await expect(history.locator('.score-key-benchmark')).toHaveText(t['learning.scoresLegendBenchmark']);
        const mine = await request.get(`/api/learning/scores?course=fetoscopy-simulator&lang=${lang}`, { headers: who.headers });
        const [played] = ((await mine.json()) as { cases: { passMark: number; benchmark: number | null; points: { score: number; passes: boolean }[] }[] })
          .cases;
        expect(played!.benchmark).not.toBeNull();
        await expect(history.locator('.score-summary')).toContainText(
          fill(t['learning.scoresAgainst'], { passMark: played!.passMark, benchmark: played!.benchmark! }),
        );
        const [first, last] = [await points.nth(0).boundingBox(), await points.nth(1).boundingBox()];
        // Time runs in the reading direction: the first attempt on the left in English, on the right in Arabic.
        if (lang === 'ar') expect(first!.x).toBeGreaterThan(last!.x);
        else expect(first!.x).toBeLessThan(last!.x);
        await history.getByText(t['learning.scoresTable']).click();
        const table = history.getByRole('table');
        await expect(table.getByRole('columnheader')).toHaveText([t['learning.scoresDate'], t['learning.scoresScore'], t['learning.scoresResult']]);
        await expect(table.locator('tbody tr')).toHaveCount(2);
        // Each attempt's result says whether it reached the pass mark, and whether it counted: in this course only
        // assessed attempts do, so a practice one at or over the mark is not written as below it.
        await expect(table.locator('tbody tr td:last-child')).toHaveText(
          played!.points.map((p) => t[p.passes ? 'learning.scoresPassed' : p.score >= played!.passMark ? 'learning.scoresPractice' : 'learning.scoresBelow']),
        );
        await axe(page);
        await expectFitsWidth(page);
        await history.scrollIntoViewIfNeeded();
        await shot(page, `scores-${screen.name}-${lang}`);
        await markExpert(request, expert.uid, false);

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
