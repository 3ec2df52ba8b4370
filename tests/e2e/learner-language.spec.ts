import { DICTIONARIES, useT } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { acceptInvitations } from './group-consent.ts';
import { storedAttempt } from './stored-attempt.ts';
import { formatDay } from '../../src/domain/format.ts';
import { ADMIN, axe, expectFitsWidth, formReady, idTokenFor, LEARNER, newAccount, signIn, subscriber, uniqueEmail } from './helpers.ts';

const PLACES = [
  { name: 'in English on a desktop', lang: 'en', prefix: '', viewport: { width: 1280, height: 800 } },
  { name: 'in Arabic on a phone', lang: 'ar', prefix: '/ar', viewport: { width: 390, height: 844 } },
  { name: 'in English on a phone', lang: 'en', prefix: '', viewport: { width: 390, height: 844 } },
  { name: 'in Arabic on a desktop', lang: 'ar', prefix: '/ar', viewport: { width: 1280, height: 800 } },
] as const;

for (const { name, lang, prefix, viewport } of PLACES) {
  const t = useT(lang);
  const words = DICTIONARIES[lang];

  test(`the login page answers an unknown account as it answers a wrong password, ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${prefix}/login`);
    await formReady(page, words['login.submit']);
    const attempt = async (email: string) => {
      await page.getByLabel(words['common.email']).fill(email);
      await page.getByLabel(words['common.password']).fill('not-the-password');
      await page.getByRole('button', { name: words['login.submit'], exact: true }).click();
      return (await page.getByRole('alert').textContent())?.trim();
    };
    const known = await attempt(LEARNER.email);
    await expect(page.getByRole('alert')).toHaveText(words['auth.error.wrongPassword']);
    await page.getByLabel(words['common.password']).fill('');
    const unknown = await attempt(uniqueEmail('nobody'));
    expect(unknown).toBe(known);
    await expect(page.getByRole('alert')).toHaveText(words['auth.error.wrongPassword']);
    await page.screenshot({ path: test.info().outputPath(`login-${lang}-${viewport.width}.png`), fullPage: true });
  });

  test(`a learner holding the plan sees Continue, not the price, and the cases left to the certificate, ${name}`, async ({ page, request }) => {
    const who = await subscriber(request);
    await signIn(page, who);
    await page.setViewportSize(viewport);
    await page.goto(`${prefix}/courses/fetoscopy-simulator`);

    // The course page: their access and Continue where a visitor reads the plans and their prices.
    const access = page.getByRole('region', { name: words['course.held.title'] });
    await expect(access.getByRole('link', { name: words['course.held.start'] })).toBeVisible();
    await expect(page.locator('.course-plan-price').first()).toBeHidden();
    await expect(page.getByRole('heading', { name: words['course.includedIn'] })).toHaveCount(0);

    // The certificate in sight, counted by the rule that issues it: every case still to pass, in an assessed sitting.
    const standing = await (await request.get('/api/progress?course=fetoscopy-simulator', { headers: who.headers })).json();
    const left = standing.total - standing.passed;
    expect(left).toBeGreaterThan(2);
    await expect(page.locator('.course-outline .certificate-way-count')).toHaveText(t('cert.toGo.assessed', { n: left }));
    await expect(page.locator('.course-outline .certificate-way-how')).toHaveText(words['cert.where.assessed']);
    // A count in the language's own plural form ("of 5 cases", "من 5 حالات").
    await expect(page.locator('.outline-progress:not(.outline-room) .outline-share span')).toHaveText(
      t('progress.summary', { passed: 0, total: standing.total }),
    );
    await expectFitsWidth(page);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`course-${lang}-${viewport.width}.png`), fullPage: true });

    // Continue opens the first case's choice of where to play it, as the outline's own Start does.
    await access.getByRole('link', { name: words['course.held.start'] }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    // My learning says the same of the course.
    await page.goto(`${prefix}/learning`);
    const card = page.locator('li.learning-course[data-course="fetoscopy-simulator"]');
    await expect(card.locator('.certificate-way-count')).toHaveText(t('cert.toGo.assessed', { n: left }));
    await expect(card.locator('.certificate-way-how')).toHaveText(words['cert.where.assessed']);
    await expectFitsWidth(page);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`learning-${lang}-${viewport.width}.png`), fullPage: true });
  });

  test(`a visitor still reads the plans and their prices on the course page, ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${prefix}/courses/fetoscopy-simulator`);
    await expect(page.getByRole('heading', { name: words['course.includedIn'] })).toBeVisible();
    await expect(page.locator('.course-plan-price').first()).toBeVisible();
    await expect(page.getByRole('region', { name: words['course.held.title'] })).toHaveCount(0);
  });
}

