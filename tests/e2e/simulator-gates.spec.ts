import type { APIRequestContext } from '@playwright/test';
import { browserLaunchLink } from '../../src/domain/launch.ts';
import { computeMetrics, scoreAttempt } from '../../src/domain/simulator/index.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { fill } from '../../src/i18n/fill.ts';
import { Player } from '../../scripts/lib/attempt-log.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, newAccount, axe } from './helpers.ts';
import { tokenScenario } from './pilot.ts';

// A learner whose score a gate capped reads which gate and why: under the debrief, on the final result and in the
// debrief of their history, from the same notes, in English and Arabic.

const SELECTIVE = { task: 'selective', difficulty: 1, placenta: 'posterior', anastomoses: 2, smallestMm: 1.8, scopes: 'straight', targets: 2 };

/** A one-case selective course with the usual pass mark of 70. */
async function course(request: APIRequestContext): Promise<string> {
  const levels = [{ title: 'Selective', active: true, cases: [{ title: 'Two anastomoses', bubbles: [], sim: SELECTIVE, passMark: 70 }] }];
  const res = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${await idTokenFor(ADMIN)}` },
    data: { title: `Gates journey ${Date.now()}`, subtitle: 'One case', levels },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as string;
}

/**
 * A complete, careful treatment with three knocks of the scope against the plate on the way in: every anastomosis
 * found, typed and sealed, so the contacts' ceiling (64) is what holds the score below the pass mark.
 */
function bumpingPlayer(token: string): Player {
  const scenario = tokenScenario(token);
  const player = new Player(scenario);
  for (let i = 0; i < 3; i += 1) {
    player.hold({ turnX: 0, turnY: 0, insert: 1, roll: 0 }).wait(3000);
    player.hold({ turnX: 0, turnY: 0, insert: -1, roll: 0 }).wait(1500);
    player.hold({ turnX: 0, turnY: 0, insert: 0, roll: 0 }).wait(300);
  }
  for (const a of scenario.placenta.anastomoses) {
    player.aimAt(a.position, { distanceMm: 10 });
    player.mark(a.kind);
    player.sealUntil(a.id);
  }
  return player.finish();
}

for (const lang of ['en', 'ar'] as const) {
  test(`a capped score says which gate capped it and why, on the result and in the history (${lang})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const t = DICTIONARIES[lang];
    const prefix = lang === 'en' ? '' : `/${lang}`;
    const courseId = await course(request);
    const learner = await newAccount(request, 'gated', { name: 'Gus Gated' }, { premium: true });
    // The placenta a launch draws decides which gates a bumping treatment meets: launched again until only the
    // contacts' ceiling of 64 holds it (the server scores the same log the same way).
    let launched: { token: string; launchedAt: number; player: ReturnType<typeof bumpingPlayer> } | null = null;
    for (let tries = 0; tries < 30 && !launched; tries++) {
      const launch = await request.post('/api/launch', { headers: learner.headers, data: { course: courseId, level: 1, case: 1 } });
      expect(launch.status()).toBe(201);
      const { token } = (await launch.json()) as { token: string };
      const candidate = bumpingPlayer(token);
      const { gates, score } = scoreAttempt(computeMetrics(candidate.sim.state));
      if (gates.length === 1 && gates[0]!.id === 'contacts' && gates[0]!.ceiling === 64 && score === 64) {
        launched = { token, launchedAt: Date.now(), player: candidate };
      }
    }
    expect(launched, 'a launch whose treatment only the contacts cap').not.toBeNull();
    const { token, launchedAt, player } = launched!;
    await page.route('**/api/attempts', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      // The server refuses a log longer than the time since the launch: wait until it could have been played.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, player.t - (Date.now() - launchedAt) - 3000)));
      return route.continue({ postData: JSON.stringify({ token, events: player.events }) });
    });

    await login(page, learner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(browserLaunchLink(`${prefix}/simulator`, { userid: learner.uid, course: courseId, level: 1, case: 1, lan: lang, token }));
    await page.locator('#sim-sketch [data-site="4"]').click();
    await page.getByRole('button', { name: t['sim.start'] }).click();
    await page.getByRole('button', { name: t['sim.finish'], exact: true }).click();
    await expect(page.locator('#sim-debrief-source')).toHaveText(t['sim.debrief.confirmed'], { timeout: 90_000 });

    const headline = fill(t['sim.debrief.capped'], { score: 64, reason: t['sim.debrief.gate.contacts'] });
    const why = fill(t['sim.debrief.why.contacts'], { count: '3' });
    const debriefNote = page.locator('#sim-capped');
    await expect(debriefNote.locator('p')).toHaveText(headline);
    await expect(debriefNote.locator('li[data-gate="contacts"]')).toHaveText(why);

    await page.getByRole('button', { name: t['sim.next'], exact: true }).click();
    await expect(page.locator('#sim-score')).toHaveText('64');
    await expect(page.locator('#sim-verdict')).toHaveAttribute('data-passed', 'false');
    const resultNote = page.locator('#sim-result-capped');
    await expect(resultNote.locator('p')).toHaveText(headline);
    await expect(resultNote.locator('li')).toHaveText([why]);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`gate-result-${lang}-desktop.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await page.screenshot({ path: test.info().outputPath(`gate-result-${lang}-phone.png`), fullPage: true });

    // The history's debrief says the same.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${prefix}/account`);
    const open = page.getByRole('button', { name: new RegExp(`^${t['attempts.debriefOf'].split('{{')[0]}`) }).first();
    const dialog = page.getByRole('dialog', { name: t['sim.debrief.title'] });
    // A press before the island hydrates does nothing: pressed again until the dialog opens.
    await expect(async () => {
      await open.click();
      await expect(dialog).toBeVisible({ timeout: 2000 });
    }).toPass();
    const historyNote = dialog.locator('.debrief-capped');
    await expect(historyNote.locator('p')).toHaveText(headline);
    await expect(historyNote.locator('li')).toHaveText([why]);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`gate-history-${lang}-desktop.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`gate-history-${lang}-phone.png`) });
  });
}
