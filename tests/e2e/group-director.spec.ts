import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, axe, idTokenFor, login, newAccount, signIn } from './helpers.ts';
import { storedAttempt } from './stored-attempt.ts';
import { acceptInvitations } from './group-consent.ts';

const SHOTS = '/tmp/group-director-shots';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** A group directed by a new account, with a member (who accepted the invitation) who has played one attempt. */
async function directedGroup(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const director = await newAccount(request, 'director', { name: 'Dora Director' }, { verified: true });
  const member = await newAccount(request, 'fellow', { name: 'Fay Fellow' }, { premium: true, verified: true });
  const group = (await (await request.post('/api/groups', { headers: admin, data: { name: `Fellowship ${Date.now()}` } })).json()) as { id: string };
  for (const [who, role] of [
    [director, 'director'],
    [member, 'member'],
  ] as const) {
    expect((await request.post(`/api/groups/${group.id}/members`, { headers: admin, data: { email: who.email, role } })).status()).toBe(200);
  }
  // The member was invited: the director reads them once they accept.
  await acceptInvitations(request, member);
  await storedAttempt(request, member);
  return { admin, director, member, groupId: group.id };
}

/** Every part of the dialog lies inside the window and inside the dialog: nothing cut off on either side, the actions reachable. */
async function expectWhole(page: Page, dialog: Locator) {
  const { width, height } = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  // Taller content scrolls inside the dialog; nothing is wider than it (the list names what sticks out).
  const wider = await dialog.evaluate((el) => {
    const edge = el.getBoundingClientRect();
    return [...el.querySelectorAll('*')]
      .map((child) => ({ child, r: child.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < edge.left - 0.5 || r.right > edge.right + 0.5))
      .map(({ child, r }) => `${child.tagName.toLowerCase()}.${[...child.classList].join('.')} ${Math.round(r.left)}..${Math.round(r.right)}`);
  });
  expect(wider).toEqual([]);
  expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const part of await dialog.locator('.debrief-figure svg, table, .dialog-actions .button').all()) {
    await part.scrollIntoViewIfNeeded();
    const inner = (await part.boundingBox())!;
    expect(inner.x).toBeGreaterThanOrEqual(box.x);
    expect(inner.x + inner.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
}

test("the director's debrief dialog fits a phone and a desktop, in English and in Arabic", async ({ page, request }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { director, member, groupId } = await directedGroup(request);
  await login(page, director);
  for (const locale of ['en', 'ar'] as const) {
    const d = DICTIONARIES[locale];
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto(`${locale === 'en' ? '' : '/ar'}/groups?group=${groupId}&member=${member.uid}`);
      await page.locator('.attempt-history tbody button').first().click();
      const dialog = page.getByRole('dialog', { name: d['sim.debrief.title'] });
      await expect(dialog.getByRole('img', { name: d['sim.debrief.map'] })).toBeVisible();
      await expect(dialog.getByRole('table', { name: d['sim.debrief.components'] })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/debrief-${locale}-${name}.png` });
      await expectWhole(page, dialog);
      if (name === 'phone') await axe(page);
      await dialog.getByRole('button', { name: d['attempts.close'] }).click();
      await expect(dialog).toBeHidden();
    }
  }
});

test("the director reads why a member's attempt was flagged, in the history and its debrief, in English and in Arabic", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { director, member, groupId } = await directedGroup(request);
  // Controls changed on a timer's beat: stored flagged 'regular'.
  await storedAttempt(request, member, 'timer');
  await login(page, director);
  for (const locale of ['en', 'ar'] as const) {
    const d = DICTIONARIES[locale];
    await page.setViewportSize(locale === 'en' ? VIEWPORTS.desktop : VIEWPORTS.phone);
    await page.goto(`${locale === 'en' ? '' : '/ar'}/groups?group=${groupId}&member=${member.uid}`);
    const flagged = page.locator('.attempt-history tbody tr').filter({ has: page.locator('.attempt-flagged') });
    await expect(flagged).toHaveCount(1);
    await expect(flagged.locator('.attempt-flagged')).toHaveText(`${d['attempts.flaggedRow']}${d['sim.flag.regular']}`);
    await expect(page.locator('.attempt-history .attempt-flagged')).toHaveCount(1);
    await flagged.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: d['sim.debrief.title'] });
    await expect(dialog.locator('.debrief-flagged').getByRole('listitem')).toHaveText([d['sim.flag.regular']]);
    await page.screenshot({ path: `${SHOTS}/flagged-${locale}.png` });
    if (locale === 'ar') await axe(page);
    await dialog.getByRole('button', { name: d['attempts.close'] }).click();
    await expect(dialog).toBeHidden();
  }
});

test('a director removed in another session is told so on a page left open and on a fresh one, in their language', async ({ browser, request }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const { admin, director, member, groupId } = await directedGroup(request);
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const open = await context.newPage();
  await signIn(open, director);
  await open.goto(`/ar/groups?group=${groupId}`);
  await expect(open.locator('.group-progress')).toBeVisible();

  // An administrator removes them elsewhere (the API, as from another browser).
  expect((await request.delete(`/api/groups/${groupId}/members/${director.uid}`, { headers: admin })).status()).toBe(200);

  // The page left open: its next action says why.
  await open.locator('.group-toolbar button').first().click();
  await expect(open.getByRole('alert')).toHaveText(DICTIONARIES.ar['groups.revoked']);
  await axe(open);
  await open.screenshot({ path: `${SHOTS}/revoked-ar-phone.png` });

  // A tab that never showed the group, in Spanish and in English on a desktop: the server's answer carries the reason.
  const fresh = await context.newPage();
  await fresh.goto(`/es/groups?group=${groupId}`);
  await expect(fresh.getByRole('alert')).toHaveText(DICTIONARIES.es['groups.revoked']);
  await fresh.setViewportSize(VIEWPORTS.desktop);
  await fresh.goto(`/groups?group=${groupId}&member=${member.uid}`);
  await expect(fresh.getByRole('alert')).toHaveText(DICTIONARIES.en['groups.revoked']);
  await axe(fresh);
  await fresh.screenshot({ path: `${SHOTS}/revoked-en-desktop.png` });
  await context.close();
});