for (const { name, lang, prefix, viewport, separator } of [
  { name: 'in Spanish on a desktop, with semicolons', lang: 'es', prefix: '/es', viewport: { width: 1280, height: 800 }, separator: ';' },
  { name: 'in Arabic on a phone, with commas', lang: 'ar', prefix: '/ar', viewport: { width: 390, height: 844 }, separator: ',' },
] as const) {
  test(`a director exports the group for people, ${name}, or with the other separator chosen`, async ({ page, request }) => {
    const words = DICTIONARIES[lang];
    const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
    const director = await newAccount(request, 'lead', { name: 'Dee Lead' }, { verified: true });
    const trainee = await newAccount(request, 'trainee', { name: 'Tia Trainee' }, { verified: true, premium: true });
    const group = (await (await request.post('/api/groups', { headers: admin, data: { name: `Fellows ${Date.now()}` } })).json()) as { id: string };
    for (const [who, role] of [
      [director, 'director'],
      [trainee, 'member'],
    ] as const)
      expect((await request.post(`/api/groups/${group.id}/members`, { headers: admin, data: { email: who.email, role } })).status()).toBe(200);
    await acceptInvitations(request, trainee);
    // The trainee plays one case today: its row says when, as the reader writes a day.
    await storedAttempt(request, trainee, 'turn');

    await signIn(page, director);
    await page.setViewportSize(viewport);
    await page.goto(`${prefix}/groups?group=${group.id}`);
    const choice = page.getByLabel(words['groups.separator']);
    await expect(choice).toHaveValue(separator === ';' ? 'semicolon' : 'comma');
    const exported = async () => {
      const saving = page.waitForEvent('download');
      await page.getByRole('button', { name: words['groups.export'] }).click();
      return readFileSync((await (await saving).path())!, 'utf8')
        .replace(/^\ufeff/, '')
        .split('\r\n');
    };
    const [header, row, ...rest] = await exported();
    const cells = (line: string, by: string) => line.slice(1, -1).split(`"${by}"`);
    expect(cells(header!, separator).slice(0, 2)).toEqual([words['csv.member'], words['common.email']]);
    expect(cells(header!, separator).at(-3)).toBe(words['csv.lastAttempt']);
    expect(cells(row!, separator).slice(0, 2)).toEqual(['Tia Trainee', trainee.email]);
    expect(cells(row!, separator)[9]).toBe(words['progress.notStarted']);
    const played = rest.filter((line) => line && cells(line, separator)[18] !== '');
    expect(played).toHaveLength(1);
    expect(cells(played[0]!, separator)[18]).toBe(formatDay(lang, new Date(), 'UTC'));
    await expectFitsWidth(page);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`group-export-${lang}-${viewport.width}.png`), fullPage: true });

    // The reader's spreadsheet wants the other one: chosen, the same file with it.
    const other = separator === ';' ? ',' : ';';
    await choice.selectOption(other === ';' ? 'semicolon' : 'comma');
    const [again] = await exported();
    expect(cells(again!, other).slice(0, 2)).toEqual([words['csv.member'], words['common.email']]);
  });
}
