import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { formReady, IPHONE, subscriber } from './helpers.ts';
import { launchClaims } from './pilot.ts';
import { removalBalloonDepth, replayFeto, type FetoEvent, type FetoTask } from '../../src/domain/airway/attempt.ts';
import { buildAirway, cordsPassable, type Airway } from '../../src/domain/airway/model.ts';
import { fetoCaseOf, fetoRecordOf } from '../../src/domain/airway/record.ts';
import { FETO_SCORING, scoreFeto } from '../../src/domain/airway/score.ts';
import { DEFAULT_PASS_MARK } from '../../src/domain/progress.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';

// Fetal tracheal occlusion in the browser: a learner places the balloon (module 1, case 1) and removes it (module 3,
// case 1) by keyboard on a desktop and by touch on a phone, in English and Arabic, to the debrief with its airway map,
// and the result shows the server's replay of the log. The page's clock is Playwright's, so every press lands at a surgery time the test
// chose; the test replays the same log on the same airway to know what the learner would see (depth, the cords).

const prefix = (lang: 'en' | 'ar') => (lang === 'en' ? '' : `/${lang}`);

/** Signs a subscriber to every course in and opens the first case of a FETO module in the browser; answers the launch token. */
async function openFetoCase(page: Page, request: Parameters<typeof subscriber>[0], lang: 'en' | 'ar', tap: boolean, level: number): Promise<string> {
  const who = await subscriber(request, 'plan-complete');
  await page.goto(`${prefix(lang)}/login`);
  await formReady(page, DICTIONARIES[lang]['login.submit']);
  await page.locator('input[type="email"]').fill(who.email);
  await page.locator('input[type="password"]').fill(who.password);
  const submit = page.locator('form button[type="submit"]');
  await (tap ? submit.tap() : submit.click());
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(`${prefix(lang)}/courses/fetal-tracheal-occlusion`);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  const play = page.locator(`a[data-play][data-level="${level}"][data-case="1"]`).first();
  const summary = page.locator(`details:has(a[data-play][data-level="${level}"]) > summary`);
  if (!(await play.isVisible())) await (tap ? summary.tap() : summary.click());
  await (tap ? play.tap() : play.click());
  const dialog = page.getByRole('dialog', { name: DICTIONARIES[lang]['course.openTitle'] });
  const href = (await dialog.locator('a[data-launch="browser"]').getAttribute('href'))!;
  await page.clock.install();
  await page.goto(href);
  return new URL(href, 'http://x').searchParams.get('token')!;
}

/** The hand: how the test moves the scope (held for a time) and works the balloon on this device. */
interface Hand {
  move(direction: 1 | -1, ms: number): Promise<void>;
  volume(ml: number): Promise<void>;
  inflate(): Promise<void>;
  detach(): Promise<void>;
  puncture(): Promise<void>;
}

/** Plays the task as a careful surgeon would, on the test's copy of the airway; answers the log it made. */
async function operate(page: Page, airway: Airway, task: FetoTask, hand: (log: FetoEvent[], clock: { t: number }) => Hand): Promise<FetoEvent[]> {
  const log: FetoEvent[] = [];
  const clock = { t: 0 };
  const h = hand(log, clock);
  const depth = () => replayFeto(airway, task, log, clock.t).tip.depth;
  const wait = async (ms: number) => {
    await page.clock.fastForward(ms);
    clock.t += ms;
  };
  const { cords, carina, tongueBase } = airway.landmarks;
  const to = (target: number) => Math.round((Math.abs(target - depth()) / 8) * 1000);
  // Waits until the cords will be open when the tip reaches them, 1.8 mm (225 ms) on (fetal breathing), then passes.
  const passCords = async (direction: 1 | -1) => {
    let w = 0;
    while (![150, 175, 200, 225, 250, 275, 300].every((d) => cordsPassable(airway, clock.t + w + d))) {
      w += 20;
      if (w > 10 * airway.breathingPeriodMs) throw new Error('the cords never open long enough to pass');
    }
    await wait(w);
    await h.move(direction, 450);
  };
  await h.move(1, to(cords - 1.8));
  await passCords(1);
  if (task === 'insertion') {
    await h.move(1, to(carina - 1.5));
    await h.move(-1, to((cords + FETO_SCORING.belowCordsMm + carina) / 2));
    await h.volume(0.65);
    await h.inflate();
    await wait(1000);
    await h.detach();
  } else {
    // Up to the balloon left in the trachea, short of pushing it, and through it.
    await h.move(1, to(removalBalloonDepth(airway) - 1));
    await h.puncture();
  }
  await wait(500);
  await h.move(-1, to(cords + 1.9));
  await passCords(-1);
  await h.move(-1, to(tongueBase - 2));
  return log;
}

