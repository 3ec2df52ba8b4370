import { ar } from '../../src/i18n/ar.ts';
import { en } from '../../src/i18n/en.ts';
import { expect, test } from './fixtures.ts';
import { assessedWorld } from './assessed-world.ts';
import { axe, expectFitsWidth, login } from './helpers.ts';
import { createPilot, installClock, playOnBeat, tokenScenario } from './pilot.ts';

// A flagged attempt in a supervised sitting, played through the simulator page itself (not stored through the
// API): the learner starts the case with the sitting's code, a script presses and releases an arrow key every
// 100 ms on the dot, the server's replay flags the log, and the director reads the launch as flagged, with why.

for (const [locale, d] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`a learner's attempt on a timer's beat in a sitting is shown flagged, and why, on the result and to the director (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const shot = (name: string) => test.info().outputPath(`${name}-${locale}.png`);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    const { courseId, director, learner } = await assessedWorld(request, `Beat${locale}`, 'Fay Beat');
    const coursePath = `${prefix}/courses/${courseId}`;

    // The director opens a sitting now for the learner.
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, director);
    await page.goto(coursePath);
    const panel = page.getByRole('region', { name: d['assess.title'] });
    await panel.getByRole('checkbox', { name: 'Fay Beat' }).check();
    await panel.getByRole('button', { name: d['assess.open'] }).click();
    const open = panel.locator('li[data-state="open"]');
    await expect(open).toHaveCount(1);
    const code = (await open.locator('[data-code]').textContent())!;

    // The learner starts the case with the code and plays it on the simulator page, keys on a beat.
    const learnerContext = await browser.newContext({ viewport: { width: 960, height: 640 } });
    const play = await learnerContext.newPage();
    await login(play, learner);
    await play.goto(coursePath);
    await expect(play.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
    await play.locator('a[data-play]').first().click();
    const dialog = play.getByRole('dialog');
    await dialog.getByLabel(d['course.assessment.code']).fill(code);
    await dialog.getByRole('button', { name: d['course.assessment.start'] }).click();
    // The link is the assessment's once the dialog says so (before, it is the practice launch's).
    await expect(dialog.getByRole('status').filter({ hasText: d['course.assessment.ready'] })).toBeVisible();
    const href = (await dialog.locator('a[data-launch="browser"]').getAttribute('href'))!;
    const token = new URL(href, 'http://x').searchParams.get('token')!;
    await installClock(play);
    await play.goto(href);
    await expect(play.locator('html')).toHaveAttribute('lang', locale);
    await playOnBeat(play, await createPilot(play, tokenScenario(token)), d);
    await play.screenshot({ path: shot('learner-result-desktop') });
    await play.setViewportSize({ width: 390, height: 844 });
    await expect(play.locator('#sim-verdict-flags li')).toBeVisible();
    await play.screenshot({ path: shot('learner-result-phone') });
    // The page sends the attempt after showing its result: the server has it, flagged, before the director looks.
    await expect
      .poll(async () =>
        ((await (await request.get(`/api/attempts?courseId=${courseId}`, { headers: learner.headers })).json()) as { flagged: boolean }[]).map(
          (a) => a.flagged,
        ),
      )
      .toEqual([true]);
    await learnerContext.close();

    // The director reads the sitting's launches: this one flagged, with its reason under the fate.
    await open.getByRole('button', { name: d['assess.launches'] }).click();
    const flagged = panel.locator('.sitting-launches tr[data-fate="flagged"]');
    await expect(flagged).toHaveCount(1);
    await expect(flagged).toContainText(d['assess.fate.flagged']);
    await expect(flagged.locator('.sitting-flags li')).toHaveText([d['sim.flag.regular']]);
    await axe(page);
    await panel.screenshot({ path: shot('director-launches-desktop') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await flagged.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: shot('director-launches-phone') });
  });
}
