import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { localePath, type Locale } from '../../src/i18n/locales.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, formReady, idTokenFor, login, newAccount, oobCodes, uniqueEmail, axe } from './helpers.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const SHOTS = '/tmp/groups-shots';

/** The group's CSV as the director's download saves it, each row's fields unquoted (every field is quoted). */
async function exportedRows(page: Page): Promise<string[][]> {
  const exporting = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as CSV' }).click();
  const text = readFileSync((await (await exporting).path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .trim();
  return text
    .split('\r\n')
    .slice(1)
    .map((line) => line.slice(1, -1).split('","'));
}

/**
 * On My learning in `locale`, accepts the invitation to `groupName` (naming its director, Dee Lead); the group is then
 * listed as the learner's, with its director.
 */
async function acceptInMyLearning(page: Page, groupName: string, locale: Locale = 'en') {
  const say = DICTIONARIES[locale];
  await page.goto(localePath(locale, '/learning'));
  const invitations = page.getByRole('region', { name: say['learning.invitations'] });
  await expect(invitations).toContainText(groupName);
  await expect(invitations).toContainText('Dee Lead');
  await axe(page);
  await invitations.getByRole('button', { name: say['learning.accept'] }).click();
  const belong = page.getByRole('region', { name: say['learning.memberOf'] });
  await expect(belong).toContainText(groupName);
  await expect(belong).toContainText('Dee Lead');
  await expect(invitations).toBeHidden();
}

test('a director invites people by address: each joins by accepting in My learning, the CSV lists who has not begun, removals are asked first', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = auth(await idTokenFor(ADMIN));
  const director = await newAccount(request, 'lead', { name: 'Dee Lead' }, { verified: true });
  const trainee = await newAccount(request, 'waiting', { name: 'Wes Waiting' }, { verified: true });
  const groupName = `Residency ${Date.now()}`;
  const group = (await (await request.post('/api/groups', { headers: admin, data: { name: groupName } })).json()) as { id: string };
  for (const [who, role] of [
    [director, 'director'],
    [trainee, 'member'],
  ] as const) {
    expect((await request.post(`/api/groups/${group.id}/members`, { headers: admin, data: { email: who.email, role } })).status()).toBe(200);
  }

  // Added by the admin, the trainee is only invited: the director sees the invitation, nothing of theirs.
  const leadContext = await browser.newContext();
  const lead = await leadContext.newPage();
  await login(lead, director);
  await lead.setViewportSize({ width: 390, height: 844 });
  await lead.goto(`/groups?group=${group.id}`);
  await expect(lead.getByRole('heading', { name: groupName })).toBeVisible();
  await expect(lead.locator(`li[data-invitation="${trainee.email}"]`)).toBeVisible();

  // The trainee accepts in My learning, where the invitation names the group and its director.
  const traineeContext = await browser.newContext();
  const learner = await traineeContext.newPage();
  await login(learner, trainee);
  await acceptInMyLearning(learner, groupName);
  await axe(learner);
  await learner.screenshot({ path: `${SHOTS}/learner-accepted-en-desktop.png`, fullPage: true });
  await traineeContext.close();

  // Now the director's CSV names the member, who has not started anything.
  await lead.reload();
  expect((await exportedRows(lead)).map((r) => [r[0], r[1], r[9]])).toEqual([['Wes Waiting', trainee.email, 'Not started']]);

  // A pasted list with a mistake is refused whole; corrected, the new address waits as an invitation.
  const newcomer = uniqueEmail('newcomer');
  const addresses = lead.getByLabel('Email addresses (one per line, or separated by commas)');
  await addresses.fill(`${newcomer}\nnot-an-address`);
  await lead.getByRole('button', { name: 'Add or invite' }).click();
  await expect(lead.getByRole('alert')).toHaveText('These are not email addresses, nothing was sent: not-an-address');
  await addresses.fill(`${newcomer.toUpperCase()}, ${trainee.email}`);
  await lead.getByRole('button', { name: 'Add or invite' }).click();
  await expect(lead.locator(`li[data-invitation="${newcomer}"]`)).toContainText('(Member)');
  await expect(lead.locator('.invite-outcomes')).toContainText(
    `Invited and mailed, they join once they accept in My learning (with their address verified): ${newcomer}`,
  );
  await expect(lead.locator('.invite-outcomes')).toContainText(`Already in the group or invited, nothing changed: ${trainee.email}`);
  await axe(lead);
  await expectFitsWidth(lead);
  await lead.screenshot({ path: `${SHOTS}/director-en-phone.png`, fullPage: true });

  // The newcomer signs up with that address and opens the verification link.
  const newContext = await browser.newContext();
  const page = await newContext.newPage();
  await page.goto('/signup');
  await formReady(page, 'Sign up');
  await page.getByLabel('Name', { exact: true }).fill('Nia');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Phone').fill('+34 600 000 003');
  await page.getByLabel('Email').fill(newcomer);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Repeat password').fill('secret1');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect.poll(async () => (await oobCodes(newcomer)).filter((c) => c.requestType === 'VERIFY_EMAIL').length).toBe(1);
  // Not verified yet: still an invitation.
  await lead.reload();
  await expect(lead.locator(`li[data-invitation="${newcomer}"]`)).toBeVisible();
  const link = (await oobCodes(newcomer)).find((c) => c.requestType === 'VERIFY_EMAIL')!.oobLink;
  expect((await fetch(link)).ok).toBe(true);
  await newContext.close();
  // Signing in again after opening the link, the address is verified: the invitation waits in My learning, accepted
  // there, here in Arabic on a phone.
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await login(again, { email: newcomer, password: 'secret1' });
  await again.setViewportSize({ width: 390, height: 844 });
  await acceptInMyLearning(again, groupName, 'ar');
  await expect(again.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectFitsWidth(again);
  await again.screenshot({ path: `${SHOTS}/learner-accepted-ar-phone.png`, fullPage: true });
  await againContext.close();

  await lead.reload();
  await expect(lead.locator('.group-progress tbody tr', { hasText: 'Nia Newcomer' })).toBeVisible();
  await expect(lead.getByText('No invitation is waiting.')).toBeVisible();

  // The admin removes a member: asked first, Cancel keeps them, confirmed they go.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await login(adminPage, ADMIN);
  await adminPage.goto(`/groups?group=${group.id}`);
  const remove = adminPage.getByRole('button', { name: 'Remove Wes Waiting from the group' });
  await remove.click();
  const dialog = adminPage.getByRole('dialog', { name: 'Remove Wes Waiting from the group' });
  await expect(dialog).toContainText('They keep their records and certificates');
  await axe(adminPage);
  await adminPage.screenshot({ path: `${SHOTS}/admin-remove-en-desktop.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.locator(`li[data-user="${trainee.uid}"]`)).toBeVisible();
  await remove.click();
  await dialog.getByRole('button', { name: 'Yes, remove' }).click();
  await expect(adminPage.locator(`li[data-user="${trainee.uid}"]`)).toHaveCount(0);
  await adminPage.screenshot({ path: `${SHOTS}/admin-en-desktop.png`, fullPage: true });
  await adminPage.goto(`/ar/groups?group=${group.id}`);
  await expect(adminPage.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(adminPage.locator(`li[data-user="${director.uid}"]`)).toBeVisible();
  await axe(adminPage);
  await expectFitsWidth(adminPage);
  await adminPage.screenshot({ path: `${SHOTS}/admin-ar-desktop.png`, fullPage: true });

  // The admin removes the director: the director's open page says their access ended, in their language too.
  await lead.goto(`/ar/groups?group=${group.id}`);
  await expect(lead.locator('.group-progress')).toBeVisible();
  await axe(lead);
  await expectFitsWidth(lead);
  await lead.screenshot({ path: `${SHOTS}/director-ar-phone.png`, fullPage: true });
  await adminPage.goto(`/groups?group=${group.id}`);
  await adminPage.getByRole('button', { name: 'Remove Dee Lead from the group' }).click();
  await adminPage.getByRole('dialog').getByRole('button', { name: 'Yes, remove' }).click();
  await expect(adminPage.locator(`li[data-user="${director.uid}"]`)).toHaveCount(0);
  await lead.locator('.group-toolbar button').click();
  await expect(lead.getByRole('alert')).toHaveText('لم تعد مديرًا لهذه المجموعة: أزالك أحد المسؤولين منها. اسأله إن كان ذلك خطأً.');
  await axe(lead);
  await lead.goto(`/groups?group=${group.id}`);
  await expect(lead.getByRole('alert')).toHaveText('You no longer direct this group: an administrator has removed you from it. Ask them if this is a mistake.');
  await adminContext.close();
  await leadContext.close();
});
