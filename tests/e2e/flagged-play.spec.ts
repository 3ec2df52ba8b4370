import { ar } from '../../src/i18n/ar.ts';
import { en } from '../../src/i18n/en.ts';
import { expect, test } from './fixtures.ts';
import { expectFitsWidth, login, newAccount } from './helpers.ts';
import { createPilot, installClock, playOnBeat, tokenScenario } from './pilot.ts';

// A flagged attempt played through the simulator page itself, not stored through the API: a script presses and
// releases an arrow key on a timer's beat (every 100 ms on the dot). The server's replay flags the log, the result
// screen says why it counts for nothing, and the learner's history says the same under the attempt.

const COURSE = 'fetoscopy-simulator';
test.use({ viewport: { width: 960, height: 640 } });

for (const [locale, d] of [
  ['en', en],
  ['ar', ar],
] as const) {
  test(`a learner whose keys go on a timer's beat sees the attempt flagged, and why, on the result and in the history (${locale})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const learner = await newAccount(request, `flagged-${locale}`, { name: 'Beat Learner' }, { premium: true });
    const res = await request.post('/api/launch', { data: { course: COURSE, level: 1, case: 1 }, headers: learner.headers });
    expect(res.status()).toBe(201);
    const token = ((await res.json()) as { token: string }).token;
    await login(page, learner);
    await installClock(page);
    await page.goto(`/simulator?${new URLSearchParams({ userid: learner.uid, course: COURSE, level: '1', case: '1', lan: locale, token })}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await playOnBeat(page, await createPilot(page, tokenScenario(token)), d);
    await page.screenshot({ path: test.info().outputPath(`flagged-result-${locale}.png`) });

    const list = (await (await request.get(`/api/attempts?courseId=${COURSE}`, { headers: learner.headers })).json()) as { id: string; flagged: boolean }[];
    expect(list).toHaveLength(1);
    expect(list[0]!.flagged).toBe(true);

    await page.goto(`/${locale === 'en' ? '' : `${locale}/`}account`);
    await expect(page.locator('.attempt-history .attempt-flagged')).toHaveText(`${d['attempts.flaggedRow']}${d['sim.flag.regular']}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await page.screenshot({ path: test.info().outputPath(`flagged-history-${locale}-phone.png`), fullPage: true });
  });
}
