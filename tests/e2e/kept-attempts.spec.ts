import { paramsOfCase } from '../../src/domain/simulator/index.ts';
import { en } from '../../src/i18n/en.ts';
import { signLaunchToken } from '../../src/server/launch/launch-token.ts';
import { expect, test } from './fixtures.ts';
import { axe, login, newAccount } from './helpers.ts';
import { createPilot, installClock, tokenScenario } from './pilot.ts';

// An attempt that cannot be sent when the learner finishes is kept in the browser, said to be, and sent when it can be:
// here /api/attempts is unreachable at Finish, and is back by the time the learner opens My learning.

const CASE = { course: 'fetoscopy-simulator', level: 1, case: 1 };

test('an attempt the server cannot be reached for is saved on this device, then sent from My learning and shown in the history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const learner = await newAccount(request, 'kept', { name: 'Kim Kept' }, { premium: true });
  await login(page, learner);
  const launched = await request.post('/api/launch', { headers: learner.headers, data: CASE });
  expect(launched.status()).toBe(201);
  const { token } = (await launched.json()) as { token: string };

  // The network to /api/attempts fails: every POST is aborted as a dropped connection would be.
  let refused = 0;
  const offline = '**/api/attempts';
  await page.route(offline, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    refused += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto(`/simulator?${new URLSearchParams({ userid: learner.uid, course: CASE.course, level: '1', case: '1', lan: 'en', token })}`);
  await page.getByRole('button', { name: 'Open the fetoscopy' }).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Debrief' })).toBeFocused();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#sim-save')).toHaveText(en['sim.result.kept']);
  await expect(page.getByRole('button', { name: en['sim.retrySave'] })).toBeVisible();
  expect(refused).toBeGreaterThan(0);
  const score = await page.locator('#sim-score').textContent();

  // The simulator's tab is gone: My learning, still without the server, lists the attempt this browser kept.
  await page.goto('/learning');
  const kept = page.getByRole('region', { name: en['kept.title'] });
  await expect(kept).toContainText('Module 1, case 1');
  await expect(kept.getByRole('status')).toHaveText(en['kept.waiting']);
  await axe(page);

  // The connection is back: the page hears it and sends the attempt, once.
  await page.unroute(offline);
  const sent = page.waitForResponse((res) => res.url().endsWith('/api/attempts') && res.request().method() === 'POST');
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  expect((await sent).status()).toBe(201);
  await expect(kept.getByRole('status')).toHaveText(en['kept.sent'].replace('{{score}}', score!));

  // It is in the learner's history, and no longer on the device.
  await page.goto('/account');
  const history = page.getByRole('region', { name: en['attempts.recent'] });
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('Module 1, case 1');
  await expect(history.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(score!);
  await page.goto('/learning');
  await expect(page.getByRole('heading', { name: en['learning.courses'] })).toBeVisible();
  await expect(page.getByRole('region', { name: en['kept.title'] })).toHaveCount(0);
  const stored = await request.get(`/api/attempts?courseId=${CASE.course}`, { headers: learner.headers });
  expect((await stored.json()) as unknown[]).toHaveLength(1);
});

test('an attempt played for 30 minutes is saved', async ({ page, request }) => {
  test.setTimeout(120_000);
  const learner = await newAccount(request, 'long', { name: 'Lou Long' }, { premium: true });
  // The launch was made 31 minutes ago (signed as the local server signs it, with its development key), so the
  // server's own clock sees a 30-minute log arrive 30 minutes after it began; the page's clock is the pilot's.
  const sim = paramsOfCase(undefined, CASE.level, CASE.case);
  const launch = { uid: learner.uid, course: CASE.course, level: CASE.level, case: CASE.case, caseId: 'm1c1', variant: 7919, sim };
  const token = await signLaunchToken('local-development-launch-secret', launch, new Date(Date.now() - 31 * 60_000));
  await login(page, learner);
  await installClock(page);
  await page.goto(`/simulator?${new URLSearchParams({ userid: learner.uid, course: CASE.course, level: '1', case: '1', lan: 'en', token })}`);
  const pilot = await createPilot(page, tokenScenario(token));
  await pilot.open('straight');
  // A look around every three minutes, for half an hour.
  for (let i = 0; i < 10; i += 1) {
    await pilot.hold([{ key: i % 2 ? 'ArrowLeft' : 'ArrowRight', ms: 400 }]);
    await pilot.wait(3 * 60_000 - 1000);
  }
  await pilot.wait(30 * 60_000 - pilot.t);
  await pilot.finish('Finish');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.locator('#sim-save')).toHaveText(en['sim.result.saved']);
  await expect(page.locator('#sim-surgery-time')).toHaveText(/^30:/);
  const stored = await request.get(`/api/attempts?courseId=${CASE.course}`, { headers: learner.headers });
  const [attempt] = (await stored.json()) as Array<{ surgeryTimeMs: number }>;
  expect(attempt!.surgeryTimeMs).toBeGreaterThanOrEqual(30 * 60_000);
});

test('when the end of the case cannot be fetched at Finish, the play stays on the page, said so, and is saved once it can be', async ({ page, request }) => {
  test.setTimeout(120_000);
  const learner = await newAccount(request, 'unfetched', { name: 'Uma Unfetched' }, { premium: true });
  await login(page, learner);
  const launched = await request.post('/api/launch', { headers: learner.headers, data: CASE });
  const { token } = (await launched.json()) as { token: string };
  // The debrief's code (fetched when the surgery begins) cannot be reached: the connection dropped after the page loaded.
  const endCode = '**/_astro/debrief-panel.*.js';
  await page.route(endCode, (route) => route.abort('internetdisconnected'));
  await page.goto(`/simulator?${new URLSearchParams({ userid: learner.uid, course: CASE.course, level: '1', case: '1', lan: 'en', token })}`);
  await page.getByRole('button', { name: 'Open the fetoscopy' }).click();
  await page.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(page.getByText(en['sim.endUnreachable'])).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Debrief' })).toBeHidden();

  // The connection is back: the next try fetches the end, shows the debrief, and the attempt is stored.
  await page.unroute(endCode);
  const sent = page.waitForResponse((res) => res.url().endsWith('/api/attempts') && res.request().method() === 'POST');
  await expect(page.getByRole('heading', { name: 'Debrief' })).toBeFocused();
  expect((await sent).status()).toBe(201);
  const stored = await request.get(`/api/attempts?courseId=${CASE.course}`, { headers: learner.headers });
  expect((await stored.json()) as unknown[]).toHaveLength(1);
});
