import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { buildScenario, computeMetrics, normalizeCaseParams, paramsOfCase, scoreAttempt, seedFor } from '../../src/domain/simulator/index.ts';
import { Player } from '../../scripts/lib/attempt-log.ts';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, idTokenFor, login, uniqueEmail } from './helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots';
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const NAVIGATION = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** An account in the emulator with its profile, made premium by the admin when it is to play. */
async function account(request: APIRequestContext, tag: string, name: string, premium: boolean) {
  const who = { email: uniqueEmail(tag), password: `${tag}-pass1` };
  const res = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, displayName: name, returnSecureToken: true }),
  });
  const { localId: uid, idToken } = (await res.json()) as { localId: string; idToken: string };
  expect((await request.post('/api/users', { headers: auth(idToken), data: { id: uid, email: who.email, name } })).status()).toBe(201);
  if (premium) {
    const put = await request.put(`/api/users/${uid}`, { headers: auth(await idTokenFor(ADMIN)), data: { isAdmin: false, isPremium: true, subscriptions: [] } });
    expect(put.status()).toBe(200);
  }
  return { ...who, uid, name };
}

/** A short course in proficiency order: two navigation cases in one module, then one in a second. */
async function shortCourse(request: APIRequestContext): Promise<string> {
  const nav = (title: string, passMark?: number) => ({ title, bubbles: [], sim: NAVIGATION, ...(passMark ? { passMark } : {}) });
  const levels = [
    { title: 'Finding your way', active: true, cases: [nav('Two targets', 60), nav('Two more targets')] },
    { title: 'Steady hands', active: true, cases: [nav('Last targets')] },
  ];
  const admin = auth(await idTokenFor(ADMIN));
  const res = await request.post('/api/courses', { headers: admin, data: { title: `Navigation basics ${Date.now()}`, subtitle: 'A short course for the journey', levels } });
  expect(res.status()).toBe(201);
  const id = (await res.json()) as string;
  const course = await (await request.get(`/api/courses/${id}`)).json();
  expect((await request.put(`/api/courses/${id}`, { headers: admin, data: { ...course, id: undefined, proficiencyOrder: true } })).status()).toBe(200);
  return id;
}

/**
 * Presses the outline's Continue (or Start), opens the browser version from the dialog, and plays the case the launch
 * token names: the scenario read from the token as the simulator page reads it, every target reached by the model's
 * scripted hand, the log sent as the page sends it once the launch is old enough to have lasted that long.
 */
async function continueAndPlay(page: Page, request: APIRequestContext, label: RegExp) {
  await page.getByRole('link', { name: label }).click();
  const browser = page.getByRole('link', { name: /Browser version/ });
  await expect(browser).toBeVisible();
  const url = new URL((await browser.getAttribute('href'))!, e2e.baseURL);
  const token = url.searchParams.get('token')!;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { course: string; level: number; case: number; variant: number; sim: unknown };
  const scenario = buildScenario(normalizeCaseParams(claims.sim, paramsOfCase(undefined, claims.level, claims.case)), seedFor(claims.course, claims.level, claims.case, claims.variant));
  const player = new Player(scenario);
  for (const target of scenario.targets) player.aimAt(target, { distanceMm: 20, toleranceMm: 3 });
  player.finish();
  const expected = scoreAttempt(computeMetrics(player.sim.state)).score;
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForTimeout(Math.max(0, player.t - 4000));
  const res = await request.post('/api/attempts', { data: { token, events: player.events } });
  expect(res.status()).toBe(201);
  const stored = (await res.json()) as { score: number; flagged: boolean; level: number; case: number };
  expect(stored).toMatchObject({ score: expected, flagged: false });
  return stored;
}

const row = (page: Page, level: number, kase: number) => page.locator(`.course-outline .case[data-level="${level}"][data-case="${kase}"]`);

