import type { CDPSession, Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axe, login, subscriber } from './helpers.ts';
import { createPilot, exchangeFluid, installClock, sealFirstInSequence, tokenScenario } from './pilot.ts';
import { prognosisOf, RISKS, turbidityAt } from '../../src/domain/simulator/index.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';

// Blood in the fluid as an operation goes (issue 45): the learner plunges onto the plate, the fluid turns red and
// dark, an amnio-exchange clears it, and the debrief draws the curve: live after Finish, and from the stored attempt
// in the learner's history. With the keys on a desktop (saved, played on the model in step with the page), and with
// the on-screen controls on a phone.

const COURSE = 'fetoscopy-simulator';
const prefix = (lang: 'en' | 'ar') => (lang === 'en' ? '' : `/${lang}`);

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}, desktop keys: contacts bleed, X exchanges the fluid, the anastomosis is sealed in clear fluid, and the history's debrief draws the blood curve`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const t = DICTIONARIES[lang];
    await page.setViewportSize({ width: 960, height: 640 });
    const who = await subscriber(request);
    const res = await request.post('/api/launch', { data: { course: COURSE, level: 2, case: 1 }, headers: who.headers });
    expect(res.status()).toBe(201);
    const token = ((await res.json()) as { token: string }).token;
    const s = tokenScenario(token);
    await login(page, who);
    await installClock(page);
    await page.goto(`${prefix(lang)}/simulator?${new URLSearchParams({ userid: who.uid, course: COURSE, level: '2', case: '1', lan: lang, token })}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(t['sim.keys.exchange'], { exact: true }).first()).toBeVisible();
    const pilot = await createPilot(page, s);
    await pilot.open('straight');

    // Twice straight down onto the plate and back: each touch bleeds, and the blood stays in the fluid.
    for (let i = 0; i < 2; i += 1) {
      const before = pilot.state.contacts;
      for (let k = 0; k < 10 && pilot.state.contacts === before; k += 1) await pilot.hold([{ key: 'KeyW', ms: 800 }]);
      expect(pilot.state.contacts).toBe(before + 1);
      await pilot.wait(120);
      await expect(page.locator('#sim-toast')).toHaveText(t['sim.contact']);
      await pilot.hold([{ key: 'KeyS', ms: 1500 }]);
    }
    await pilot.wait(3000);
    expect(turbidityAt(pilot.state, pilot.state.t)).toBeGreaterThan(0.3);
    await page.locator('#sim-scope').screenshot({ path: testInfo.outputPath(`blood-${lang}.png`) });

    await exchangeFluid(page, pilot, t);
    // In clear fluid the first anastomosis of the sequence is marked and sealed.
    await sealFirstInSequence(pilot, s);
    await page.locator('#sim-scope').screenshot({ path: testInfo.outputPath(`cleared-${lang}.png`) });

    await pilot.finish(t['sim.finish'], true);
    await expect(page.locator('#sim-save')).toHaveText(t['sim.result.saved']);
    // The server's stored debrief, which replaced this device's, keeps the curve.
    const curve = page.locator('#sim-map').getByRole('img', { name: t['sim.debrief.turbidity'] });
    await expect(curve).toBeVisible();
    await expect(page.locator('#sim-map figcaption')).toHaveText(t['sim.debrief.turbidity']);
    await page.screenshot({ path: testInfo.outputPath(`debrief-${lang}.png`), fullPage: true });
    const outcome = await page.locator('#sim-prognosis-list li').allTextContents();
    expect(outcome).toHaveLength(3);

    await page.goto(`${prefix(lang)}/account`);
    await page.getByRole('button', { name: new RegExp(`^${t['attempts.debriefOf'].split('{{')[0]}`) }).click();
    const dialog = page.getByRole('dialog', { name: t['sim.debrief.title'] });
    await expect(dialog.getByRole('img', { name: t['sim.debrief.map'] })).toBeVisible();
    const stored = dialog.getByRole('img', { name: t['sim.debrief.turbidity'] });
    await expect(stored).toBeVisible();
    await expect(dialog.locator('.debrief-turbidity figcaption')).toHaveText(t['sim.debrief.turbidity']);
    // The same samples the page's model took: one every 5 s of surgery, peaking with the blood, 0 after the exchange.
    const points = ((await stored.locator('polyline').getAttribute('points')) ?? '').split(' ');
    expect(points).toHaveLength(pilot.state.turbidityTrace.length);
    expect(Math.max(...pilot.state.turbidityTrace)).toBeGreaterThan(0.3);
    // The outcome card the page showed at the end, from the prognosis stored with the attempt: every risk at its level.
    const card = dialog.getByRole('region', { name: t['sim.prognosis.title'] });
    await expect(card.locator('li')).toHaveText(outcome);
    const risks = prognosisOf(pilot.state)!.risks;
    for (const id of RISKS) await expect(card.locator(`li[data-risk="${id}"]`)).toHaveAttribute('data-level', risks[id]);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: testInfo.outputPath(`outcome-${lang}.png`) });
    await axe(page);
    await dialog.screenshot({ path: testInfo.outputPath(`history-${lang}.png`) });
  });
}

/** Fingers on the screen through the DevTools protocol, which the page receives as pointer events. */
function finger(cdp: CDPSession, id: number) {
  let at = { x: 0, y: 0 };
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd') =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ id, ...at }] });
  return {
    press: (x: number, y: number) => ((at = { x, y }), send('touchStart')),
    move: (x: number, y: number) => ((at = { x, y }), send('touchMove')),
    lift: () => send('touchEnd'),
  };
}

async function centre(el: Locator) {
  const box = (await el.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`on a phone in ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('the depth slider plunges onto the plate, the Exchange button clears the fluid, the debrief draws the curve', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const t = DICTIONARIES[lang];
      await installClock(page);
      await page.goto(`${prefix(lang)}/simulator?course=${COURSE}&level=2&case=1`);
      await page.getByRole('button', { name: t['sim.site.button'].replace('{{n}}', '5') }).tap();
      await page.getByRole('button', { name: t['sim.start'] }).tap();
      const controls = page.getByRole('group', { name: t['sim.touch.title'] });
      await expect(controls).toBeVisible();
      const depth = await centre(controls.getByRole('group', { name: t['sim.touch.depth'] }));
      const thumb = finger(await page.context().newCDPSession(page), 1);
      const toast = page.locator('#sim-toast');

      // Twice, the thumb pushes the depth slider up until the tip touches the plate, then pulls it back: each
      // plunge is a new contact. The clock runs on only once the knob shows the pull, so the pull's time lifts the
      // tip off the plate; had it run on before the page saw the move, the next plunge would be the same contact.
      const knob = controls.getByRole('group', { name: t['sim.touch.depth'] }).locator('.sim-knob');
      for (const contacts of ['1', '2']) {
        await thumb.press(depth.x, depth.y);
        await thumb.move(depth.x, depth.y - 60);
        await expect(async () => {
          await page.clock.fastForward(500);
          await expect(page.locator('#sim-h-contacts')).toHaveText(contacts, { timeout: 500 });
        }).toPass();
        await expect(toast).toHaveText(t['sim.contact']);
        await thumb.move(depth.x, depth.y + 60);
        await expect.poll(() => knob.evaluate((el) => el.style.translate)).toMatch(/^0px [1-9]/);
        await page.clock.fastForward(1500);
        await thumb.lift();
        await page.clock.fastForward(2000);
      }
      await page.screenshot({ path: testInfo.outputPath(`phone-blood-${lang}.png`) });

      await controls.getByRole('button', { name: t['sim.touch.exchange'] }).tap();
      await expect(toast).toHaveText(t['sim.exchange.started']);
      await page.clock.fastForward(21_000);
      await page.screenshot({ path: testInfo.outputPath(`phone-cleared-${lang}.png`) });

      await page.getByRole('button', { name: t['sim.finish'], exact: true }).tap();
      await expect(page.getByRole('heading', { name: t['sim.debrief.title'] })).toBeVisible();
      await expect(page.locator('#sim-map').getByRole('img', { name: t['sim.debrief.turbidity'] })).toBeVisible();
      await axe(page);
      await page.screenshot({ path: testInfo.outputPath(`phone-debrief-${lang}.png`), fullPage: true });
    });
  });
}