function keyboardHand(page: Page) {
  return (log: FetoEvent[], clock: { t: number }): Hand => ({
    async move(direction, ms) {
      const key = direction === 1 ? 'KeyW' : 'KeyS';
      await page.keyboard.down(key);
      log.push({ t: clock.t, type: 'input', turnX: 0, turnY: 0, insert: direction });
      await page.clock.fastForward(ms);
      clock.t += ms;
      await page.keyboard.up(key);
      log.push({ t: clock.t, type: 'input', turnX: 0, turnY: 0, insert: 0 });
    },
    async volume(ml) {
      for (let v = 0.3; v < ml - 0.01; v += 0.05) await page.keyboard.press('Equal');
      await expect(page.locator('#sim-volume')).toHaveValue(String(ml));
    },
    async inflate() {
      await page.keyboard.press('KeyI');
      log.push({ t: clock.t, type: 'inflate', volumeMl: 0.65 });
    },
    async detach() {
      await page.keyboard.press('KeyD');
      log.push({ t: clock.t, type: 'detach' });
    },
    async puncture() {
      await page.keyboard.press('KeyP');
      log.push({ t: clock.t, type: 'puncture' });
    },
  });
}

/** Fingers on the phone's screen, through the DevTools protocol, as the page receives real touches. */
function touchHand(page: Page, cdp: CDPSession) {
  const touch = (type: 'touchStart' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ id: 1, x, y }] });
  const tapButton = async (name: string) => {
    const box = (await page.locator(`#sim-touch [data-touch="${name}"]`).boundingBox())!;
    await touch('touchStart', box.x + box.width / 2, box.y + box.height / 2);
    await touch('touchEnd', box.x + box.width / 2, box.y + box.height / 2);
  };
  return (log: FetoEvent[], clock: { t: number }): Hand => ({
    async move(direction, ms) {
      // The depth slider held at its top end advances at full speed, at its bottom end withdraws.
      const box = (await page.locator('#sim-touch [data-touch="depth"]').boundingBox())!;
      await touch('touchStart', box.x + box.width / 2, direction === 1 ? box.y + 1 : box.y + box.height - 1);
      log.push({ t: clock.t, type: 'input', turnX: 0, turnY: 0, insert: direction });
      await page.clock.fastForward(ms);
      clock.t += ms;
      await touch('touchEnd', 0, 0);
      log.push({ t: clock.t, type: 'input', turnX: 0, turnY: 0, insert: 0 });
    },
    async volume(ml) {
      await page.locator('#sim-volume').fill(String(ml));
    },
    async inflate() {
      await tapButton('laser');
      log.push({ t: clock.t, type: 'inflate', volumeMl: 0.65 });
    },
    async detach() {
      await tapButton('exchange');
      log.push({ t: clock.t, type: 'detach' });
    },
    async puncture() {
      await tapButton('mark');
      log.push({ t: clock.t, type: 'puncture' });
    },
  });
}

/** What each task's case is: its module, what the test plays, its debrief's gates and the balloon's state at the end. */
const TASKS = {
  insertion: { level: 1, does: 'places the balloon', gates: 8 },
  removal: { level: 3, does: 'removes the balloon', gates: 5 },
} as const;

