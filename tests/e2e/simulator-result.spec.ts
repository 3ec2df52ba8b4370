import type { APIRequestContext, Page } from '@playwright/test';
import { TARGET } from '../../src/domain/simulator/index.ts';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, uniqueEmail, axe } from './helpers.ts';
import { createPilot, installClock, tokenScenario } from './pilot.ts';
import { TERMS_VERSION } from '../../src/domain/legal.ts';

// The result screen after the debrief: passed or not against the case's pass mark, Retry, Next case, the certificate
// when the attempt completed the course, and the course page (open in another tab) following without a reload.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const NAVIGATION = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };
const PASS_MARK = 40;
/** A score's distance from the pass mark as the page writes it, signed. */
const signed = (n: number) => new Intl.NumberFormat('en', { signDisplay: 'exceptZero' }).format(n);

/** A learner in the emulator with its profile, made premium by the admin so it may play every case. */
async function learner(request: APIRequestContext) {
  const who = { email: uniqueEmail('result'), password: 'result-pass1' };
  const res = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, displayName: 'Rita Result', returnSecureToken: true }),
  });
  const { localId: uid, idToken } = (await res.json()) as { localId: string; idToken: string };
  expect(
    (
      await request.post('/api/users', { headers: auth(idToken), data: { acceptedTerms: TERMS_VERSION, id: uid, email: who.email, name: 'Rita Result' } })
    ).status(),
  ).toBe(201);
  const put = await request.put(`/api/users/${uid}`, { headers: auth(await idTokenFor(ADMIN)), data: { isAdmin: false, isPremium: true, subscriptions: [] } });
  expect(put.status()).toBe(200);
  return { ...who, uid };
}

