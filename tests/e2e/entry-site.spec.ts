import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { buildScenario, paramsOfCase, seedFor, type Scenario } from '../../src/domain/simulator/index.ts';
import { entryPoints, reachShare } from '../../src/domain/simulator/entry.ts';

// Planning the entry: the learner picks the trocar's site on the intro's ultrasound sketch, by pointer or by
// keyboard, and the debrief scores it and shows where a better site was.

const COURSE = 'fetoscopy-simulator';
test.use({ viewport: { width: 960, height: 640 } });

/** The practice link's scenario (the case's stored parameters, variant 0) and each site's reach with the straight scope. */
async function reaches(request: APIRequestContext, level: number, caseIndex: number): Promise<{ scenario: Scenario; reach: number[] }> {
  const course = (await (await request.get(`/api/courses/${COURSE}`)).json()) as { levels: { cases: { sim?: unknown }[] }[] };
  const scenario = buildScenario(paramsOfCase(course.levels[level - 1]!.cases[caseIndex - 1]!.sim, level, caseIndex), seedFor(COURSE, level, caseIndex, 0));
  const judged = entryPoints(scenario.params.task, scenario.placenta, scenario.targets);
  return { scenario, reach: scenario.sites.map((site) => reachShare(site, 'straight', judged)) };
}

async function openAndFinish(page: Page, open: string, finish: string) {
  await page.getByRole('button', { name: open }).click();
  await expect(page.locator('#sim-intro')).toBeHidden();
  await page.getByRole('button', { name: finish, exact: true }).click();
  await expect(page.locator('#sim-debrief')).toBeVisible();
}

test('English: the learner picks an entry site by click, changes it by keyboard, and the debrief scores it', async ({ page, request }) => {
  const { reach } = await reaches(request, 2, 1);
  await page.goto(`/simulator?course=${COURSE}&level=2&case=1&lan=en&mode=test`);
  const sites = page.getByRole('group', { name: 'Entry site' });
  await expect(sites.getByRole('img', { name: /Ultrasound sketch of the uterus/ })).toBeVisible();
  await expect(sites.getByRole('button', { name: /^Entry site \d$/ })).toHaveCount(9);
  await expect(sites.locator('[data-twin="donor"]')).toContainText('Donor');
  await expect(sites.locator('[data-twin="recipient"]')).toContainText('Recipient');
  expect((await new AxeBuilder({ page }).include('#sim-intro').analyze()).violations.map((v) => v.id)).toEqual([]);

  // A corner of the grid by click, then the middle by keyboard: Tab along the sites and Space.
  await sites.getByRole('button', { name: 'Entry site 1' }).click();
  await expect(sites.getByRole('button', { name: 'Entry site 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sites.getByRole('button', { name: 'Entry site 1' })).toBeFocused();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  await expect(sites.getByRole('button', { name: 'Entry site 5' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(sites.getByRole('button', { name: 'Entry site 5' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sites.getByRole('button', { name: 'Entry site 1' })).toHaveAttribute('aria-pressed', 'false');
  await expect(sites.getByRole('status')).toHaveText('Entry site 5 chosen.');

  await openAndFinish(page, 'Open the fetoscopy', 'Finish');
  const row = page.locator('#sim-components tr[data-component="entry"]');
  await expect(row.getByRole('rowheader')).toHaveText('Entry site');
  await expect(row.getByRole('cell').first()).toHaveText(`${Math.round(reach[4]! * 100)}%`);
  // On the map (the legend's swatches have no title): the learner's entry, and the best site if it reached more.
  await expect(page.locator('#sim-map rect.dm-entry', { has: page.locator('title') })).toHaveCount(1);
  await expect(page.locator('#sim-map rect.dm-best-site', { has: page.locator('title') })).toHaveCount(reach[4]! < Math.max(...reach) ? 1 : 0);
});

test('Arabic: the sketch keeps its sites where they lie, a site is chosen with the keyboard alone, and the debrief reads right to left', async ({
  page,
  request,
}) => {
  const { reach } = await reaches(request, 2, 1);
  const worst = reach.indexOf(Math.min(...reach));
  await page.goto(`/simulator?course=${COURSE}&level=2&case=1&lan=ar&mode=test`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sites = page.getByRole('group', { name: 'موضع الدخول' });
  // Site 1 is the sketch's top left corner whatever the page's direction: the picture is not mirrored.
  const first = (await sites.getByRole('button', { name: 'موضع الدخول 1' }).boundingBox())!;
  const third = (await sites.getByRole('button', { name: 'موضع الدخول 3' }).boundingBox())!;
  expect(first.x).toBeLessThan(third.x);
  await sites.getByRole('button', { name: `موضع الدخول ${worst + 1}` }).focus();
  await page.keyboard.press('Enter');
  await expect(sites.getByRole('button', { name: `موضع الدخول ${worst + 1}` })).toHaveAttribute('aria-pressed', 'true');
  await expect(sites.getByRole('status')).toHaveText(`تم اختيار موضع الدخول ${worst + 1}.`);
  await openAndFinish(page, 'افتح التنظير الجنيني', 'إنهاء');
  const row = page.locator('#sim-components tr[data-component="entry"]');
  await expect(row.getByRole('rowheader')).toHaveText('موضع الدخول');
  await expect(page.locator('#sim-map rect.dm-best-site', { has: page.locator('title') })).toHaveCount(1);
  await expect(page.locator('#sim-map [data-key="bestSite"]')).toContainText('أفضل موضع للدخول');
});
