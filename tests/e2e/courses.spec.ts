import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { e2e } from '../../playwright.config.ts';
import { ADMIN, expectFitsWidth, formReady, idTokenFor, LEARNER, login, uniqueEmail, WINDOWS_CHROME, axe } from './helpers.ts';
import { TERMS_VERSION } from '../../src/domain/legal.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

// The open-case dialog offers the desktop version only to Windows and macOS (launch-devices.spec.ts covers the rest).
test.use({ userAgent: WINDOWS_CHROME });

/** Waits until the course page's island runs, so a press on play is handled by it and not by the no-JavaScript link. */
async function courseReady(page: Page) {
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
}

/** A course made through the API for one journey, so the seeded ones stay as they are. */
async function newCourse(request: APIRequestContext, title: string, levels: unknown[] = []): Promise<string> {
  const token = await idTokenFor(ADMIN);
  const res = await request.post('/api/courses', { headers: auth(token), data: { title, subtitle: 'made by a test', levels } });
  expect(res.status()).toBe(201);
  return (await res.json()) as string;
}

/** Signs up an account in the emulator, creates its record, and has the admin make it premium. */
async function premiumUser(request: APIRequestContext) {
  const who = { email: uniqueEmail('premium'), password: 'premium1' };
  const res = await fetch(`${e2e.authEmulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...who, returnSecureToken: true }),
  });
  const { localId: uid, idToken } = (await res.json()) as { localId: string; idToken: string };
  expect((await request.post('/api/users', { headers: auth(idToken), data: { acceptedTerms: TERMS_VERSION, id: uid, email: who.email } })).status()).toBe(201);
  const admin = await idTokenFor(ADMIN);
  const put = await request.put(`/api/users/${uid}`, { headers: auth(admin), data: { isAdmin: false, isPremium: true, subscriptions: [] } });
  expect(put.status()).toBe(200);
  return { ...who, uid };
}

test('a learner without a plan presses play, is told so in Spanish and lands on pricing', async ({ page }) => {
  await login(page, LEARNER);
  await page.goto('/es/courses/bronchoscopy');
  await courseReady(page);
  await page.getByRole('link', { name: 'Jugar el caso 1: Laringe y cuerdas vocales' }).click();
  await expect(page.getByRole('alert')).toContainText('No cuentas con suscripcion para este curso');
  await expect(page).toHaveURL(/\/es\/pricing$/);
});

test('a signed-out visitor who presses play logs in and comes back to the course', async ({ page }) => {
  await page.goto('/courses/fetoscopy-simulator');
  await courseReady(page);
  await page.getByRole('link', { name: 'Play case 2: Posterior or anterior placenta, choice of scope' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcourses%2Ffetoscopy-simulator$/);
  await formReady(page, 'Log in');
  await page.getByLabel('Email').fill(LEARNER.email);
  await page.getByLabel('Password').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/courses\/fetoscopy-simulator$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fetoscopy simulator');
});

test('the course page is server-rendered: active modules and cases without JavaScript, 404 for an unknown id', async ({ browser, request }) => {
  const id = await newCourse(request, `Rendered ${Date.now()}`, [
    { title: 'Shown module', active: true, cases: [{ title: 'Visible case', bubbles: [] }] },
    { title: 'Draft module', active: false, cases: [{ title: 'Secret case', bubbles: [] }] },
  ]);
  const list = await (await request.get('/ar/courses')).text();
  expect(list).toContain('التحويلة الجنبية الأمنيوسية');
  expect(list).toContain(`href="/ar/courses/${id}"`);
  const html = await (await request.get(`/courses/${id}`)).text();
  expect(html).toContain('Shown module');
  expect(html).toContain('Visible case');
  expect(html).not.toContain('Draft module');
  expect(html).not.toContain('Secret case');
  expect((await request.get('/courses/no-such-course')).status()).toBe(404);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/courses/${id}`);
  await expect(page.getByRole('link', { name: 'Play case 1: Visible case' })).toHaveAttribute('href', `/login?next=%2Fcourses%2F${id}`);
  await context.close();
});

