import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { ADMIN, idTokenFor, login } from './helpers.ts';
import {
  ANASTOMOSIS_KINDS,
  buildScenario,
  distance,
  normalizeCaseParams,
  paramsOfCase,
  pointAlong,
  SCOPE,
  seedFor,
  SEQUENCE_RANK,
  stepPose,
  viewOf,
  type Aim,
  type Pose,
  type Scenario,
  type ScopeKind,
  type Vec2,
} from '../../src/domain/simulator/index.ts';

// The journeys play each module's task with the keys. They steer by feedback: read the scope's pose from the
// page's read-only probe, solve on the model which turn (and how much advance) brings the aim where they want,
// hold the keys for that long, and look again.

const COURSE = 'fetoscopy-simulator';
// A smaller window for the journeys: fewer pixels for WebGL drawn on the CPU, so the keys are handled sooner.
test.use({ viewport: { width: 960, height: 640 } });

interface Probe {
  phase: string;
  scope: ScopeKind | null;
  pose: Pose;
  aim: Aim | null;
  laserOn: boolean;
  sealed: string[];
  marks: { kind: string; anastomosisId: string | null }[];
  marking: boolean;
  contacts: number;
  nextTarget: number;
  step: string;
}

const probe = (page: Page) => page.evaluate(() => (window as unknown as { simulatorProbe(): Probe }).simulatorProbe());

/** The scenario a practice link plays: the case's stored parameters, variant 0. */
async function practiceScenario(request: APIRequestContext, level: number, caseIndex: number): Promise<Scenario> {
  const course = (await (await request.get(`/api/courses/${COURSE}`)).json()) as { levels: { cases: { sim?: unknown }[] }[] };
  return buildScenario(paramsOfCase(course.levels[level - 1]!.cases[caseIndex - 1]!.sim, level, caseIndex), seedFor(COURSE, level, caseIndex, 0));
}

/** The scenario a launch token draws: its signed parameters and variant, as the page and the server read them. */
function tokenScenario(token: string): Scenario {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { level: number; case: number; variant: number; sim: unknown };
  return buildScenario(
    normalizeCaseParams(claims.sim, paramsOfCase(undefined, claims.level, claims.case)),
    seedFor(COURSE, claims.level, claims.case, claims.variant),
  );
}

/** Whether a straight scope can bring its aim onto `p`: within the cone a trocar lets the shaft tilt. */
function reachable(s: Scenario, p: Vec2): boolean {
  const { entry, axis } = s.trocar;
  const d = { x: p.x - entry.x, y: p.y - entry.y, z: -entry.z };
  return (d.x * axis.x + d.y * axis.y + d.z * axis.z) / Math.hypot(d.x, d.y, d.z) >= SCOPE.maxTiltCos + 0.02;
}

/** The turn, in the image's frame (radians right and up), that brings the aim onto `p`: Newton on the model. */
function turnTowards(s: Scenario, pose: Pose, scope: ScopeKind, p: Vec2): { ax: number; ay: number } {
  const aimAfter = (ax: number, ay: number) => viewOf(stepPose(pose, s.trocar, ax, ay, 0, 0), s.trocar, scope, 1e9).aim;
  let ax = 0;
  let ay = 0;
  for (let i = 0; i < 8; i += 1) {
    const e = aimAfter(ax, ay);
    const ex = aimAfter(ax + 1e-4, ay);
    const ey = aimAfter(ax, ay + 1e-4);
    if (!e || !ex || !ey) break;
    const [fx, fy] = [e.point.x - p.x, e.point.y - p.y];
    if (Math.hypot(fx, fy) < 0.02) break;
    const [a, b, c, d] = [(ex.point.x - e.point.x) / 1e-4, (ey.point.x - e.point.x) / 1e-4, (ex.point.y - e.point.y) / 1e-4, (ey.point.y - e.point.y) / 1e-4];
    const det = a * d - b * c;
    ax -= Math.max(-0.3, Math.min(0.3, (d * fx - b * fy) / det));
    ay -= Math.max(-0.3, Math.min(0.3, (a * fy - c * fx) / det));
  }
  return { ax, ay };
}