test('a learner passes a short course, continues case by case, downloads the certificate, and anyone can verify it', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const courseId = await shortCourse(request);
  const learner = await account(request, 'trainee', 'Lea Journey', true);

  // A visitor sees the outline, the pass marks and what a plan opens, but no progress.
  await page.goto(`/courses/${courseId}`);
  await expect(row(page, 1, 1)).toContainText('Pass mark 60 · Opens with a plan');
  await expect(row(page, 2, 1)).toContainText('Pass mark 70 · Opens with a plan once module 1 is passed');
  await expect(page.getByText('Proficiency-based order')).toBeVisible();

  await login(page, learner, `/login?next=${encodeURIComponent(`/courses/${courseId}`)}`);
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`));
  await expect(page.getByText('0 of 3 cases passed')).toBeVisible();
  await expect(row(page, 1, 1)).toContainText('Not started · Pass mark 60');
  await expect(page.locator('.lock-reason')).toHaveText('Locked: pass every case of module 1, “Finding your way”, first (2 left).');
  await page.getByRole('heading', { name: /Steady hands/ }).click();
  await expect(row(page, 2, 1).getByRole('img', { name: /^Locked/ })).toBeVisible();
  await expect(row(page, 2, 1).getByRole('link')).toHaveCount(0);
  await axe(page);
  await page.screenshot({ path: `${SHOTS}/learning-outline-start-en.png`, fullPage: true });

  const first = await continueAndPlay(page, request, /^Start: module 1, case 1$/);
  await page.reload();
  await expect(row(page, 1, 1)).toContainText(`Passed with ${first.score}`);
  await expect(row(page, 1, 1)).toHaveAttribute('data-state', 'passed');
  await expect(page.getByText('1 of 3 cases passed')).toBeVisible();
  await expect(page.locator('.module[data-level="1"] .module-share')).toHaveText('1 of 2 passed');

  await continueAndPlay(page, request, /^Continue: module 1, case 2$/);
  await page.reload();
  await expect(page.locator('.lock-reason')).toHaveCount(0);
  await expect(page.getByText('2 of 3 cases passed')).toBeVisible();
  await continueAndPlay(page, request, /^Continue: module 2, case 1$/);
  await page.reload();
  await expect(page.getByText('3 of 3 cases passed')).toBeVisible();
  await expect(page.getByText(/^Course completed on /)).toBeVisible();
  await axe(page);
  await page.screenshot({ path: `${SHOTS}/learning-outline-complete-en.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the certificate (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${courseId}.pdf`);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync((await download.path())!)), isEvalSupported: false }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
  const verifyHref = await page.getByRole('link', { name: 'Verification page' }).getAttribute('href');
  expect(text).toContain('Lea Journey');
  expect(text).toContain('Navigation basics');
  expect(text).toContain(`${e2e.baseURL}${verifyHref}`);

  // A private window: nobody signed in, only the address.
  const outsider = await browser.newContext();
  const check = await outsider.newPage();
  await check.goto(verifyHref!);
  await expect(check.getByText('This certificate is genuine.')).toBeVisible();
  await expect(check.locator('.verify dd').first()).toHaveText('Lea Journey');
  await expect(check.getByText(/^Navigation basics/)).toBeVisible();
  await axe(check);
  await check.screenshot({ path: `${SHOTS}/learning-verify-en.png`, fullPage: true });
  await check.goto(`/ar${verifyHref}`);
  await expect(check.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(check.getByText('هذه الشهادة صحيحة.')).toBeVisible();
  await axe(check);
  await check.screenshot({ path: `${SHOTS}/learning-verify-ar.png`, fullPage: true });
  await check.goto('/certificates/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(check.getByRole('alert')).toHaveText('No certificate has this address. Check that it was copied in full.');
  await outsider.close();

  // The outline in Arabic reads right to left.
  await page.goto(`/ar/courses/${courseId}`);
  await expect(page.getByText('اجتزت 3 من 3 حالات')).toBeVisible();
  await axe(page);
  await page.screenshot({ path: `${SHOTS}/learning-outline-complete-ar.png`, fullPage: true });
});