test('the admin adds, renames and hides modules and cases, saves, and sees them after a reload', async ({ page, request }) => {
  const id = await newCourse(request, `Editable ${Date.now()}`);
  await login(page, ADMIN);
  await page.goto(`/courses/${id}`);
  await courseReady(page);
  await page.getByRole('button', { name: 'Edit course' }).click();
  await expect(page.locator('form.editor').getByText('This course has no modules yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add module' }).click();
  await expect(page.getByLabel('Title of module 1')).toHaveValue('New Module');
  await expect(page.getByLabel('Title of case 1 in module 1')).toHaveValue('New Case');
  await expect(page.getByRole('checkbox', { name: 'Active Module 1' })).toBeChecked();
  await page.getByLabel('Title of module 1').fill('Twin anastomoses');
  await page.getByRole('button', { name: 'Add case' }).click();
  await page.getByLabel('Title of case 2 in module 1').fill('Posterior placenta');
  await page.getByLabel('Course title').fill('Laser course');
  await page.getByRole('button', { name: 'Add module' }).click();
  await page.getByLabel('Title of module 2').fill('Hidden drafts');
  await page.getByRole('checkbox', { name: 'Active Module 2' }).uncheck();
  await page.getByRole('button', { name: 'Add module' }).click();
  await page.getByRole('button', { name: 'Delete module 3' }).click();
  // A module nobody played is deleted once asked.
  const ask = page.getByRole('dialog', { name: 'Delete module 3 and all its cases?' });
  await expect(ask).toContainText('No learner has played it');
  await ask.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByLabel('Title of module 3')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete module 2' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'You have unsaved changes' })).toBeVisible();
  await axe(page);

  // Nothing is stored before Save.
  const before = (await (await request.get(`/api/courses/${id}`)).json()) as { levels: unknown[] };
  expect(before.levels).toEqual([]);

  // Save keeps a draft: learners still see the published course, and the editor says what Publish will change.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const bar = page.getByRole('region', { name: 'Publish' });
  await expect(bar).toContainText('Saved as a draft: learners see the published version until you publish.');
  await expect(bar).toContainText('Adds 2 cases: learners who completed the course keep their certificate.');
  await expect(bar).toContainText('Adds 1 module.');
  expect(((await (await request.get(`/api/courses/${id}`)).json()) as { levels: unknown[] }).levels).toEqual([]);
  await axe(page);
  await bar.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('editor-draft-desktop-en.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsWidth(page);
  await bar.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('editor-draft-phone-en.png') });
  await bar.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog', { name: 'Before you publish' }).getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Laser course');
  await expect(page.getByRole('heading', { name: /Twin anastomoses/ })).toBeVisible();
  await expect(page.getByText('Posterior placenta')).toBeVisible();
  await expect(page.getByText('New Case')).toBeVisible();
  await expect(page.getByText('Hidden drafts')).toHaveCount(0);
  const saved = await (await request.get(`/api/courses/${id}`)).json();
  expect(saved).toMatchObject({
    title: 'Laser course',
    subtitle: 'made by a test',
    levels: [
      {
        title: 'Twin anastomoses',
        active: true,
        cases: [
          { title: 'New Case', bubbles: [] },
          { title: 'Posterior placenta', bubbles: [] },
        ],
      },
      { title: 'Hidden drafts', active: false, cases: [{ title: 'New Case', bubbles: [] }] },
    ],
  });
});

test('a save the server refuses keeps the edits and says why; leaving with edits asks first', async ({ page, request }) => {
  const id = await newCourse(request, `Refused ${Date.now()}`);
  await login(page, ADMIN);
  await page.goto(`/courses/${id}`);
  await courseReady(page);
  await page.getByRole('button', { name: 'Edit course' }).click();
  await page.getByRole('button', { name: 'Add module' }).click();
  await page.getByLabel('Title of module 1').fill('   ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Not saved: every title needs 1 to 200 characters/);
  await expect(page.getByLabel('Title of case 1 in module 1')).toHaveValue('New Case');
  expect(((await (await request.get(`/api/courses/${id}`)).json()) as { levels: unknown[] }).levels).toEqual([]);

  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => (resolve(d.type()), void d.dismiss())));
  await page.getByRole('link', { name: 'Pricing' }).click();
  expect(await asked).toBe('beforeunload');
  await expect(page).toHaveURL(new RegExp(`/courses/${id}$`));
  await expect(page.getByLabel('Title of case 1 in module 1')).toHaveValue('New Case');
});