for (const [task, { level, does, gates }] of Object.entries(TASKS) as [FetoTask, (typeof TASKS)[FetoTask]][])
  for (const lang of ['en', 'ar'] as const) {
    for (const device of ['desktop', 'phone'] as const) {
      test.describe(`FETO ${task} on a ${device} in ${lang}`, () => {
        if (device === 'phone') test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, userAgent: IPHONE });
        else test.use({ viewport: { width: 1280, height: 800 } });

        test(`a learner ${does} ${device === 'phone' ? 'by touch' : 'by keyboard'} and reads the airway's debrief and the server's score`, async ({
          page,
          request,
        }, testInfo) => {
          test.setTimeout(180_000);
          const t = DICTIONARIES[lang];
          const token = await openFetoCase(page, request, lang, device === 'phone', level);
          const claims = launchClaims(token) as ReturnType<typeof launchClaims> & { cid: string };
          const { task: played, gaWeeks, difficulty } = fetoCaseOf(claims.level, claims.case);
          expect(played).toBe(task);
          const airway = buildAirway(claims.cid, gaWeeks, claims.variant, difficulty);
          await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
          await expect(page.locator('#sim-intro-title')).toHaveText(t[`sim.feto.task.${task}`]);
          // The page names the procedure it plays, not the laser's.
          await expect(page.locator('#sim-title')).toHaveText(t['sim.feto.title']);
          await expect(page).toHaveTitle(t['sim.feto.title']);
          await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
          await page.screenshot({ path: testInfo.outputPath(`feto-${task}-intro-${device}-${lang}.png`), fullPage: true });
          const start = page.getByRole('button', { name: t['sim.start'] });
          if (device === 'phone') await start.tap();
          else {
            await start.focus();
            await page.keyboard.press('Enter');
          }
          const startedAt = Date.now();
          // Pausing and resuming as on the laser page (Escape, or the pause button on a phone), before the surgery moves.
          const paused = page.locator('#sim-paused');
          if (device === 'phone') await page.locator('[data-touch="pause"]').tap();
          else await page.keyboard.press('Escape');
          await expect(paused).toBeVisible();
          await expect(paused.getByRole('button', { name: t['sim.resume'] })).toBeFocused();
          if (device === 'phone') await paused.getByRole('button', { name: t['sim.resume'] }).tap();
          else await page.keyboard.press('Enter');
          await expect(paused).toBeHidden();
          await expect(page.locator('#sim-canvas')).toBeFocused();
          const hand = device === 'phone' ? touchHand(page, await page.context().newCDPSession(page)) : keyboardHand(page);
          const log = await operate(page, airway, task, hand);
          await page.clock.fastForward(200);
          const ml = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(0.65);
          await expect(page.locator('#sim-f-balloon')).toHaveText(
            task === 'insertion' ? t['sim.feto.balloon.detached'].replace('{{volume}}', ml) : t['sim.feto.balloon.punctured'],
          );
          await page.screenshot({ path: testInfo.outputPath(`feto-${task}-playing-${device}-${lang}.png`) });
          // The server refuses a log longer than the launch's age: the test's surgery time has passed in real time too.
          const surgery = log.at(-1)!.t + 200;
          await page.waitForTimeout(Math.max(0, surgery + 1000 - (Date.now() - startedAt)));
          const finish = page.getByRole('button', { name: t['sim.finish'] });
          if (device === 'phone') await finish.tap();
          else {
            await finish.focus();
            await page.keyboard.press('Enter');
          }
          const debrief = page.getByRole('region', { name: t['sim.debrief.title'] });
          await expect(debrief).toBeVisible();
          await expect(debrief.getByRole('img', { name: t['sim.feto.map'] })).toBeVisible();
          await expect(debrief.locator('svg.airway-map g[data-gate]')).toHaveCount(gates);
          await expect(debrief.locator('svg.airway-map g[data-failed="true"]')).toHaveCount(0);
          await expect(debrief.locator('.airway-gates li').first()).toHaveText(`${t['sim.feto.gate.trauma']}: ${t['sim.feto.gatePassed']}`);
          await expect(page.locator('#sim-debrief-source')).toHaveText(t['sim.debrief.confirmed']);
          await page.screenshot({ path: testInfo.outputPath(`feto-${task}-debrief-${device}-${lang}.png`), fullPage: true });
          const next = page.getByRole('button', { name: t['sim.next'] });
          if (device === 'phone') await next.tap();
          else await next.click();
          // The score shown is the server's replay of the log, the same figure the test's replay gives.
          const record = fetoRecordOf(claims.cid, claims.level, claims.case, claims.variant, [...log, { t: surgery, type: 'finish' }]);
          expect(record.gates).toEqual([]);
          expect(scoreFeto(airway, record.outcome, DEFAULT_PASS_MARK).passed).toBe(true);
          await expect(page.locator('#sim-score')).toHaveText(String(record.score));
          // The verdict is the course's: its pass mark (the default, none being set), the one the FETO score was judged by.
          await expect(page.locator('#sim-verdict-title')).toHaveText(t['sim.outcome.passed']);
          const plain = new Intl.NumberFormat(lang);
          await expect(page.locator('#sim-verdict-margin')).toHaveText(
            t['sim.outcome.margin']
              .replace('{{diff}}', `${record.score > DEFAULT_PASS_MARK ? '+' : ''}${plain.format(record.score - DEFAULT_PASS_MARK)}`)
              .replace('{{mark}}', plain.format(DEFAULT_PASS_MARK)),
          );
          await page.screenshot({ path: testInfo.outputPath(`feto-${task}-result-${device}-${lang}.png`), fullPage: true });
        });
      });
    }
  }
