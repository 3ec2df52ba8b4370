import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { computeMetrics, scoreAttempt } from '../../src/domain/simulator/index.ts';
import { DEFAULT_PASS_MARK } from '../../src/domain/progress.ts';
import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { heldTargetsPlayer } from './pilot.ts';
import { acceptInvitations } from './group-consent.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, newAccount, axe } from './helpers.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const NAVIGATION = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };

/** A short course in proficiency order: two navigation cases in one module, then one in a second. */
async function shortCourse(request: APIRequestContext): Promise<string> {
  const nav = (title: string, passMark?: number) => ({ title, bubbles: [], sim: NAVIGATION, ...(passMark ? { passMark } : {}) });
  const levels = [
    { title: 'Finding your way', active: true, cases: [nav('Two targets', 60), nav('Two more targets')] },
    { title: 'Steady hands', active: true, cases: [nav('Last targets')] },
  ];
  const admin = auth(await idTokenFor(ADMIN));
  const res = await request.post('/api/courses', {
    headers: admin,
    data: { title: `Navigation basics ${Date.now()}`, subtitle: 'A short course for the journey', levels },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()) as string;
  const course = await (await request.get(`/api/courses/${id}`)).json();
  expect((await request.put(`/api/courses/${id}`, { headers: admin, data: { ...course, id: undefined, proficiencyOrder: true } })).status()).toBe(200);
  return id;
}

/**
 * Presses the outline's Continue (or Start), opens the browser version from the dialog, and plays the case the launch
 * token names: the scenario read from the token as the simulator page reads it, every target reached by the model's
 * scripted hand, the log sent as the page sends it (with the learner's ID token) once the launch is old enough to have lasted that long.
 */
async function continueAndPlay(page: Page, request: APIRequestContext, label: RegExp, who: { email: string; password: string }) {
  // The placenta a launch draws decides the scripted hand's score (one launch in about seventy scores under the
  // default pass mark): opened again until the hand passes, so the journey follows a passing learner every time.
  const launch = async () => {
    await page.getByRole('link', { name: label }).click();
    const browser = page.getByRole('link', { name: /Browser version/ });
    await expect(browser).toBeVisible();
    const token = new URL((await browser.getAttribute('href'))!, e2e.baseURL).searchParams.get('token')!;
    await page.getByRole('button', { name: 'Close' }).click();
    const player = heldTargetsPlayer(token);
    return { token, player, expected: scoreAttempt(computeMetrics(player.sim.state)).score };
  };
  let played = await launch();
  for (let tries = 1; tries < 10 && played.expected < DEFAULT_PASS_MARK; tries++) played = await launch();
  const { token, player, expected } = played;
  expect(expected).toBeGreaterThanOrEqual(DEFAULT_PASS_MARK);
  await page.waitForTimeout(Math.max(0, player.t - 4000));
  const res = await request.post('/api/attempts', { headers: auth(await idTokenFor(who)), data: { token, events: player.events } });
  expect(res.status()).toBe(201);
  const stored = (await res.json()) as { score: number; flagged: boolean; level: number; case: number };
  expect(stored).toMatchObject({ score: expected, flagged: false });
  return stored;
}

const row = (page: Page, level: number, kase: number) => page.locator(`.course-outline .case[data-level="${level}"][data-case="${kase}"]`);

test('a learner passes a short course, continues case by case, downloads the certificate, and anyone can verify it', async ({ page, request, browser }) => {
  test.setTimeout(240_000);
  const courseId = await shortCourse(request);
  const learner = await newAccount(request, 'trainee', { name: 'Lea Journey' }, { premium: true, verified: true });

  // A visitor sees the outline, the pass marks and what a plan opens, but no progress.
  const admin = auth(await idTokenFor(ADMIN));
  const planTitle = `Journey plan ${Date.now()}`;
  const plan = (await (
    await request.post('/api/pricing', {
      headers: admin,
      data: { title: planTitle, price: 10, duration: 1, description: 'For the journey', courses: [courseId], visibility: true },
    })
  ).json()) as { id: string };
  await page.goto(`/courses/${courseId}`);
  await expect(page.locator('.course-plans li', { hasText: planTitle })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to follow your progress' })).toBeVisible();
  await expect(row(page, 1, 1)).toContainText('Pass mark 60 · Opens with a plan');
  await expect(row(page, 2, 1)).toContainText('Pass mark 70 · Opens with a plan once module 1 is passed');
  await expect(page.getByText('Proficiency-based order')).toBeVisible();
  await axe(page);
  expect((await request.delete(`/api/pricing/${plan.id}`, { headers: admin })).status()).toBe(204);

  await login(page, learner, `/login?next=${encodeURIComponent(`/courses/${courseId}`)}`);
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`));
  await expect(page.getByText('0 of 3 cases passed')).toBeVisible();
  await expect(row(page, 1, 1)).toContainText('Not started · Pass mark 60');
  await expect(page.locator('.lock-reason')).toHaveText('Locked: pass every case of module 1, “Finding your way”, first (2 left).');
  await page.getByRole('heading', { name: /Steady hands/ }).click();
  await expect(row(page, 2, 1).getByRole('img', { name: /^Locked/ })).toBeVisible();
  await expect(row(page, 2, 1).getByRole('link')).toHaveCount(0);
  await axe(page);
  await expectFitsWidth(page);

  const first = await continueAndPlay(page, request, /^Start: module 1, case 1$/, learner);
  await page.reload();
  await expect(row(page, 1, 1)).toContainText(`Passed with ${first.score}`);
  await expect(row(page, 1, 1)).toHaveAttribute('data-state', 'passed');
  await expect(page.getByText('1 of 3 cases passed')).toBeVisible();
  await expect(page.locator('.module[data-level="1"] .module-share')).toHaveText('1 of 2 passed');

  await continueAndPlay(page, request, /^Continue: module 1, case 2$/, learner);
  await page.reload();
  await expect(page.locator('.lock-reason')).toHaveCount(0);
  await expect(page.getByText('2 of 3 cases passed')).toBeVisible();
  await continueAndPlay(page, request, /^Continue: module 2, case 1$/, learner);
  await page.reload();
  await expect(page.getByText('3 of 3 cases passed')).toBeVisible();
  await expect(page.getByText(/^Course completed on /)).toBeVisible();
  await axe(page);
  await expectFitsWidth(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the certificate (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${courseId}.pdf`);
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync((await download.path())!)), isEvalSupported: false }).promise;
  const text = (await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
  const verifyHref = await page.getByRole('link', { name: 'Verification page' }).getAttribute('href');
  expect(text).toContain('Lea Journey');
  expect(text).toContain('Navigation basics');
  expect(text).toContain(`${e2e.baseURL}${verifyHref}`);

  // A private window: nobody signed in, only the address.
  const outsider = await browser.newContext();
  const check = await outsider.newPage();
  await check.goto(verifyHref!);
  await expect(check.getByText('This certificate is genuine.')).toBeVisible();
  await expect(check.locator('.verify dd').first()).toHaveText('Lea Journey');
  await expect(check.getByText(/^Navigation basics/)).toBeVisible();
  await axe(check);
  await expectFitsWidth(check);
  await check.goto(`/ar${verifyHref}`);
  await expect(check.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(check.getByText('هذه الشهادة صحيحة.')).toBeVisible();
  await axe(check);
  await expectFitsWidth(check);
  await check.goto('/certificates/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(check.getByRole('alert')).toHaveText('No certificate has this address. Check that it was copied in full.');
  await outsider.close();

  // The course list and My account show the same progress.
  await page.goto('/courses');
  // Another journey's course may be named 'Scope navigation basics': the card is the one whose title starts so.
  await expect(page.locator('.course-card', { has: page.getByRole('heading', { name: /^Navigation basics \d+$/ }) })).toContainText('100% · 3 of 3 cases');
  await page.goto('/account');
  const record = page.locator(`.learning-record tr[data-course="${courseId}"]`);
  await expect(record).toContainText('100% · 3 of 3 cases');
  await expect(record.getByRole('link', { name: 'Verification page' })).toHaveAttribute('href', verifyHref!);
  await axe(page);

  // The outline in Arabic reads right to left.
  await page.goto(`/ar/courses/${courseId}`);
  await expect(page.getByText('اجتزت 3 من 3 حالات')).toBeVisible();
  await axe(page);
  await expectFitsWidth(page);

  // The admin makes a group for the fellowship: the learner as a member, a director to follow them.
  const director = await newAccount(request, 'director', { name: 'Dee Director' }, { premium: false, verified: true });
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await login(adminPage, ADMIN);
  await adminPage.goto('/groups');
  await adminPage.getByLabel('Group name').fill(`Fellowship ${Date.now()}`);
  await adminPage.getByRole('button', { name: 'Create group' }).click();
  await expect(adminPage).toHaveURL(/\?group=/);
  const addresses = adminPage.getByLabel('Email addresses (one per line, or separated by commas)');
  await addresses.fill(learner.email.toUpperCase());
  await adminPage.getByRole('button', { name: 'Add or invite' }).click();
  // Added, the learner is only invited: a member once they accept in My learning.
  await expect(adminPage.locator('li[data-invitation]')).toHaveCount(1);
  await acceptInvitations(request, learner);
  await adminPage.reload();
  await expect(adminPage.locator('li[data-role="member"]')).toContainText('Lea Journey');
  await addresses.fill(director.email);
  await adminPage.getByLabel('Role').selectOption('director');
  await adminPage.getByRole('button', { name: 'Add or invite' }).click();
  await expect(adminPage.locator('li[data-role="director"]')).toContainText('Dee Director');
  await axe(adminPage);
  await expectFitsWidth(adminPage);
  await adminContext.close();

  // The director finds the group, sees the learner's progress and certificate, and exports the group.
  const directorContext = await browser.newContext();
  const lead = await directorContext.newPage();
  await login(lead, director);
  await lead.goto('/account');
  await lead.getByRole('link', { name: 'Groups you direct' }).click();
  await lead.getByRole('link', { name: /^Fellowship / }).click();
  const member = lead.locator(`tr[data-user="${learner.uid}"]`);
  await expect(member).toContainText('Lea Journey');
  await expect(member.locator(`td[data-course="${courseId}"]`)).toContainText('100% · 3 of 3 cases');
  await axe(lead);
  await expectFitsWidth(lead);
  const exporting = lead.waitForEvent('download');
  await lead.getByRole('button', { name: 'Export as CSV' }).click();
  const csv = readFileSync((await (await exporting).path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  // Every field quoted, in the page's language: name, email, course, …, state (10th), …, the course's percent (14th). The
  // premium learner holds every course: the ones not begun are listed too, each case not started.
  const rows = csv.slice(1).map((line) => line.slice(1, -1).split('","'));
  expect(rows.every((r) => r[0] === 'Lea Journey' && (r[2] === courseId || r[9] === 'Not started'))).toBe(true);
  const played = rows.filter((r) => r[2] === courseId);
  expect(played.map((r) => [r[0], r[1], r[2], r[9], r[13]])).toEqual(Array(3).fill(['Lea Journey', learner.email, courseId, 'Passed', '100']));

  await member.getByRole('link', { name: 'Lea Journey' }).click();
  await expect(lead.locator('.member-course tbody tr[data-state="passed"]')).toHaveCount(3);
  await expect(lead.locator('.attempt-history tbody tr')).toHaveCount(3);
  // Any attempt's debrief, read through the same route the learner uses.
  await lead.locator('.attempt-history tbody tr').first().getByRole('button').click();
  const debrief = lead.getByRole('dialog');
  await expect(debrief).toBeVisible();
  await expect(debrief).toContainText('100');
  await axe(lead);
  await expectFitsWidth(lead);
  await lead.keyboard.press('Escape');
  await expect(debrief).toBeHidden();
  await axe(lead);
  await expectFitsWidth(lead);
  await lead.goto(`/ar/groups${new URL(lead.url()).search}`);
  await expect(lead.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(lead.locator('.member-course tbody tr[data-state="passed"]')).toHaveCount(3);
  await axe(lead);
  await expectFitsWidth(lead);
  await directorContext.close();
});

test('an admin sets pass marks and the proficiency order in the course editor, and learners see them', async ({ page, request }) => {
  const admin = auth(await idTokenFor(ADMIN));
  const created = await request.post('/api/courses', {
    headers: admin,
    data: {
      title: `Editor marks ${Date.now()}`,
      subtitle: 'made by a test',
      levels: [
        { title: 'One', active: true, cases: [{ title: 'First', bubbles: [] }] },
        { title: 'Two', active: true, cases: [{ title: 'Second', bubbles: [] }] },
      ],
    },
  });
  const id = (await created.json()) as string;
  await login(page, ADMIN);
  await page.goto(`/courses/${id}`);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await page.locator('.course-toolbar button').first().click();
  await expect(page.locator('form.editor')).toBeVisible();
  await page.getByLabel('Proficiency-based order: a module opens only when every case of the module before it is passed').check();
  await page.getByLabel('Pass mark of case 1 in module 2').fill('85');
  await axe(page);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Before you publish' }).getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.locator('form.editor')).toHaveCount(0);
  const course = await (await request.get(`/api/courses/${id}`)).json();
  expect(course.proficiencyOrder).toBe(true);
  expect(course.levels[1].cases[0]).toEqual({ id: expect.any(String), title: 'Second', bubbles: [], passMark: 85 });
  await expect(row(page, 2, 1)).toContainText('Pass mark 85');

  // Emptying the field brings back the default.
  await page.locator('.course-toolbar button').first().click();
  await expect(page.getByLabel('Pass mark of case 1 in module 2')).toHaveValue('85');
  await page.getByLabel('Pass mark of case 1 in module 2').fill('');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog', { name: 'Before you publish' }).getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.locator('form.editor')).toHaveCount(0);
  expect((await (await request.get(`/api/courses/${id}`)).json()).levels[1].cases[0]).toEqual({ id: expect.any(String), title: 'Second', bubbles: [] });
});

test("a learner is refused the director's group page and routes", async ({ page, request }) => {
  const learner = await newAccount(request, 'nosy', { name: 'Nosy Learner' }, { premium: false });
  const admin = auth(await idTokenFor(ADMIN));
  const group = (await (await request.post('/api/groups', { headers: admin, data: { name: `Closed ${Date.now()}` } })).json()) as { id: string };
  const token = await idTokenFor(learner);
  for (const path of [`/api/groups/${group.id}`, `/api/groups/${group.id}/progress`, `/api/groups/${group.id}/export.csv`]) {
    const res = await request.get(path, { headers: auth(token) });
    expect(res.status()).toBe(403);
    expect(await res.json()).toEqual({ error: 'forbidden', message: expect.any(String) });
  }
  await login(page, learner);
  await page.goto(`/groups?group=${group.id}`);
  await expect(page.getByRole('alert')).toHaveText('You cannot see this group: only its directors and administrators can.');
  await page.goto('/groups');
  await expect(page.getByText('You do not direct any group.')).toBeVisible();
  await axe(page);
});