/**
 * Holds keys together, each released after its own time (ms). The holds are timed in the page, as the keyboard
 * handler stamps them: on a loaded machine the test runner's own timers can fire hundreds of ms late.
 */
async function hold(page: Page, holds: { key: string; ms: number }[]) {
  await page.evaluate(
    (keys) => {
      const send = (type: string, code: string) => window.dispatchEvent(new KeyboardEvent(type, { code, key: code, bubbles: true, cancelable: true }));
      const start = performance.now();
      for (const k of keys) send('keydown', k.key);
      for (const k of [...keys].sort((a, b) => a.ms - b.ms)) {
        // Waits on the clock rather than a timer: a frame drawn on the CPU in between would release the key late.
        while (performance.now() - start < k.ms);
        send('keyup', k.key);
      }
    },
    holds.filter((h) => h.ms >= 6),
  );
}

/**
 * Brings the aim within `tolerance` mm of `p`, from about `distanceMm` away: turns with the arrow keys and
 * advances or withdraws with W and S, then waits for the scope to settle and looks again. Without a GPU a
 * frame can hold the page for a tenth of a second, so a key is held at least that long and the finest moves
 * are coarse: after enough passes, an aim within `settle` mm is taken as it is.
 */
async function aimAt(page: Page, s: Scenario, p: Vec2, distanceMm: number, tolerance: number, settle = tolerance): Promise<Probe> {
  for (let pass = 0; pass < 25; pass += 1) {
    const now = await probe(page);
    const scope = now.scope ?? 'straight';
    const close = now.aim && Math.abs(now.aim.distanceMm - distanceMm) <= 4 ? distance(now.aim.point, p) : Infinity;
    if (close <= tolerance || (pass >= 12 && close <= settle)) return now;
    const { ax, ay } = turnTowards(s, now.pose, scope, p);
    const turned = stepPose(now.pose, s.trocar, ax, ay, 0, 0);
    const after = viewOf(turned, s.trocar, scope, 1e9);
    // Advancing by δ moves the tip δ·dir.z in height, so the distance along the line of sight by δ·dir.z / look.z.
    const advance = after.aim ? ((after.aim.distanceMm - distanceMm) * after.look.z) / turned.dir.z : 0;
    const size = Math.hypot(ax, ay);
    const angle = size > 0 ? Math.atan(size) / size : 1;
    // Withdraw first and advance last, so the tip never dips to the plate while the shaft turns; short
    // corrections, a little under what the model says, so a late key-up never throws the aim far off.
    const heightAfterTurn = s.trocar.entry.z + turned.dir.z * now.pose.depthMm;
    // A long turn may sweep the shaft through the vertical: first withdraw to where even that stays clear.
    const clear = size > 0.1 ? now.pose.depthMm - (s.trocar.entry.z - 10) : 0;
    const withdraw = Math.max(advance < 0 ? -advance : 0, (8 - heightAfterTurn) / -turned.dir.z, clear, 0);
    if (withdraw > 0) await hold(page, [{ key: 'KeyS', ms: Math.min(1500, withdraw / SCOPE.insertPerMs) }]);
    await hold(page, [
      { key: ax > 0 ? 'ArrowRight' : 'ArrowLeft', ms: Math.min(900, (0.9 * Math.abs(ax) * angle) / SCOPE.turnPerMs) },
      { key: ay > 0 ? 'ArrowUp' : 'ArrowDown', ms: Math.min(900, (0.9 * Math.abs(ay) * angle) / SCOPE.turnPerMs) },
    ]);
    const forward = advance + withdraw;
    // Near the plate, small steps: a key-up the page handles late must not bring the tip to it.
    const step = (after.aim?.distanceMm ?? 99) < 25 ? 150 : 300;
    if (forward > 0) await hold(page, [{ key: 'KeyW', ms: Math.min(step, (0.9 * forward) / SCOPE.insertPerMs) }]);
    await page.waitForTimeout(350);
  }
  const last = await probe(page);
  throw new Error(`The aim did not settle on (${p.x.toFixed(1)}, ${p.y.toFixed(1)}): it is at ${JSON.stringify(last.aim)}`);
}

