import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  generatePlacenta,
  polylineLength,
  SCOPE,
  seedFor,
  type Vec2,
} from '../../src/domain/simulator/index.ts';
import { distance, pointAlong, segmentInsideCircle } from '../../src/domain/simulator/geometry.ts';
import { ADMIN, idTokenFor, login } from './helpers.ts';

const CASE = { course: 'fetoscopy-simulator', level: 1, case: 1 };
const placenta = generatePlacenta(seedFor(CASE.course, CASE.level, CASE.case), CASE.level);

interface Probe {
  phase: string;
  x: number;
  y: number;
  vx: number;
  vy: number;
  laserOn: boolean;
  spots: { x: number; y: number; r: number }[];
  step: string;
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { simulatorProbe(): Probe }).simulatorProbe());

/**
 * Holds an arrow key for `ms` of the page's own time. Long moves go through Playwright's keyboard; short,
 * precise ones are timed inside the page (the same keydown/keyup the simulator listens to), because on a
 * loaded machine the round trip of a key press varies by more than the few milliseconds a fine move lasts.
 */
async function holdArrow(page: Page, key: string, ms: number) {
  if (ms > 300) {
    await page.keyboard.down(key);
    await page.waitForTimeout(ms);
    await page.keyboard.up(key);
    return;
  }
  await page.evaluate(
    async ({ key, ms }) => {
      const send = (type: string) => window.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true }));
      send('keydown');
      await new Promise((resolve) => setTimeout(resolve, ms));
      send('keyup');
    },
    { key, ms },
  );
}

/**
 * Steers the scope to `target`. The scope's velocity follows the held direction through a first-order lag,
 * so holding a key for T ms moves it maxSpeed x T in all, coasting included: each pass holds each axis's key
 * for the time the remaining distance needs, from where the scope will come to rest. Then waits until it
 * has all but stopped, so a burn stays where it starts.
 */
async function steerTo(page: Page, target: Vec2, tolerance = 0.012): Promise<Probe> {
  for (let pass = 0; pass < 4; pass += 1) {
    const p = await probe(page);
    const rest = { x: p.x + p.vx / SCOPE.smoothingPerMs, y: p.y + p.vy / SCOPE.smoothingPerMs };
    const axes: [number, string, string][] = [
      [target.x - rest.x, 'ArrowRight', 'ArrowLeft'],
      [target.y - rest.y, 'ArrowUp', 'ArrowDown'],
    ];
    if (Math.hypot(axes[0]![0], axes[1]![0]) <= tolerance) break;
    for (const [error, more, less] of axes) {
      if (Math.abs(error) >= tolerance / 2) await holdArrow(page, error > 0 ? more : less, Math.abs(error) / SCOPE.maxSpeedPerMs);
    }
  }
  await page.waitForTimeout(250);
  for (let i = 0; i < 40; i += 1) {
    const p = await probe(page);
    if (Math.hypot(p.vx, p.vy) / SCOPE.smoothingPerMs < 0.002) return p;
    await page.waitForTimeout(50);
  }
  return probe(page);
}

/** How far along the equator, from its first edge, the spots already cover it without a gap (an arc length). */
function lineReach(spots: Probe['spots']): number {
  const covered: [number, number][] = [];
  let offset = 0;
  for (let i = 1; i < placenta.equator.length; i += 1) {
    const a = placenta.equator[i - 1]!;
    const b = placenta.equator[i]!;
    const len = distance(a, b);
    for (const spot of spots) {
      const hit = segmentInsideCircle(a, b, spot, spot.r);
      if (hit) covered.push([offset + hit[0] * len, offset + hit[1] * len]);
    }
    offset += len;
  }
  covered.sort((p, q) => p[0] - q[0]);
  let reach = 0;
  for (const [start, end] of covered) {
    if (start > reach + 1e-9) break;
    reach = Math.max(reach, end);
  }
  return reach;
}

/** Burns at the aim point for `ms` with the space bar held. */
async function burn(page: Page, ms: number) {
  await page.keyboard.down('Space');
  await page.waitForTimeout(ms);
  await page.keyboard.up('Space');
}

