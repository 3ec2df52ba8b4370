import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { paramsOfCase } from '../../src/domain/simulator/params.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, axe } from './helpers.ts';

/** A course of one module with two cases and no stored parameters, made for one journey. */
async function newCourse(request: APIRequestContext, title: string): Promise<string> {
  const token = await idTokenFor(ADMIN);
  const cases = [
    { title: 'First look', bubbles: [] },
    { title: 'Second look', bubbles: [] },
  ];
  const res = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, subtitle: 'made by a test', levels: [{ title: 'Navigation', active: true, cases }] },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as string;
}

async function storedCases(request: APIRequestContext, id: string): Promise<Array<{ title: string; sim?: unknown }>> {
  const course = (await (await request.get(`/api/courses/${id}`)).json()) as { levels: Array<{ cases: Array<{ title: string; sim?: unknown }> }> };
  return course.levels[0]!.cases;
}

/** Opens edit mode from the course page, as the admin's toolbar button does. */
async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await page.locator('.course-toolbar button').first().click();
  await expect(page.locator('form.editor')).toBeVisible();
}

/** Tabs from the focused element until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

test("the admin sets a case's simulator parameters with the keyboard, saves, and finds them after a reload", async ({ page, request }) => {
  const id = await newCourse(request, `Settings ${Date.now()}`);
  await login(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEditor(page, `/courses/${id}`);

  const toggle = page.getByRole('button', { name: 'Simulator settings of case 2 in module 1' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.getByLabel('Title of case 2 in module 1').focus();
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const group = page.getByRole('group', { name: 'Simulator settings of case 2 in module 1' });
  await expect(group).toBeVisible();
  await expect(group).toContainText('Module defaults');

  // No parameters stored: the module's defaults for the second case of the first module.
  const defaults = paramsOfCase(undefined, 1, 2);
  await expect(group.getByLabel('Task')).toHaveValue(defaults.task);
  await expect(group.getByLabel('Difficulty (1 easiest, 5 hardest)')).toHaveValue(String(defaults.difficulty));
  await expect(group.getByLabel('Placenta')).toHaveValue(defaults.placenta);
  await expect(group.getByLabel('Fetoscopes offered')).toHaveValue(defaults.scopes);
  await expect(group.getByLabel('Anastomoses')).toHaveValue(String(defaults.anastomoses));
  await expect(group.getByLabel('Smallest anastomosis')).toHaveValue(String(defaults.smallestMm));
  await expect(group.getByLabel('Navigation targets')).toHaveValue(String(defaults.targets));

  await page.keyboard.press('Tab');
  await expect(group.getByLabel('Task')).toBeFocused();
  await page.keyboard.press('s');
  await expect(group.getByLabel('Task')).toHaveValue('selective');
  await expect(group).toContainText('Set for this case.');
  await expect(group.getByLabel('Task')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await page.keyboard.press('a');
  await page.keyboard.press('Tab');
  await page.keyboard.press('b');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  // A selective case may set a complication for the learner to manage: none until one is chosen.
  await page.keyboard.press('Tab');
  const complication = group.getByLabel('Complication');
  await expect(complication).toBeFocused();
  await expect(complication).toHaveValue('none');
  await page.keyboard.press('e');
  await expect(complication).toHaveValue('entry-bleed');
  await expect(complication.locator('option:checked')).toHaveText('Entry bleed');
  const chosen = {
    task: 'selective',
    difficulty: defaults.difficulty + 1,
    placenta: 'anterior',
    anastomoses: defaults.anastomoses + 2,
    smallestMm: Math.round((defaults.smallestMm - 0.8) * 10) / 10,
    scopes: 'both',
    targets: defaults.targets + 1,
    complication: 'entry-bleed',
  };
  await expect(group.getByLabel('Difficulty (1 easiest, 5 hardest)')).toHaveValue(String(chosen.difficulty));
  await expect(group.getByLabel('Placenta')).toHaveValue('anterior');
  await expect(group.getByLabel('Fetoscopes offered')).toHaveValue('both');
  await expect(group.getByLabel('Anastomoses')).toHaveValue(String(chosen.anastomoses));
  await expect(group.getByLabel('Smallest anastomosis')).toHaveValue(String(chosen.smallestMm));
  await expect(group.getByLabel('Smallest anastomosis').locator('option:checked')).toHaveText(`${chosen.smallestMm.toFixed(1)} mm`);
  await expect(group.getByLabel('Navigation targets')).toHaveValue(String(chosen.targets));

  // The first case: a change, then back to the module defaults; the focus stays in the panel.
  await page.getByRole('button', { name: 'Simulator settings of case 1 in module 1' }).press('Enter');
  const first = page.getByRole('group', { name: 'Simulator settings of case 1 in module 1' });
  // A navigation drill has no complication to set.
  await expect(first.getByLabel('Task')).toHaveValue('navigation');
  await expect(first.getByLabel('Complication')).toHaveCount(0);
  await first.getByLabel('Placenta').focus();
  await page.keyboard.press('a');
  await expect(first).toContainText('Set for this case.');
  // An anterior placenta with only the straight scope offered (case 1's default) cannot be won: the editor says so.
  const warning = first.getByRole('status').filter({ hasText: 'This setup cannot be won. Placenta: Anterior.' });
  await expect(warning).toContainText('Offer the angled (30°) scope, or choose another placenta position.');
  await expect(first.getByLabel('Placenta')).toHaveAttribute('aria-describedby', (await warning.getAttribute('id'))!);
  await first.screenshot({ path: test.info().outputPath('case-settings-unwinnable-en.png') });
  await first.getByRole('button', { name: 'Use the module defaults for case 1 in module 1' }).press('Enter');
  await expect(warning).toHaveCount(0);
  await expect(first).toContainText('Module defaults');
  await expect(first.getByLabel('Placenta')).toHaveValue(paramsOfCase(undefined, 1, 1).placenta);
  await expect(first.getByLabel('Task')).toBeFocused();

  await expect(page.getByRole('status').filter({ hasText: 'You have unsaved changes' })).toBeVisible();
  await axe(page);
  await group.scrollIntoViewIfNeeded();
  await expectFitsWidth(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await group.scrollIntoViewIfNeeded();
  await expectFitsWidth(page);
  await axe(page);

  // Nothing is stored before Publish.
  expect((await storedCases(request, id)).map((c) => c.sim)).toEqual([undefined, undefined]);
  await page.getByRole('button', { name: 'Publish', exact: true }).focus();
  await page.keyboard.press('Enter');
  // Texts missing in six languages are listed first; publishing anyway is allowed.
  await page.getByRole('dialog', { name: 'Before you publish' }).getByRole('button', { name: 'Publish anyway' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.editor')).toHaveCount(0);
  expect((await storedCases(request, id)).map((c) => c.sim)).toEqual([undefined, chosen]);

  await openEditor(page, `/courses/${id}`);
  await page.getByRole('button', { name: 'Simulator settings of case 2 in module 1' }).press('Enter');
  await expect(group).toContainText('Set for this case.');
  await expect(group.getByLabel('Task')).toHaveValue('selective');
  await expect(group.getByLabel('Smallest anastomosis')).toHaveValue(String(chosen.smallestMm));
  await expect(group.getByLabel('Navigation targets')).toHaveValue(String(chosen.targets));
  await expect(group.getByLabel('Complication')).toHaveValue('entry-bleed');
});

test('in Arabic the settings read right to left, and a change made with the keyboard is saved', async ({ page, request }) => {
  const id = await newCourse(request, `Arabic settings ${Date.now()}`);
  await login(page, ADMIN);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openEditor(page, `/ar/courses/${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const toggle = page.getByRole('button', { name: 'إعدادات المحاكي للحالة 1 في الوحدة 1' });
  await toggle.focus();
  await page.keyboard.press('Space');
  const group = page.getByRole('group', { name: 'إعدادات المحاكي للحالة 1 في الوحدة 1' });
  await expect(group).toContainText('الإعدادات الافتراضية للوحدة');
  await expect(group.getByLabel('المهمة').locator('option:checked')).toHaveText('التنقّل: الوصول إلى الأهداف');
  // An anterior placenta with the straight scope alone cannot be won; offering the angled one settles it.
  await group.getByLabel('المشيمة').selectOption('anterior');
  const warning = group.getByRole('status').filter({ hasText: 'لا يمكن الفوز بهذا الإعداد. المشيمة: أمامية.' });
  await expect(warning).toBeVisible();
  await axe(page);
  await group.screenshot({ path: test.info().outputPath('case-settings-unwinnable-ar.png') });
  const scopes = group.getByLabel('المناظير المتاحة');
  await scopes.focus();
  await page.keyboard.press('ArrowDown');
  await expect(scopes).toHaveValue('angled');
  await expect(warning).toHaveCount(0);
  await expect(group).toContainText('مضبوطة لهذه الحالة.');
  await expect(group.getByLabel('أصغر مفاغرة').locator('option:checked')).toHaveText(`${paramsOfCase(undefined, 1, 1).smallestMm.toFixed(1)} مم`);
  await axe(page);
  await group.scrollIntoViewIfNeeded();
  await expectFitsWidth(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await group.scrollIntoViewIfNeeded();
  await expectFitsWidth(page);

  await page.locator('.publish-bar .publish-actions .button:not(.button-ghost)').press('Enter');
  await page.getByRole('dialog', { name: 'قبل النشر' }).getByRole('button', { name: 'النشر على أي حال' }).press('Enter');
  await expect(page.locator('.editor')).toHaveCount(0);
  expect((await storedCases(request, id)).map((c) => c.sim)).toEqual([{ ...paramsOfCase(undefined, 1, 1), placenta: 'anterior', scopes: 'angled' }, undefined]);
  await openEditor(page, `/ar/courses/${id}`);
  await toggle.press('Enter');
  await expect(group.getByLabel('المناظير المتاحة')).toHaveValue('angled');
});
