import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { useT } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, formReady, idTokenFor, login, newAccount, oobCodes, subscriber, uniqueEmail } from './helpers.ts';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const uidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: string }).user_id;

/** A new account with a profile and nothing else. */
const member = (request: APIRequestContext) => newAccount(request, 'member', { name: 'Mo Member', contact: '+1 555 0100' });

test('a new account is reminded to verify its email on My account until the emailed link is opened', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('verify');
  await page.goto('/signup');
  await formReady(page, 'Sign up');
  await page.getByLabel('Name', { exact: true }).fill('Vera');
  await page.getByLabel('Last name').fill('Verified');
  await page.getByLabel('Phone').fill('+34 600 000 002');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret1');
  await page.getByLabel('Repeat password').fill('secret1');
  await page.getByLabel('I have read and accept the terms of use and the privacy notice').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect.poll(async () => (await oobCodes(email)).filter((c) => c.requestType === 'VERIFY_EMAIL').length).toBe(1);

  await page.goto('/account');
  const banner = page.getByRole('region', { name: /not verified yet/ });
  await expect(banner).toContainText(email);
  await expectAxeClean(page);
  await banner.getByRole('button', { name: 'I have verified it' }).click();
  await expect(banner.getByRole('alert')).toHaveText('The address is not verified yet: open the link in the email, then try again.');
  await banner.getByRole('button', { name: 'Send the link again' }).click();
  await expect(banner.getByRole('status')).toHaveText(`A new link is on its way to \u2068${email}\u2069.`);
  await expect.poll(async () => (await oobCodes(email)).filter((c) => c.requestType === 'VERIFY_EMAIL').length).toBe(2);

  const link = (await oobCodes(email)).filter((c) => c.requestType === 'VERIFY_EMAIL').at(-1)!.oobLink;
  expect((await fetch(link)).ok).toBe(true);
  await banner.getByRole('button', { name: 'I have verified it' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is verified.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: /not verified yet/ })).toHaveCount(0);
});

test('a learner changes name, phone and password on My account, on a phone in Arabic', async ({ page, request }) => {
  const who = await member(request);
  await login(page, who);
  // Signed in at the default size: on a phone the header's Logout sits in the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/account');
  const profile = page.getByRole('region', { name: 'الملف الشخصي' });
  await expect(profile.getByLabel('الاسم')).toHaveValue('Mo Member');
  await profile.getByLabel('الاسم').fill('  ');
  await profile.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(profile.getByRole('alert')).toHaveText('أدخل اسمك.');
  await profile.getByLabel('الاسم').fill('مريم الأحمد');
  await profile.getByLabel('الهاتف').fill('+966 50 123 4567');
  await profile.getByRole('button', { name: 'حفظ التغييرات' }).click();
  await expect(profile.getByRole('status')).toHaveText('تم حفظ ملفك الشخصي.');
  await expectFitsWidth(page);
  await expectAxeClean(page);

  const token = await idTokenFor(who);
  expect(await (await request.get(`/api/users/${who.uid}`, { headers: { authorization: `Bearer ${token}` } })).json()).toMatchObject({
    name: 'مريم الأحمد',
    contact: '+966 50 123 4567',
  });
  await page.reload();
  await expect(profile.getByLabel('الهاتف')).toHaveValue('+966 50 123 4567');

  const password = page.getByRole('region', { name: 'تغيير كلمة المرور' });
  await password.getByLabel('كلمة المرور الحالية').fill('not-my-password');
  await password.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('brand-new-1');
  await password.getByLabel('أعد كتابة كلمة المرور الجديدة').fill('brand-new-2');
  await password.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(password.getByRole('alert')).toHaveText('كلمتا المرور الجديدتان غير متطابقتين.');
  await password.getByLabel('أعد كتابة كلمة المرور الجديدة').fill('brand-new-1');
  await password.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(password.getByRole('alert')).toBeVisible();
  expect(await idTokenFor({ email: who.email, password: 'brand-new-1' })).toBeUndefined();
  await password.getByLabel('كلمة المرور الحالية').fill(who.password);
  await password.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(password.getByRole('status')).toHaveText('تم تغيير كلمة المرور.');
  expect(await idTokenFor({ email: who.email, password: 'brand-new-1' })).toEqual(expect.any(String));
  expect(await idTokenFor(who)).toBeUndefined();
});