async function launchToken(request: import('@playwright/test').APIRequestContext) {
  const idToken = await idTokenFor(ADMIN);
  const res = await request.post('/api/launch', { data: CASE, headers: { authorization: `Bearer ${idToken}` } });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const uid = (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  return { idToken, token, uid };
}

test('an entitled learner treats a case with the keyboard in guided mode, and the server keeps the score', async ({ page, request }) => {
  test.setTimeout(600_000);
  const { idToken, token, uid } = await launchToken(request);
  const query = new URLSearchParams({ userid: uid, course: CASE.course, level: '1', case: '1', lan: 'en', token });
  await page.goto(`/simulator?${query}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Module 1, case 1')).toBeVisible();
  await expect(page.getByText('Step 1 of 8')).toBeVisible();
  await expect(page.locator('#sim-prompt')).toHaveText('Open the first fetoscopy.');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Step 1: the start button has the focus; Enter opens the fetoscopy.
  await expect(page.getByRole('button', { name: 'Open the fetoscopy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#sim-prompt')).toHaveText('Explore the placental surface with the arrow keys.');

  // Steps 2 to 5: explore towards each anastomosis (seen on the way), laser on, coagulate it.
  const [first, ...rest] = placenta.anastomoses;
  await steerTo(page, first!.position);
  await expect(page.locator('#sim-prompt')).toHaveText(/Activate the laser with Shift/);
  await page.keyboard.press('Shift');
  await expect(page.locator('#sim-laser')).toHaveText('Laser on');
  await burn(page, 2500);
  await expect(page.locator('#sim-prompt')).toHaveText(/Join the coagulations/);
  await page.screenshot({ path: '/tmp/wt7-simulator-en.png' });
  for (const a of rest) {
    await steerTo(page, a.position);
    await burn(page, 2500);
  }

  // Steps 6 and 7: a Solomon line along the equator from edge to edge, spot after touching spot.
  const length = polylineLength(placenta.equator);
  // Each spot goes just past the end of the line so far, so it always overlaps it: no gaps, whatever the aim error.
  for (let stop = 0; stop < 150; stop += 1) {
    const reach = lineReach((await probe(page)).spots);
    if (reach >= length - 1e-9) break;
    await steerTo(page, pointAlong(placenta.equator, reach === 0 ? 0 : Math.min(length, reach + 0.018)));
    await burn(page, 1200);
  }
  await expect(page.locator('#sim-prompt')).toHaveText('Finish and review your surgery.');
  expect((await probe(page)).step).toBe('finish-review');

  // Escape pauses and stops the clock; Escape again resumes.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
  const pausedAt = await page.locator('#sim-timer').textContent();
  await page.waitForTimeout(1500);
  await expect(page.locator('#sim-timer')).toHaveText(pausedAt!);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Paused' })).toBeHidden();

  // Step 8: finish with the keyboard, review, then Next shows the score and the surgery time.
  await page.getByRole('button', { name: 'Finish' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  await expect(page.locator('#sim-r-anastomoses')).toHaveText(`${placenta.anastomoses.length} / ${placenta.anastomoses.length}`);
  await expect(page.locator('#sim-r-gaps')).toHaveText('0');
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Final result' })).toBeVisible();
  await expect(page.getByText('Your result has been saved to your record.')).toBeVisible();
  const score = Number(await page.locator('#sim-score').textContent());
  const time = await page.locator('#sim-surgery-time').textContent();
  expect(score).toBeGreaterThanOrEqual(65);
  expect(time).toMatch(/^\d\d:\d\d$/);
  expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);

  const list = await request.get(`/api/attempts?courseId=${CASE.course}`, { headers: { authorization: `Bearer ${idToken}` } });
  const attempts = (await list.json()) as Array<{ score: number; level: number; case: number; surgeryTimeMs: number; userId: string }>;
  expect(attempts[0]).toMatchObject({ userId: uid, level: 1, case: 1, score });
  const seconds = Math.floor(attempts[0]!.surgeryTimeMs / 1000);
  expect(time).toBe(`${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`);

  await login(page, ADMIN);
  await page.goto(`/courses/${CASE.course}`);
  const row = page.locator('.case-progress tr[data-level="1"][data-case="1"]');
  await expect(row).toContainText('Module 1, case 1');
  expect(Number(await row.locator('td').first().textContent())).toBeGreaterThanOrEqual(score);
  await page.goto('/account');
  await expect(page.locator('.attempt-history tbody tr').first()).toContainText(String(score));
  await expect(page.locator('.attempt-history tbody tr').first()).toContainText(time!);
});

test('in Arabic test mode the page reads right to left, shows no prompts, and a run without a token is practice', async ({ page }) => {
  await page.goto(`/simulator?course=${CASE.course}&level=1&case=1&lan=ar&mode=test`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('#sim-guide')).toBeHidden();
  await page.getByRole('button', { name: 'افتح التنظير الجنيني' }).press('Enter');
  await page.keyboard.down('ArrowUp');
  await page.waitForTimeout(700);
  await page.keyboard.up('ArrowUp');
  await page.keyboard.press('Shift');
  await burn(page, 800);
  await expect(page.locator('#sim-laser')).toHaveText('الليزر يعمل');
  await page.screenshot({ path: '/tmp/wt7-simulator-ar.png' });
  await page.getByRole('button', { name: 'إنهاء' }).press('Enter');
  await page.getByRole('button', { name: 'التالي' }).press('Enter');
  await expect(page.getByText('تمرين دون رابط تشغيل: لم تُحفظ هذه النتيجة.')).toBeVisible();
  await expect(page.locator('#sim-score')).toHaveText(/^\d+$/);
  expect(await new AxeBuilder({ page }).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
});

test('a link without a case says so, in the language asked for', async ({ page }) => {
  await page.goto('/simulator?lan=es');
  await expect(page.getByRole('alert')).toContainText('Este enlace del simulador está incompleto.');
  await expect(page.getByRole('link', { name: 'Volver al curso' })).toHaveAttribute('href', '/es/courses');
});
