import type { APIRequestContext, Page } from '@playwright/test';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { buildScenario, paramsOfCase, replay, seedFor, type Scenario, type SimEvent } from '../../src/domain/simulator/index.ts';
import { createRng } from '../../src/domain/simulator/rng.ts';
import { navigationPlayers } from '../../scripts/lib/validity/navigation.ts';
import { expect, test } from './fixtures.ts';

// Module 1's first case played with the keys, without any hook into the page: the scripted expert's keys are planned
// on the model in Node, and the page's clock is driven by Playwright, so every key goes down at the planned
// millisecond and the page's log is the planned one. The first target must be held before the second is shown.

const COURSE = 'fetoscopy-simulator';
const KEYS = { turnX: ['ArrowLeft', 'ArrowRight'], turnY: ['ArrowDown', 'ArrowUp'], insert: ['KeyS', 'KeyW'] } as const;
type Axis = keyof typeof KEYS;

/** The scenario a practice link plays: the case's stored parameters, variant 0. */
async function practiceScenario(request: APIRequestContext): Promise<Scenario> {
  const course = (await (await request.get(`/api/courses/${COURSE}`)).json()) as { levels: { cases: { sim?: unknown }[] }[] };
  return buildScenario(paramsOfCase(course.levels[0]!.cases[0]!.sim, 1, 1), seedFor(COURSE, 1, 1, 0));
}

/** The expert's key changes up to the moment the first target is reached, and that moment. */
function planFirstTarget(scenario: Scenario): { inputs: Extract<SimEvent, { type: 'input' }>[]; reachedAt: number } {
  const expert = navigationPlayers.find((p) => p.name === 'nav-expert')!;
  const log = expert.play(scenario, createRng(1));
  const reachedAt = replay(scenario, log).targetTimes[0]!;
  const inputs = log.filter((e): e is Extract<SimEvent, { type: 'input' }> => e.type === 'input' && e.t <= reachedAt);
  return { inputs, reachedAt };
}

async function press(page: Page, held: Record<Axis, number>, next: Record<Axis, number>) {
  for (const axis of Object.keys(KEYS) as Axis[]) {
    if (held[axis] === next[axis]) continue;
    if (held[axis] !== 0) await page.keyboard.up(KEYS[axis][held[axis] > 0 ? 1 : 0]);
    if (next[axis] !== 0) await page.keyboard.down(KEYS[axis][next[axis] > 0 ? 1 : 0]);
  }
}

for (const lang of ['en', 'ar'] as const) {
  test(`navigation (${lang}): one target at a time, reached only when held still at a working distance`, async ({ page, request }) => {
    // Every frame of the 5-6 s the expert steers is drawn on the CPU at full size (to the page each frame takes 16 ms,
    // so its drawing size never drops): about 30 s alone, past the default limit beside the other lane.
    test.slow();
    const d = DICTIONARIES[lang];
    const scenario = await practiceScenario(request);
    expect(scenario.params.task).toBe('navigation');
    const { inputs, reachedAt } = planFirstTarget(scenario);
    const total = scenario.targets.length;

    await page.clock.install();
    await page.goto(`/simulator?${new URLSearchParams({ course: COURSE, level: '1', case: '1', lan: lang })}`);
    await expect(page.getByText(d['sim.intro.navigation'])).toBeVisible();
    const start = page.getByRole('button', { name: d['sim.start'] });
    // Ahead of the page's own clock, as pilot.ts takes it: under a slowed run the page's clock was already past the
    // test process's Date.now() + 2 s ("Cannot fast-forward to the past").
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2000);
    await start.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#sim-h-target')).toHaveText(d['sim.hud.targetOf'].replace('{{n}}', '1').replace('{{total}}', String(total)));

    let held: Record<Axis, number> = { turnX: 0, turnY: 0, insert: 0 };
    let now = 0;
    for (const e of inputs) {
      await page.clock.runFor(e.t - now);
      now = e.t;
      const next = { turnX: e.turnX, turnY: e.turnY, insert: e.insert };
      await press(page, held, next);
      held = next;
    }
    // On the target, still, but not yet for the whole hold: still the first target.
    await page.clock.runFor(Math.max(0, reachedAt - 200 - now));
    await expect(page.locator('#sim-h-target')).toHaveText(d['sim.hud.targetOf'].replace('{{n}}', '1').replace('{{total}}', String(total)));
    await page.clock.runFor(400);
    await expect(page.locator('#sim-h-target')).toHaveText(d['sim.hud.targetOf'].replace('{{n}}', '2').replace('{{total}}', String(total)));
    await expect(page.locator('#sim-prompt')).toHaveText(d['sim.step.reach-targets']);
    for (const [name, size] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 844, height: 390 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.clock.runFor(200);
      await page.screenshot({ path: `/tmp/shots/navigation-${lang}-${name}.png` });
    }
  });
}
