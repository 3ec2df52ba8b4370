import type { APIRequestContext, Page } from '@playwright/test';
import { browserLaunchLink } from '../../src/domain/launch.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, newAccount, axe } from './helpers.ts';

// After an assessed attempt the result says what Retry starts: a new assessment only with a window's code typed
// there, otherwise practice, labelled so; an attempt that arrives after its window closed is said to be practice.

const NAVIGATION = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };

/** A one-case course requiring assessment (pass mark 50), and an administrator's window open to every learner. */
async function world(request: APIRequestContext) {
  const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const levels = [{ title: 'Assessed', active: true, cases: [{ title: 'Two targets', bubbles: [], sim: NAVIGATION, passMark: 50 }] }];
  const created = await request.post('/api/courses', { headers: admin, data: { title: `Retry assessed ${Date.now()}`, subtitle: 'One case', levels } });
  expect(created.status()).toBe(201);
  const courseId = (await created.json()) as string;
  const course = await (await request.get(`/api/courses/${courseId}`)).json();
  expect((await request.put(`/api/courses/${courseId}`, { headers: admin, data: { ...course, id: undefined, assessmentRequired: true } })).status()).toBe(200);
  const opened = await request.post('/api/assessments', { headers: admin, data: { course: courseId, minutes: 30 } });
  expect(opened.status()).toBe(201);
  const window = (await opened.json()) as { id: string; code: string };
  const close = async () => expect((await request.post(`/api/assessments/${window.id}/close`, { headers: admin })).status()).toBe(200);
  // A sitting allows one launch of a case: another is granted by its opener, with the reason on record.
  const caseId = (course as { levels: Array<{ cases: Array<{ id: string }> }> }).levels[0]!.cases[0]!.id;
  const grant = async (learner: string) =>
    expect(
      (
        await request.post(`/api/assessments/${window.id}/grants`, { headers: admin, data: { learner, caseId, reason: 'Retry after the first attempt' } })
      ).status(),
    ).toBe(201);
  return { courseId, code: window.code, close, grant };
}

/** Opens the fetoscopy and finishes at once: an attempt that earns nothing, stored as the server finds its window. */
async function finishAtOnce(page: Page, t: (typeof DICTIONARIES)['en']) {
  await page.locator('#sim-sketch [data-site="4"]').click();
  await page.getByRole('button', { name: t['sim.start'] }).click();
  await page.getByRole('button', { name: t['sim.finish'], exact: true }).click();
  await page.getByRole('button', { name: t['sim.next'], exact: true }).click();
  await expect(page.locator('#sim-verdict')).toBeVisible();
}

for (const lang of ['en', 'ar'] as const) {
  test(`Retry after an assessed attempt says whether it is assessed or practice; an attempt sent after the window closed is practice (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = DICTIONARIES[lang];
    const prefix = lang === 'en' ? '' : `/${lang}`;
    const { courseId, code, close, grant } = await world(request);
    const learner = await newAccount(request, 'retry', { name: 'Rae Retry' }, { premium: true });
    const launch = await request.post('/api/launch', { headers: learner.headers, data: { course: courseId, level: 1, case: 1, assessmentCode: code } });
    expect(launch.status()).toBe(201);
    const { token } = (await launch.json()) as { token: string };
    await login(page, learner);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(browserLaunchLink(`${prefix}/simulator`, { userid: learner.uid, course: courseId, level: 1, case: 1, lan: lang, token }));
    await expect(page.locator('#sim-mode')).toHaveText(t['sim.mode.assessment']);

    // Stored as assessed (the window is open): no "practice" note; Retry and Next case say they start practice.
    await finishAtOnce(page, t);
    await expect(page.locator('#sim-lapsed')).toBeHidden();
    const field = page.getByLabel(t['sim.outcome.code']);
    await expect(field).toBeVisible();
    await expect(field).toHaveAccessibleDescription(new RegExp(t['sim.outcome.reassess'].slice(0, 30)));
    await expect(page.getByRole('button', { name: t['sim.outcome.retryPractice'] })).toBeVisible();

    // A code typed makes it an assessed retry; a wrong one is refused in words, and nothing opens.
    await field.fill('ZZZZZZ');
    const assessedRetry = page.getByRole('button', { name: t['sim.outcome.retryAssessed'] });
    await assessedRetry.click();
    await expect(page.getByRole('alert')).toHaveText(t['sim.outcome.code.unknown']);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`assessed-retry-${lang}-desktop.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await page.screenshot({ path: test.info().outputPath(`assessed-retry-${lang}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The window's own code: refused until the director grants another launch of the case, then a new launch, as an assessment.
    await field.fill(code.toLowerCase());
    await assessedRetry.click();
    await expect(page.getByRole('alert')).toHaveText(t['sim.outcome.code.used']);
    await grant(learner.uid);
    await assessedRetry.click();
    await expect(page.getByRole('button', { name: t['sim.start'] })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('token')).not.toBe(token);
    await expect(page.locator('#sim-mode')).toHaveText(t['sim.mode.assessment']);

    // The window closes while this attempt is played: it is stored, and said to be practice.
    await close();
    await finishAtOnce(page, t);
    await expect(page.locator('#sim-lapsed')).toHaveText(t['sim.outcome.lapsed']);
    await expect(page.locator('#sim-verdict-margin')).toHaveText(new RegExp(t['sim.outcome.practiceOnly'].split('{{mark}}')[1]!.slice(0, 20)));
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`assessed-lapsed-${lang}-desktop.png`), fullPage: true });
  });
}