/** Fires (Space held) until `done` holds or `limitMs` passes. */
async function fireUntil(page: Page, done: (p: Probe) => boolean, limitMs: number): Promise<Probe> {
  await page.keyboard.down('Space');
  const until = Date.now() + limitMs;
  let now = await probe(page);
  while (!done(now) && Date.now() < until) {
    await page.waitForTimeout(150);
    now = await probe(page);
  }
  await page.keyboard.up('Space');
  return now;
}

/** Fires at an anastomosis until it is sealed, aiming again at its centre between bursts. */
async function seal(page: Page, s: Scenario, a: Scenario['placenta']['anastomoses'][number]) {
  for (let burst = 0; burst < 5; burst += 1) {
    if ((await fireUntil(page, (p) => p.sealed.includes(a.id), 4000)).sealed.includes(a.id)) return;
    await aimAt(page, s, a.position, 12, 0.7, 1.5);
  }
  expect((await probe(page)).sealed, `anastomosis ${a.id}`).toContain(a.id);
}

/** Marks the point under the beam and types it with its 1-4 key. */
async function mark(page: Page, kind: string) {
  await page.keyboard.press('KeyM');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press(`Digit${ANASTOMOSIS_KINDS.indexOf(kind as (typeof ANASTOMOSIS_KINDS)[number]) + 1}`);
  await expect(page.getByRole('dialog')).toBeHidden();
}

async function axeViolations(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id);
}