/** A course of two navigation cases, each with a low pass mark the admin set. */
async function twoCaseCourse(request: APIRequestContext): Promise<string> {
  const nav = (title: string) => ({ title, bubbles: [], sim: NAVIGATION, passMark: PASS_MARK });
  const res = await request.post('/api/courses', {
    headers: auth(await idTokenFor(ADMIN)),
    data: { title: `Result journey ${Date.now()}`, subtitle: 'Two cases', levels: [{ title: 'First steps', active: true, cases: [nav('One'), nav('Two')] }] },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as string;
}

const row = (page: Page, kase: number) => page.locator(`.course-outline .case[data-level="1"][data-case="${kase}"]`);

/** Opens the fetoscopy and finishes at once: an attempt that earns nothing. */
async function finishAtOnce(sim: Page, open: string, finish: string) {
  await sim.locator('#sim-sketch [data-site="0"]').click();
  await sim.getByRole('button', { name: open }).click();
  await sim.getByRole('button', { name: finish, exact: true }).click();
}

/** Plays the launch in the page's address with the keys, holding each target: a passing navigation attempt. */
async function playToPass(sim: Page) {
  const scenario = tokenScenario(new URL(sim.url()).searchParams.get('token')!);
  const pilot = await createPilot(sim, scenario);
  await pilot.open('straight');
  for (const [k, target] of scenario.targets.entries()) {
    for (let tries = 0; tries < 4 && pilot.state.nextTarget === k; tries += 1) {
      await pilot.aimAt(target, 12, 3);
      await pilot.wait(TARGET.holdMs + 100);
    }
  }
  await pilot.finish('Finish', true);
}

async function toResult(sim: Page, next: string, title: string) {
  await sim.getByRole('button', { name: next, exact: true }).click();
  await expect(sim.getByRole('heading', { name: title })).toBeFocused();
}

test('the result says passed or not against the pass mark, Retry and Next case launch again, the certificate is announced, and the course page follows', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(300_000);
  const courseId = await twoCaseCourse(request);
  const who = await learner(request);
  await login(page, who, `/login?next=${encodeURIComponent(`/courses/${courseId}`)}`);
  await expect(page.getByText('0 of 2 cases passed')).toBeVisible();

  // The simulator opens from the course page's dialog, in a tab beside it.
  await page.getByRole('link', { name: 'Start: module 1, case 1' }).click();
  const href = (await page.getByRole('link', { name: /Browser version/ }).getAttribute('href'))!;
  await page.getByRole('button', { name: 'Close' }).click();
  const sim = await context.newPage();
  await installClock(sim);
  await sim.goto(href);

  // Finished at once: nothing earned, failed by the whole pass mark.
  await finishAtOnce(sim, 'Open the fetoscopy', 'Finish');
  await toResult(sim, 'Next', 'Final result');
  await expect(sim.getByText('Your result has been saved to your record.')).toBeVisible();
  await expect(sim.locator('#sim-score')).toHaveText('0');
  const verdict = sim.getByRole('status').filter({ hasText: 'Not passed' });
  await expect(verdict).toContainText(`${signed(-PASS_MARK)} against the pass mark of ${PASS_MARK}.`);
  await expect(sim.locator('#sim-verdict')).toHaveAttribute('data-passed', 'false');
  await expect(sim.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(sim.getByRole('button', { name: 'Next case' })).toBeVisible();
  await expect(sim.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', `/courses/${courseId}`);
  await expect(sim.getByText('Certificate earned')).toBeHidden();
  await axe(sim);
  await sim.screenshot({ path: test.info().outputPath('result-en-desktop-failed.png'), fullPage: true });
  // The course page, never reloaded, shows the attempt.
  await expect(row(page, 1)).toHaveAttribute('data-state', 'attempted');
  await expect(row(page, 1)).toContainText(`Best score 0, pass mark ${PASS_MARK}`);

  // Retry: a new launch of the same case.
  const firstToken = new URL(href, e2e.baseURL).searchParams.get('token');
  await sim.getByRole('button', { name: 'Retry' }).click();
  await expect(sim.getByRole('button', { name: 'Open the fetoscopy' })).toBeVisible();
  const retried = new URL(sim.url());
  expect(retried.searchParams.get('case')).toBe('1');
  expect(retried.searchParams.get('token')).not.toBe(firstToken);
  await expect(sim.getByText('Module 1, case 1 · Navigation')).toBeVisible();

  // Played to a pass: above the mark, the next case still to play, so no certificate yet.
  await playToPass(sim);
  await toResult(sim, 'Next', 'Final result');
  await expect(sim.locator('#sim-verdict')).toHaveAttribute('data-passed', 'true');
  const score = Number(await sim.locator('#sim-score').textContent());
  expect(score).toBeGreaterThanOrEqual(PASS_MARK);
  await expect(sim.locator('#sim-verdict-title')).toHaveText('Passed');
  await expect(sim.locator('#sim-verdict-margin')).toHaveText(`${signed(score - PASS_MARK)} against the pass mark of ${PASS_MARK}.`);
  await expect(sim.getByText('Certificate earned')).toBeHidden();
  await expect(row(page, 1)).toHaveAttribute('data-state', 'passed');
  await expect(page.getByText('1 of 2 cases passed')).toBeVisible();

  // Next case, then a pass that completes the course: the certificate, with its link.
  await sim.getByRole('button', { name: 'Next case' }).click();
  await expect(sim.getByText('Module 1, case 2 · Navigation')).toBeVisible();
  expect(new URL(sim.url()).searchParams.get('case')).toBe('2');
  await playToPass(sim);
  await toResult(sim, 'Next', 'Final result');
  await expect(sim.locator('#sim-verdict')).toHaveAttribute('data-passed', 'true');
  await expect(sim.getByText('Certificate earned: you have completed the course.')).toBeVisible();
  await expect(sim.getByRole('button', { name: 'Next case' })).toBeHidden();
  await axe(sim);
  await sim.screenshot({ path: test.info().outputPath('result-en-desktop-certificate.png'), fullPage: true });
  await sim.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(sim);
  await sim.screenshot({ path: test.info().outputPath('result-en-phone-certificate.png'), fullPage: true });
  await expect(page.getByText('2 of 2 cases passed')).toBeVisible();
  await expect(page.getByText(/^Course completed on /)).toBeVisible();

  await sim.getByRole('link', { name: 'View your certificate' }).click();
  await expect(sim.getByText('This certificate is genuine.')).toBeVisible();
  await expect(sim.getByText(/^Result journey/)).toBeVisible();
});

test('in Arabic, the result reads right to left: not passed against the pass mark, and Next case opens the next case', async ({ page, request }) => {
  test.setTimeout(120_000);
  const courseId = await twoCaseCourse(request);
  const who = await learner(request);
  await login(page, who);
  const launched = await request.post('/api/launch', { headers: auth(await idTokenFor(who)), data: { course: courseId, level: 1, case: 1 } });
  expect(launched.status()).toBe(201);
  const { token } = (await launched.json()) as { token: string };
  await page.goto(`/simulator?${new URLSearchParams({ userid: who.uid, course: courseId, level: '1', case: '1', lan: 'ar', token })}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await finishAtOnce(page, 'افتح التنظير الجنيني', 'إنهاء');
  await toResult(page, 'التالي', 'النتيجة النهائية');
  await expect(page.locator('#sim-verdict')).toHaveAttribute('data-passed', 'false');
  await expect(page.locator('#sim-verdict-title')).toHaveText('غير ناجح');
  await expect(page.locator('#sim-verdict-margin')).toHaveText(`-${PASS_MARK} مقارنةً بدرجة النجاح ${PASS_MARK}.`);
  await expect(page.getByRole('button', { name: 'أعد المحاولة' })).toBeVisible();
  await axe(page);
  await page.screenshot({ path: test.info().outputPath('result-ar-desktop-failed.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page);
  await page.screenshot({ path: test.info().outputPath('result-ar-phone-failed.png'), fullPage: true });

  await page.getByRole('button', { name: 'الحالة التالية' }).click();
  await expect(page).toHaveURL(/\/ar\/simulator\?.*case=2/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'افتح التنظير الجنيني' })).toBeVisible();
});