test('a learner downloads their data, then deletes the account after confirming with the password', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const who = await subscriber(request);
  const uid = uidOf(who.headers.authorization.slice('Bearer '.length));
  const [receipt] = await (await request.get('/api/receipts', { headers: who.headers })).json();
  await login(page, who);
  await page.goto('/account');
  const data = page.getByRole('region', { name: 'Your data' });

  const downloading = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download my data (JSON)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-data.json');
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(exported.profile).toMatchObject({ id: uid, email: who.email, name: 'Sam Subscriber' });
  expect(exported.payments).toEqual([expect.objectContaining({ orderId: receipt.orderId, status: 'COMPLETED' })]);
  expect(exported.eventLogs.path).toBe('/api/users/me/export/logs');
  // The event logs are the second download: gzip NDJSON, empty for a learner who has not played.
  const downloadingLogs = page.waitForEvent('download');
  await data.getByRole('button', { name: "Download my attempts' event logs (.ndjson.gz)" }).click();
  const logs = await downloadingLogs;
  expect(logs.suggestedFilename()).toBe('my-attempt-logs.ndjson.gz');
  expect(gunzipSync(readFileSync((await logs.path())!)).toString('utf8')).toBe('');

  await data.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Payments are kept for our accounts, without your name.');
  // The plan just bought is named with its end, and the refund policy is a link away.
  await expect(dialog.locator('.delete-paid')).toHaveText(
    /^Your paid plan gives you access until \w+ \d+, \d{4}\. Deleting your account ends that access at once, and no refund is made by itself\. Read the refund policy$/,
  );
  await expect(dialog.getByRole('link', { name: 'Read the refund policy' })).toHaveAttribute('href', '/legal/refunds');
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('delete-paid-desktop-en.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await idTokenFor(who)).toEqual(expect.any(String));

  await data.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Your password, to confirm').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Wrong email or password.');
  expect(await idTokenFor(who)).toEqual(expect.any(String));
  await dialog.getByLabel('Your password, to confirm').fill(who.password);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  // Said, not a silent landing: the dialog confirms it, and its one link (focused) leads home.
  const done = page.getByRole('dialog', { name: 'Account deleted' });
  await expect(done.getByRole('status')).toHaveText('Your account and your data have been deleted. Thank you for learning with us.');
  await expect(done.getByRole('link', { name: 'Go to the home page' })).toBeFocused();
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('delete-done-desktop-en.png') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  expect(await idTokenFor(who)).toBeUndefined();
  const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  expect((await request.get(`/api/users/${uid}`, { headers: admin })).status()).toBe(404);
  expect(await (await request.get(`/api/receipts/${receipt.orderId}`, { headers: admin })).json()).toMatchObject({
    buyer: { name: '', email: '' },
    amount: 199,
  });
});

test('a learner with a paid plan, on a phone in Arabic, is warned of the plan and the refund policy before deleting, and told after', async ({
  page,
  request,
}) => {
  const t = useT('ar');
  const who = await subscriber(request);
  const user = await (await request.get(`/api/users/${uidOf(who.headers.authorization.slice('Bearer '.length))}`, { headers: who.headers })).json();
  const until = new Date(user.subscriptions[0].next_billing_time.seconds * 1000);
  await login(page, who);
  // Signed in at the default size: on a phone the header's Logout sits in the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/account');
  await page.getByRole('button', { name: t('delete.open') }).click();
  const dialog = page.getByRole('dialog', { name: t('delete.title') });
  const date = await page.evaluate((iso) => new Intl.DateTimeFormat('ar', { dateStyle: 'long' }).format(new Date(iso)), until.toISOString());
  await expect(dialog.locator('.delete-paid')).toContainText(t('delete.paidPlan', { n: 1, date }));
  await expect(dialog.getByRole('link', { name: t('delete.refunds') })).toHaveAttribute('href', '/ar/legal/refunds');
  await expectFitsWidth(page);
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('delete-paid-phone-ar.png') });
  await dialog.getByLabel(t('delete.password')).fill(who.password);
  await dialog.getByRole('button', { name: t('delete.confirm') }).click();
  const done = page.getByRole('dialog', { name: t('delete.doneTitle') });
  await expect(done.getByRole('status')).toHaveText(t('delete.done'));
  await expect(done.getByRole('link', { name: t('delete.home') })).toBeFocused();
  await expectFitsWidth(page);
  await expectAxeClean(page);
  await page.screenshot({ path: test.info().outputPath('delete-done-phone-ar.png') });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ar\/?$/);
  expect(await idTokenFor(who)).toBeUndefined();
});

test('the only administrator is told, in Arabic, to appoint another before deleting the account', async ({ page }) => {
  await login(page, ADMIN);
  // Signed in at the default size: on a phone the header's Logout sits in the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/account');
  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  const dialog = page.getByRole('dialog', { name: 'هل تريد حذف حسابك؟' });
  await dialog.getByLabel('كلمة مرورك للتأكيد').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'حذف نهائي' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('أنت المسؤول الوحيد: عيّن شخصًا آخر مسؤولًا قبل حذف حسابك.');
  await expectFitsWidth(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'حسابي', level: 1 })).toBeVisible();
  expect(await idTokenFor(ADMIN)).toEqual(expect.any(String));
});

test('a Google account signed in long ago is asked to sign in again before anything is deleted', async ({ page, request }) => {
  const email = uniqueEmail('google-delete');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Sign in with Google (local stand-in)' });
  await chooser.getByLabel('Email').fill(email);
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // Six minutes later by the page's clock: Firebase no longer counts the sign-in as recent.
  await page.clock.setFixedTime(Date.now() + 6 * 60_000);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password, to confirm')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('For your safety, this needs a fresh sign-in: log out, log in again and try once more.');

  const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const found = await request.get(`/api/users?email=${encodeURIComponent(email)}`, { headers: admin });
  expect(await found.json()).toEqual([expect.objectContaining({ email })]);
});
