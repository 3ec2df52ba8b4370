import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { heldTargetsPlayer } from './pilot.ts';
import { ADMIN, axe, expectFitsWidth, idTokenFor, login, newAccount } from './helpers.ts';

// An administrator reorders a course's modules and cases with the keyboard and publishes: a learner's passed case
// keeps its pass, its score and its pass mark at its new place, and nothing else is passed by the move.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const NAVIGATION = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };
const row = (page: Page, level: number, kase: number) => page.locator(`.course-outline .case[data-level="${level}"][data-case="${kase}"]`);

/** Two modules: "Finding your way" (Two targets, pass mark 55; Two more targets), then "Steady hands" (Last targets). */
async function course(request: APIRequestContext): Promise<string> {
  const nav = (title: string, passMark?: number) => ({ title, bubbles: [], sim: NAVIGATION, ...(passMark ? { passMark } : {}) });
  const levels = [
    { title: 'Finding your way', active: true, cases: [nav('Two targets', 55), nav('Two more targets')] },
    { title: 'Steady hands', active: true, cases: [nav('Last targets')] },
  ];
  const res = await request.post('/api/courses', {
    headers: auth(await idTokenFor(ADMIN)),
    data: { title: `Reorder lab ${Date.now()}`, subtitle: 'Moved by keyboard', levels },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as string;
}

/** One play of module 1, case 1 through the API as the simulator page would; the launch's variant sets the score. */
async function playFirstCase(request: APIRequestContext, courseId: string, headers: Record<string, string>): Promise<number> {
  const launch = await request.post('/api/launch', { headers, data: { course: courseId, level: 1, case: 1 } });
  expect(launch.status()).toBe(201);
  const { token } = (await launch.json()) as { token: string };
  const player = heldTargetsPlayer(token);
  await new Promise((r) => setTimeout(r, player.t));
  const res = await request.post('/api/attempts', { headers, data: { token, events: player.events } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { score: number }).score;
}

/** The learner plays module 1, case 1 until a launch's variant lets the scripted play pass it; answers the passing score and how many plays it took. */
async function passFirstCase(request: APIRequestContext, courseId: string, who: { email: string; password: string }) {
  const headers = auth(await idTokenFor(who));
  for (let plays = 1; plays <= 5; plays += 1) {
    const score = await playFirstCase(request, courseId, headers);
    if (score >= 55) return { score, plays };
  }
  throw new Error('The scripted play passed none of five variants');
}

/** What deleting the played case says it touches: the learner's plays, in the plural forms English gives each count. */
const played = (plays: number) =>
  plays === 1
    ? '1 attempt by 1 learner stays in their history, but no longer counts as progress.'
    : `${plays} attempts by 1 learner stay in their history, but no longer count as progress.`;

/** Focuses a control and presses Enter: the admin works with the keyboard. */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

test("an admin reorders a course by keyboard and publishes; the learner's passed case keeps its pass and pass mark", async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const courseId = await course(request);
  const learner = await newAccount(request, 'mover', { name: 'Mo Learner' }, { premium: true, verified: true });
  const { score, plays } = await passFirstCase(request, courseId, learner);

  await login(page, ADMIN, `/login?next=${encodeURIComponent(`/courses/${courseId}`)}`);
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`));
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await press(page, 'Edit course');
  await expect(page.getByLabel('Title of module 2')).toHaveValue('Steady hands');

  // Module 2 goes up: focus stays on its button, now at the top (disabled), so on its Move down.
  await expect(page.getByRole('button', { name: 'Move module 1 up' })).toBeDisabled();
  await press(page, 'Move module 2 up');
  await expect(page.getByLabel('Title of module 1')).toHaveValue('Steady hands');
  await expect(page.getByRole('status').filter({ hasText: 'Module “Steady hands” is now module 1 of 2.' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move module 1 down' })).toBeFocused();
  // In the module now second, the passed case goes below the other.
  await press(page, 'Move case 1 of module 2 down');
  await expect(page.getByLabel('Title of case 2 in module 2')).toHaveValue('Two targets');
  await expect(page.getByLabel('Title of case 1 in module 2')).toHaveValue('Two more targets');
  await expect(page.getByRole('status').filter({ hasText: 'Case “Two targets” is now case 2 of 2 in module 2.' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Move case 2 of module 2 down' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move case 2 of module 2 up' })).toBeFocused();
  await axe(page);
  await expectFitsWidth(page);

  // Deleting the played case asks first, saying what it touches; Cancel keeps it and gives the focus back to its button.
  await press(page, 'Delete case 2 of module 2');
  const ask = page.getByRole('dialog', { name: 'Delete case 2 of module 2?' });
  await expect(ask).toContainText(played(plays));
  await expect(ask).toContainText('Learners see this only when you publish the course.');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await axe(page);
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();
  await expect(page.getByLabel('Title of case 2 in module 2')).toHaveValue('Two targets');
  await expect(page.getByRole('button', { name: 'Delete case 2 of module 2' })).toBeFocused();
  // Deleting the module that holds it asks too, counting while a slow answer comes; Escape keeps it.
  const impact = (url: URL) => /^\/api\/courses\/[^/]+\/impact$/.test(url.pathname);
  await page.route(impact, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await press(page, 'Delete module 2');
  const module = page.getByRole('dialog', { name: 'Delete module 2 and all its cases?' });
  await expect(module.getByRole('status')).toContainText('Counting what this deletion affects…');
  await expect(module).toContainText(played(plays));
  await page.keyboard.press('Escape');
  await expect(module).toBeHidden();
  await expect(page.getByLabel('Title of module 2')).toHaveValue('Finding your way');
  await page.unroute(impact);
  // A case nobody has played asks too, in one line; Delete removes it.
  await page.locator('.add-case button').first().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Title of case 2 in module 1')).toBeVisible();
  await press(page, 'Delete case 2 of module 1');
  const fresh = page.getByRole('dialog', { name: 'Delete case 2 of module 1?' });
  await expect(fresh).toContainText('No learner has played it: no attempt or progress is lost.');
  await expect(fresh).not.toContainText('attempt(s)');
  await fresh.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(fresh).toBeHidden();
  await expect(page.getByLabel('Title of case 2 in module 1')).toHaveCount(0);
  // The row is gone: the focus goes to the case before it, not to the top of the page.
  await expect(page.getByRole('button', { name: 'Delete case 1 of module 1' })).toBeFocused();

  await press(page, 'Save');
  await expect(page.locator('.publish-summary')).toContainText('Changes the order of modules or cases: learners keep their results on each case.');
  await press(page, 'Publish');
  // Texts missing in six languages are listed first; publishing anyway is allowed.
  await press(page, 'Publish anyway');
  await page.waitForURL(new RegExp(`/courses/${courseId}$`));

  // The learner: the passed case stands at module 2, case 2, still passed with its score and its own pass mark.
  const mine = await (await browser.newContext()).newPage();
  await login(mine, learner, `/login?next=${encodeURIComponent(`/courses/${courseId}`)}`);
  await expect(mine).toHaveURL(new RegExp(`/courses/${courseId}$`));
  await expect(mine.getByText('1 of 3 cases passed')).toBeVisible();
  await expect(row(mine, 2, 2)).toContainText('Two targets');
  await expect(row(mine, 2, 2)).toHaveAttribute('data-state', 'passed');
  await expect(row(mine, 2, 2)).toContainText(`Passed with ${score}`);
  const progress = await request.get(`/api/progress?course=${courseId}`, { headers: auth(await idTokenFor(learner)) });
  const cases = ((await progress.json()) as { modules: Array<{ cases: Array<{ title: string; state: string; passMark: number; best: number | null }> }> })
    .modules;
  expect(cases.map((m) => m.cases.map((c) => [c.title, c.state, c.passMark, c.best]))).toEqual([
    [['Last targets', 'notStarted', 70, null]],
    [
      ['Two more targets', 'notStarted', 70, null],
      ['Two targets', 'passed', 55, score],
    ],
  ]);
  await expect(row(mine, 1, 1)).toContainText('Last targets');
  await expect(row(mine, 1, 1)).toHaveAttribute('data-state', 'notStarted');
  await expect(row(mine, 2, 1)).toHaveAttribute('data-state', 'notStarted');
  await expect(row(mine, 2, 1)).toContainText('Pass mark 70');
  await axe(mine);
});