test('the admin adds a draft course from the tile, and deletes a course only after confirming', async ({ page, request }) => {
  const title = `Doomed ${Date.now()}`;
  const id = await newCourse(request, title);
  await login(page, ADMIN);
  await page.goto('/courses');
  await page.getByRole('button', { name: `Delete course ${title}` }).click();
  await expectFitsWidth(page);
  const dialog = page.getByRole('dialog', { name: 'Delete this course?' });
  await expect(dialog).toContainText(`The course “${title}” will be deleted`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await request.get(`/api/courses/${id}`)).status()).toBe(200);

  await page.getByRole('button', { name: `Delete course ${title}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect((await request.get(`/api/courses/${id}`)).status()).toBe(404);

  // A new course is a draft: the admin lands on its preview, which the editor opens from.
  await page.getByRole('button', { name: 'Add course' }).click();
  await expect(page).toHaveURL(/\/courses\/[0-9a-f-]{36}\?preview=[\w.-]+&plan=with$/);
  await expect(page.getByRole('complementary', { name: 'Preview as a learner' })).toContainText('Draft: only administrators see this course');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New Course');
  await expect(page.getByText('new course', { exact: true })).toBeVisible();
});

test('a premium user opens the case dialog; the links carry the query and a token the server verifies', async ({ page, request }) => {
  const user = await premiumUser(request);
  await login(page, user);
  await page.goto('/courses/fetoscopy-simulator');
  await courseReady(page);
  const second = page.locator('.module', { hasText: 'Selective coagulation' });
  await second.getByText('Selective coagulation').click();
  await second.getByRole('link', { name: 'Play case 3: Six anastomoses, anterior placenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose how to open this case' });
  await expect(dialog).toBeVisible();
  await axe(page);
  await expectFitsWidth(page);

  const browserHref = (await dialog.getByRole('link', { name: /Browser version/ }).getAttribute('href'))!;
  const url = new URL(browserHref, e2e.baseURL);
  expect(url.pathname).toBe('/simulator');
  const query = Object.fromEntries(url.searchParams);
  // The simulator opens in the language of the page it is launched from.
  expect(query).toMatchObject({ userid: user.uid, course: 'fetoscopy-simulator', level: '2', case: '3', lan: 'en' });
  const desktopHref = (await dialog.getByRole('link', { name: /Desktop version/ }).getAttribute('href'))!;
  expect(desktopHref).toBe(`fetalsurgerysim://launch?${url.searchParams.toString()}`);
  const verified = await request.get(`/api/launch/verify?token=${encodeURIComponent(query.token!)}`);
  // The token also signs the placenta's variant and the case's simulator parameters as the course stores them.
  const stored = (await (await request.get('/api/courses/fetoscopy-simulator')).json()) as { levels: Array<{ cases: Array<{ sim: unknown }> }> };
  expect(await verified.json()).toEqual({
    assessed: false,
    userid: user.uid,
    course: 'fetoscopy-simulator',
    level: 2,
    case: 3,
    variant: expect.any(Number),
    sim: stored.levels[1]!.cases[2]!.sim,
    task: 'selective',
    simulator: 'browser',
    entitled: true,
  });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/ar/courses/fetoscopy-simulator');
  await courseReady(page);
  await page.locator('a[data-play][data-level="1"][data-case="1"]').first().click();
  const arabic = page.getByRole('dialog');
  await expect(arabic).toBeVisible();
  const again = new URL((await arabic.locator('a[data-launch="browser"]').getAttribute('href'))!, e2e.baseURL);
  expect(Object.fromEntries(again.searchParams)).toMatchObject({ level: '1', case: '1', lan: 'ar' });
});

for (const lang of ['en', 'ar'] as const) {
  test(`the course list and a course page pass axe in ${lang} and fit the window`, async ({ page }) => {
    const prefix = lang === 'en' ? '' : `/${lang}`;
    await page.goto(`${prefix}/courses`);
    await expect(page.locator('.course-card a[href$="/courses/pleuroamniotic"]')).toBeVisible();
    await axe(page);
    await expectFitsWidth(page);
    await page.goto(`${prefix}/courses/fetoscopy-simulator`);
    await courseReady(page);
    await axe(page);
    await expectFitsWidth(page);

    await login(page, ADMIN);
    await page.goto(`${prefix}/courses/fetoscopy-simulator`);
    await courseReady(page);
    await page.locator('.course-toolbar button').first().click();
    await expect(page.locator('.editor input').first()).toHaveValue('Fetoscopy simulator');
    await page.locator('.editor input[type="checkbox"]').nth(1).uncheck();
    await axe(page);
    await expectFitsWidth(page);
  });
}

test('when the list cannot be reloaded after a delete, a message and a retry show', async ({ page, request }) => {
  const title = `Fragile ${Date.now()}`;
  await newCourse(request, title);
  await login(page, ADMIN);
  await page.goto('/courses');
  let fail = true;
  await page.route('**/api/courses?lang=en', (route) => (fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue()));
  await page.getByRole('button', { name: `Delete course ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('The courses could not be loaded.');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: 'Bronchoscopy' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