async function finish(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

test('navigation, saved: a learner reaches the targets in order with the keys, finishes, reads the debrief, and the server keeps the attempt', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const idToken = await idTokenFor(ADMIN);
  const auth = { authorization: `Bearer ${idToken}` };
  // A launch draws a variant; take one whose targets a straight scope can all reach (most are).
  let token = '';
  let s: Scenario | null = null;
  for (let i = 0; i < 10 && !s; i += 1) {
    const res = await request.post('/api/launch', { data: { course: COURSE, level: 1, case: 1 }, headers: auth });
    expect(res.status()).toBe(201);
    token = ((await res.json()) as { token: string }).token;
    const candidate = tokenScenario(token);
    if (candidate.targets.every((p) => reachable(candidate, p))) s = candidate;
  }
  if (!s) throw new Error('No launch with reachable targets');
  expect(s.params.task).toBe('navigation');
  const uid = (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
  // As an expert, the learner's own saved attempt becomes the case's benchmark, which the debrief then quotes.
  const expert = async (isExpert: boolean) => {
    const me = (await (await request.get(`/api/users/${uid}`, { headers: auth })).json()) as Record<string, unknown>;
    expect((await request.put(`/api/users/${uid}`, { data: { ...me, isExpert }, headers: auth })).status()).toBe(200);
  };
  await expert(true);
  try {
    // The attempt is sent with the learner's own sign-in, as well as the launch token.
    await login(page, ADMIN);
    await page.goto(`/simulator?${new URLSearchParams({ userid: uid, course: COURSE, level: '1', case: '1', lan: 'en', token })}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByText('Module 1, case 1 · Navigation')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Navigation' })).toBeVisible();
    await expect(page.locator('#sim-step-count')).toHaveText('Step 1 of 4');
    for (const key of [
      'Arrow keys: turn the fetoscope about the trocar',
      'W / S: advance / withdraw',
      'Q / E: roll left / right',
      'Space, held: fire the laser',
    ]) {
      await expect(page.getByText(key)).toBeVisible();
    }
    await expect(page.locator('#sim-h-target')).toHaveText(`1 of ${s.targets.length}`);
    expect(await axeViolations(page)).toEqual([]);

    await expect(page.getByRole('button', { name: 'Open the fetoscopy' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#sim-h-scope')).toHaveText('Straight (0°)');
    for (let k = 0; k < s.targets.length; k += 1) {
      for (let tries = 0; tries < 4 && (await probe(page)).nextTarget === k; tries += 1) await aimAt(page, s, s.targets[k]!, 18, 3);
      expect((await probe(page)).nextTarget, `target ${k + 1}`).toBe(k + 1);
      if (k < s.targets.length - 1) await expect(page.locator('#sim-h-target')).toHaveText(`${k + 2} of ${s.targets.length}`);
    }
    await expect(page.locator('#sim-h-target')).toHaveText('all reached');

    // Escape pauses and stops the clock; Escape again resumes.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Paused' })).toBeVisible();
    const pausedAt = await page.locator('#sim-timer').textContent();
    await page.waitForTimeout(1200);
    await expect(page.locator('#sim-timer')).toHaveText(pausedAt!);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Paused' })).toBeHidden();

    await finish(page, 'Finish');
    await expect(page.getByRole('heading', { name: 'Debrief' })).toBeFocused();
    const map = page.locator('#sim-map svg');
    await expect(map).toHaveAttribute('role', 'img');
    await expect(map).toHaveAttribute('aria-label', 'Map of the placenta after your surgery');
    await expect(map.locator('.dm-target-mark[data-reached="true"]')).toHaveCount(s.targets.length);
    await expect(map.locator('.dm-map .dm-path')).toHaveCount(1);
    await expect(map.locator('.dm-legend')).toContainText('Target reached');
    await expect(map.locator('.dm-legend')).toContainText('Trocar entry');
    const rows = page.locator('#sim-components tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: 'Targets reached' })).toContainText('100%');
    await expect(rows.filter({ hasText: 'Targets reached' })).toContainText('You reached every target');
    await expect(page.locator('#sim-debrief-source')).toHaveText('Figures confirmed by the server’s replay of your surgery.');
    const surgery = (await page.locator('#sim-surgery-time').textContent())!;
    await expect(page.locator('#sim-benchmark')).toHaveText(
      new RegExp(`^Your time ${surgery}, experts ${surgery}\\. Experts’ median score: \\d+; expert attempts counted: 1\\.$`),
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Next' }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Final result' })).toBeFocused();
    await expect(page.getByText('Your result has been saved to your record.')).toBeVisible();
    const score = Number(await page.locator('#sim-score').textContent());
    const time = (await page.locator('#sim-surgery-time').textContent())!;
    expect(score).toBeGreaterThanOrEqual(55);
    expect(time).toMatch(/^\d\d:\d\d$/);

    const list = (await (await request.get(`/api/attempts?courseId=${COURSE}`, { headers: auth })).json()) as { id: string }[];
    const stored = (await (await request.get(`/api/attempts/${list[0]!.id}`, { headers: auth })).json()) as {
      score: number;
      task: string;
      flagged: boolean;
      components: Record<string, number>;
      debrief: { targets: { reached: boolean }[] };
    };
    expect(stored).toMatchObject({ score, task: 'navigation', flagged: false });
    expect(stored.components['targets']).toBe(1);
    expect(stored.debrief.targets.every((t) => t.reached)).toBe(true);
  } finally {
    await expert(false);
  }
});

test('selective, in Arabic test mode: the learner marks each anastomosis with its type and seals them in sequence; the debrief reads right to left', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await practiceScenario(request, 2, 1);
  expect(s.params.task).toBe('selective');
  await page.goto(`/simulator?course=${COURSE}&level=2&case=1&lan=ar&mode=test`);
  await expect(page).toHaveURL(/\/ar\/simulator\?/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('#sim-guide')).toBeHidden();
  await expect(page.getByText('مفاتيح الأسهم: توجيه المنظار حول المبزل')).toBeVisible();
  await page.getByRole('button', { name: 'افتح التنظير الجنيني' }).press('Enter');

  const order = [...s.placenta.anastomoses].sort((a, b) => SEQUENCE_RANK[a.kind] - SEQUENCE_RANK[b.kind]);
  for (const [i, a] of order.entries()) {
    expect((await aimAt(page, s, a.position, 12, 0.7, 1.5)).contacts).toBe(0);
    if (i === 0) {
      // The marking dialog takes the focus and lets go with Escape, marking nothing.
      await page.keyboard.press('KeyM');
      await expect(page.getByRole('dialog', { name: 'ما نوع هذه المفاغرة؟' })).toBeVisible();
      await expect(page.getByRole('button', { name: /AV: شريان المانح/ })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      expect((await probe(page)).marks).toEqual([]);
      await page.keyboard.press('Shift');
      await expect(page.locator('#sim-laser')).toHaveText('الليزر يعمل');
    }
    await mark(page, a.kind);
    await seal(page, s, a);
  }
  const final = await probe(page);
  expect(final.marks.map((m) => m.anastomosisId)).toEqual(order.map((a) => a.id));
  expect(final.contacts).toBe(0);

  await finish(page, 'إنهاء');
  await expect(page.getByRole('heading', { name: 'التقييم' })).toBeVisible();
  const map = page.locator('#sim-map svg');
  await expect(map).toHaveAttribute('aria-label', 'خريطة المشيمة بعد جراحتك');
  await expect(map.locator('.dm-anastomosis[data-state="sealed"]')).toHaveCount(order.length);
  await expect(map.locator('.dm-anastomosis[data-state="residual"]')).toHaveCount(0);
  for (const a of order) await expect(map.locator(`.dm-anastomosis[data-kind="${a.kind}"]`).first()).toContainText(a.kind);
  await expect(map.locator('.dm-legend')).toContainText('مفاغرة مغلقة (الرقم هو الترتيب)');
  await expect(map.locator('.dm-legend text').first()).toHaveAttribute('direction', 'rtl');
  const rows = page.locator('#sim-components tr');
  await expect(rows).toHaveCount(8);
  await expect(rows.filter({ hasText: 'المفاغرات المغلقة' })).toContainText('أُغلقت كل المفاغرات');
  await expect(rows.filter({ hasText: 'الترتيب التسلسلي' })).toContainText('كويت بالترتيب التسلسلي');
  await expect(rows.filter({ hasText: 'الأنواع الصحيحة' })).toContainText('حدّدت نوع المفاغرات بشكل صحيح');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'التالي' }).press('Enter');
  await expect(page.getByText('تمرين دون رابط تشغيل: لم تُحفظ هذه النتيجة.')).toBeVisible();
  await expect(page.locator('#sim-score')).toHaveText(/^[0-9٠-٩]+$/);
});

test('Solomon, guided: the steps follow the learner from the first seal to a line along the equator, and the debrief shows what is left open', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await practiceScenario(request, 3, 1);
  expect(s.params.task).toBe('solomon');
  await page.goto(`/simulator?course=${COURSE}&level=3&case=1&lan=en`);
  await expect(page.locator('#sim-step-count')).toHaveText('Step 1 of 8');
  await page.getByRole('button', { name: 'Open the fetoscopy' }).press('Enter');

  // Explore: advance and withdraw until the tip has travelled enough.
  while ((await probe(page)).step === 'explore') {
    await hold(page, [{ key: 'KeyW', ms: 400 }]);
    await hold(page, [{ key: 'KeyS', ms: 400 }]);
  }
  await expect(page.locator('#sim-prompt')).toHaveText(/^Identify an anastomosis/);
  const first = [...s.placenta.anastomoses].filter((a) => reachable(s, a.position)).sort((a, b) => SEQUENCE_RANK[a.kind] - SEQUENCE_RANK[b.kind])[0]!;
  await aimAt(page, s, first.position, 12, 0.7, 1.5);
  await mark(page, first.kind);
  await expect(page.locator('#sim-prompt')).toHaveText('Activate the laser with Shift: the aiming beam appears.');
  await page.keyboard.press('Shift');
  await expect(page.locator('#sim-prompt')).toHaveText(/^Coagulate an anastomosis/);
  await seal(page, s, first);
  expect((await probe(page)).sealed).toEqual([first.id]);
  await expect(page.locator('#sim-prompt')).toHaveText(/^Join the coagulations/);

  // A stretch of Solomon line from the sealed anastomosis along the equator (whichever way the scope reaches):
  // spots 1.5 mm apart, each wider than that, so they overlap.
  const samples = Array.from({ length: 400 }, (_, i) => i * 0.5);
  const start = samples.reduce(
    (best, d) => (distance(pointAlong(s.placenta.equator, d), first.position) < distance(pointAlong(s.placenta.equator, best), first.position) ? d : best),
    0,
  );
  const stretch = (sign: number) => Array.from({ length: 12 }, (_, i) => pointAlong(s.placenta.equator, start + sign * 1.5 * i));
  const line = stretch(1).every((p) => reachable(s, p)) ? stretch(1) : stretch(-1);
  for (const point of line) {
    await aimAt(page, s, point, 8, 0.6, 1);
    await fireUntil(page, () => false, 900);
  }
  await expect(page.locator('#sim-prompt')).toHaveText('Draw a coagulation line between both placental edges, without gaps.');

  await finish(page, 'Finish');
  const map = page.locator('#sim-map svg');
  await expect(map.locator('.dm-anastomosis[data-state="sealed"]')).toHaveCount(1);
  await expect(map.locator(`.dm-anastomosis[data-state="sealed"][data-kind="${first.kind}"]`)).toContainText('1');
  await expect(map.locator('.dm-anastomosis[data-state="residual"]')).toHaveCount(s.placenta.anastomoses.length - 1);
  expect(await map.locator('.dm-gap').count()).toBeGreaterThanOrEqual(1);
  await expect(map.locator('.dm-map .dm-equator')).toHaveCount(1);
  await expect(map.locator('.dm-map .dm-membrane')).toHaveCount(1);
  for (const label of [
    'Anastomosis sealed (the number is the order)',
    'Anastomosis left open',
    'Gap in the Solomon line',
    'Vascular equator',
    'Inter-twin membrane',
  ]) {
    await expect(map.locator('.dm-legend')).toContainText(label);
  }
  const rows = page.locator('#sim-components tr');
  await expect(rows).toHaveCount(10);
  await expect(rows.filter({ hasText: 'Anastomoses sealed' })).toContainText('Anastomoses left open cause recurrent TTTS and TAPS');
  await expect(rows.filter({ hasText: 'Solomon line' })).toContainText('Join the spots into one continuous line');
  await page.getByRole('button', { name: 'Next' }).press('Enter');
  await expect(page.getByText('Practice run without a launch link: this result was not saved.')).toBeVisible();
});

test('an anterior case offers the straight and the angled scope, chosen with the keyboard', async ({ page }) => {
  await page.goto(`/simulator?course=${COURSE}&level=2&case=3&lan=en&mode=test`);
  await expect(page.getByText('Anterior placenta: it lies on the wall the trocar goes through, so a straight scope meets it at a slant.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Fetoscope' })).toBeVisible();
  await page.getByRole('radio', { name: 'Straight (0°)' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Angled (30°)' })).toBeChecked();
  await expect(page.locator('#sim-h-scope')).toHaveText('Angled (30°)');
  await page.getByRole('button', { name: 'Open the fetoscopy' }).press('Enter');
  const before = await probe(page);
  expect(before.scope).toBe('angled');
  // Rolling the angled scope turns where it looks.
  await hold(page, [{ key: 'KeyE', ms: 400 }]);
  await expect.poll(async () => distance((await probe(page)).aim!.point, before.aim!.point)).toBeGreaterThan(3);
  expect(await axeViolations(page)).toEqual([]);
});

test('a link without a case says so, in the language asked for', async ({ page }) => {
  await page.goto('/simulator?lan=es');
  await expect(page).toHaveURL(/\/es\/simulator\?lan=es$/);
  await expect(page.getByRole('alert')).toContainText('Este enlace del simulador está incompleto.');
  await expect(page.getByRole('link', { name: 'Volver al curso' })).toHaveAttribute('href', '/es/courses');
});

test('a practice link to a course that cannot be read says so', async ({ page }) => {
  await page.goto('/simulator?course=no-such-course&level=1&case=1&lan=en&mode=test');
  await expect(page.getByRole('alert')).toContainText('This case could not be loaded: the course could not be read.');
  await expect(page.getByRole('link', { name: 'Back to the course' })).toHaveAttribute('href', '/courses/no-such-course');
});
