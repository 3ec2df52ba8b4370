import type { APIRequestContext } from '@playwright/test';
import { ar } from '../../src/i18n/ar.ts';
import { en } from '../../src/i18n/en.ts';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, uniqueEmail, axe } from './helpers.ts';
import { TERMS_VERSION } from '../../src/domain/legal.ts';
import type { AnastomosisKind } from '../../src/domain/simulator/index.ts';
import { fill } from '../../src/i18n/fill.ts';

import { CASE, storedAttempt } from './stored-attempt.ts';

/** A learner made premium by the admin, so it may launch every case. */
async function premiumLearner(request: APIRequestContext) {
  const who = { email: uniqueEmail('debrief'), password: 'debrief1' };
  const res = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, returnSecureToken: true }),
  });
  const { localId: uid, idToken } = (await res.json()) as { localId: string; idToken: string };
  expect(
    (
      await request.post('/api/users', { headers: { authorization: `Bearer ${idToken}` }, data: { acceptedTerms: TERMS_VERSION, id: uid, email: who.email } })
    ).status(),
  ).toBe(201);
  const admin = await idTokenFor(ADMIN);
  const put = await request.put(`/api/users/${uid}`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { isAdmin: false, isPremium: true, subscriptions: [] },
  });
  expect(put.status()).toBe(200);
  return { ...who, uid };
}

test('a learner opens the debrief of an attempt from My account: loading, error and retry, map and advice, Escape, focus back', async ({ page, request }) => {
  const learner = await premiumLearner(request);
  const id = await storedAttempt(request, learner, 'mistyped');
  await login(page, learner);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The first answer is slow and fails: the dialog says it is loading, then why it failed, and offers to try again.
  let fail = true;
  await page.route(`**/api/attempts/${id}`, async (route) => {
    if (!fail) return route.continue();
    await new Promise((r) => setTimeout(r, 600));
    return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal","message":"boom"}' });
  });
  await page.goto('/account');
  const open = page.getByRole('button', { name: /^Debrief of Fetoscopy simulator · / });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Debrief' });
  await expect(dialog.getByRole('status')).toHaveText(en['attempts.debriefLoading']);
  await expect(dialog.getByRole('alert')).toHaveText(en['attempts.debriefError']);
  fail = false;
  await dialog.getByRole('button', { name: 'Try again' }).click();

  const map = dialog.getByRole('img', { name: en['sim.debrief.map'] });
  await expect(map).toBeVisible();
  await expect(dialog.locator('.debrief-caption')).toContainText('Module 2, case 1');
  await expect(dialog.locator('.debrief-caption')).toContainText(en['sim.task.selective']);
  // Nothing was sealed: every anastomosis of the case shows as left open.
  const seeded = (await (await request.get(`/api/courses/${CASE.course}`)).json()) as { levels: Array<{ cases: Array<{ sim: { anastomoses: number } }> }> };
  await expect(map.locator('[data-state="residual"]')).toHaveCount(seeded.levels[1]!.cases[0]!.sim.anastomoses);
  await expect(map.locator('[data-state="sealed"]')).toHaveCount(0);
  // The anastomosis typed wrong says so beside it on the map (its type struck through, then the true one) and in the list.
  const stored = await request.get(`/api/attempts/${id}`, { headers: { authorization: `Bearer ${await idTokenFor(learner)}` } });
  const { weights, debrief } = (await stored.json()) as {
    weights: Record<string, number>;
    debrief: { anastomoses: Array<{ kind: AnastomosisKind; markedAs: AnastomosisKind | null }> };
  };
  const typed = debrief.anastomoses.find((a) => a.markedAs !== null)!;
  expect(typed.markedAs).not.toBe(typed.kind);
  await expect(map.locator(`[data-typed="${typed.markedAs}"] .dm-map-text`)).toHaveText(`${typed.markedAs} ${typed.kind}`);
  await expect(map.locator(`[data-typed="${typed.markedAs}"] .dm-wrong`)).toHaveText(typed.markedAs!);
  const types = dialog.getByRole('region', { name: en['sim.debrief.types'] });
  await expect(types.getByRole('listitem').first()).toHaveText(
    `${fill(en['sim.debrief.youTyped'], { typed: typed.markedAs!, kind: typed.kind })} ${en[`sim.debrief.hint.${typed.kind}`]}`,
  );
  await expect(types.getByRole('listitem')).toHaveCount(debrief.anastomoses.length);
  const components = dialog.getByRole('table', { name: en['sim.debrief.components'] });
  const sealing = components.getByRole('row', { name: new RegExp(en['sim.component.sealing']) });
  await expect(sealing).toContainText(en['sim.advice.sealing.improve']);
  await expect(sealing.getByRole('cell').nth(0)).toHaveText('0%');
  // The weight this attempt was scored with: order's share goes to the rest when fewer than two ranks were sealed.
  await expect(sealing.getByRole('cell').nth(1)).toHaveText(`${weights.sealing}%`);
  await axe(page);
  await expectFitsWidth(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page);
  await axe(page);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('the debrief opens in Arabic, right to left, and an admin opens it from /admin-users; both read why it was flagged', async ({
  page,
  browser,
  request,
}) => {
  const learner = await premiumLearner(request);
  await storedAttempt(request, learner, 'timer');
  await login(page, learner);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/ar/account');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The history says under the attempt's case that it was flagged, and why, before any debrief is opened.
  await expect(page.locator('.attempt-history .attempt-flagged')).toHaveText(`${ar['attempts.flaggedRow']}${ar['sim.flag.regular']}`);
  const open = page.getByRole('button', { name: /^التقييم: / });
  await open.press('Enter');
  const dialog = page.getByRole('dialog', { name: ar['sim.debrief.title'] });
  await expect(dialog.getByRole('img', { name: ar['sim.debrief.map'] })).toBeVisible();
  await expect(dialog.getByRole('table', { name: ar['sim.debrief.components'] })).toContainText(ar['sim.component.identification']);
  await expect(dialog).toContainText(ar['sim.task.selective']);
  await expect(dialog.locator('.debrief-flagged')).toHaveText(`${ar['attempts.flagged']}${ar['sim.flag.regular']}`);
  await axe(page);
  await expectFitsWidth(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page);
  await dialog.getByRole('button', { name: ar['attempts.close'] }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  await login(admin, ADMIN);
  await admin.goto('/admin-users');
  await admin.getByLabel('Email or user id').fill(learner.email);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: /^Debrief of Fetoscopy simulator · / }).click();
  const adminDialog = admin.getByRole('dialog', { name: 'Debrief' });
  await expect(adminDialog.getByRole('img', { name: en['sim.debrief.map'] })).toBeVisible();
  await expect(adminDialog.locator('.debrief-flagged').getByRole('listitem')).toHaveText([en['sim.flag.regular']]);
  await axe(admin);
  await admin.keyboard.press('Escape');
  await expect(adminDialog).toBeHidden();
  await context.close();
});
