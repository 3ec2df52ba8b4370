import { DICTIONARIES, useT } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { acceptInvitations } from './group-consent.ts';
import { ADMIN, axe, expectFitsWidth, idTokenFor, newAccount, signIn } from './helpers.ts';

for (const { name, lang, prefix, viewport } of [
  { name: 'in English on a desktop', lang: 'en', prefix: '', viewport: { width: 1280, height: 800 } },
  { name: 'in Arabic on a phone', lang: 'ar', prefix: '/ar', viewport: { width: 390, height: 844 } },
] as const) {
  test(`a fellowship director creates their own group and removes a trainee, asked first, told after, the focus kept, ${name}`, async ({ page, request }) => {
    const words = DICTIONARIES[lang];
    const t = useT(lang);
    const director = await newAccount(request, 'founder', { name: 'Fay Founder' }, { verified: true });
    const trainee = await newAccount(request, 'trainee', { name: 'Tom Trainee' }, { verified: true });
    await signIn(page, director);
    await page.setViewportSize(viewport);

    // No group yet: the page says so and offers the next step, a group of their own.
    await page.goto(`${prefix}/groups`);
    await expect(page.getByText(`${words['groups.none']} ${words['groups.startOwn']}`)).toBeVisible();
    const form = page.getByRole('form', { name: words['groups.create'] });
    await form.getByLabel(words['groups.name']).fill(`Madrid ${Date.now()}`);
    await expectFitsWidth(page);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`groups-none-${lang}-${viewport.width}.png`), fullPage: true });
    await form.getByRole('button', { name: words['groups.createSubmit'] }).click();
    await page.waitForURL(/\?group=/);
    const groupId = new URL(page.url()).searchParams.get('group')!;
    const people = page.getByRole('region', { name: words['groups.people'] });
    await expect(people.locator('li[data-role="director"]')).toContainText('Fay Founder');

    // The trainee joins (invited by an administrator here, accepted in My learning through its API).
    const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
    expect((await request.post(`/api/groups/${groupId}/members`, { headers: admin, data: { email: trainee.email, role: 'member' } })).status()).toBe(200);
    await acceptInvitations(request, trainee);
    await page.reload();
    // The director may remove the member, not themself.
    await expect(people.locator('li[data-role="director"] button')).toHaveCount(0);
    const remove = people.getByRole('button', { name: t('groups.remove', { name: 'Tom Trainee' }) });
    await remove.click();
    const asked = page.getByRole('dialog', { name: t('groups.remove', { name: 'Tom Trainee' }) });
    await expect(asked).toBeVisible();
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`groups-remove-${lang}-${viewport.width}.png`), fullPage: true });
    await asked.getByRole('button', { name: words['groups.confirmRemove'] }).click();

    await expect(people.getByRole('status')).toHaveText(t('groups.removed', { name: '\u2068Tom Trainee\u2069' }));
    await expect(people.locator('li[data-role="member"]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: words['groups.people'] })).toBeFocused();
    await expectFitsWidth(page);
    await page.screenshot({ path: test.info().outputPath(`groups-removed-${lang}-${viewport.width}.png`), fullPage: true });

    // They rename their group: said, the focus kept on the list.
    const newName = `Madrid 2027 ${Date.now()}`;
    await people.getByLabel(words['groups.name']).fill(newName);
    await people.getByRole('button', { name: words['groups.rename'] }).click();
    await expect(people.getByRole('status')).toHaveText(t('groups.renamed', { name: `\u2068${newName}\u2069` }));
    await expect(page.getByRole('heading', { name: newName })).toBeVisible();
    await expect(page.getByRole('heading', { name: words['groups.people'] })).toBeFocused();

    // And delete it: asked what becomes of its people, Cancel first; afterwards the list says so and holds the focus.
    await people.getByRole('button', { name: words['groups.delete'] }).click();
    const deleting = page.getByRole('dialog', { name: words['groups.delete'] });
    await expect(deleting).toContainText(t('groups.deleteConfirm', { name: newName }));
    await expect(deleting.getByRole('button', { name: words['groups.cancel'] })).toBeFocused();
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`groups-delete-${lang}-${viewport.width}.png`), fullPage: true });
    await deleting.getByRole('button', { name: words['groups.confirmDelete'] }).click();
    await page.waitForURL(/\?deleted=/);
    const said = page.getByRole('status').filter({ hasText: t('groups.deleted', { name: `\u2068${newName}\u2069` }) });
    await expect(said).toBeFocused();
    await expect(page.getByRole('link', { name: newName })).toHaveCount(0);
    await expectFitsWidth(page);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`groups-deleted-${lang}-${viewport.width}.png`), fullPage: true });
  });

  test(`a director assigns a course with a due date, sees who is late and mails them a reminder once, ${name}`, async ({ page, request, browser }) => {
    const words = DICTIONARIES[lang];
    const t = useT(lang);
    const director = await newAccount(request, 'assigner', { name: 'Ada Assigner' }, { verified: true });
    const trainee = await newAccount(request, 'latecomer', { name: 'Leo Late' }, { verified: true });
    await signIn(page, director);
    await page.setViewportSize(viewport);
    const headers = { authorization: `Bearer ${await idTokenFor(director)}` };
    const groupId = (await (await request.post('/api/groups', { headers, data: { name: `Cohort ${Date.now()}` } })).json()).id as string;
    const admin = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
    expect((await request.post(`/api/groups/${groupId}/members`, { headers: admin, data: { email: trainee.email, role: 'member' } })).status()).toBe(200);
    await acceptInvitations(request, trainee);
    // The trainee reads the site in Spanish: the reminder will be written in it, not in the director's language.
    const traineeContext = await browser.newContext();
    const traineePage = await traineeContext.newPage();
    await signIn(traineePage, trainee);
    const told = traineePage.waitForResponse((r) => r.url().endsWith('/users/me/language') && r.request().postDataJSON()?.language === 'es');
    await traineePage.goto('/es/learning');
    expect((await told).status()).toBe(204);
    await traineeContext.close();

    await page.goto(`${prefix}/groups?group=${encodeURIComponent(groupId)}`);
    const section = page.getByRole('region', { name: words['groups.assignments'] });
    await expect(section.getByText(words['groups.assignments.none'])).toBeVisible();
    const form = section.getByRole('form', { name: words['groups.assign'] });
    const course = form.getByLabel(words['groups.assign.course']);
    await course.selectOption({ index: 1 });
    const title = (await course.locator('option:checked').textContent())!;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel(words['groups.assign.due']).fill(yesterday);
    // Each label above its field; on a phone the fields take the form's width instead of sharing a line with the labels.
    const due = form.getByLabel(words['groups.assign.due']);
    for (const [label, field] of [
      [form.locator('label').first(), course],
      [form.locator('label').nth(1), due],
    ] as const) {
      const [l, f] = [(await label.boundingBox())!, (await field.boundingBox())!];
      expect(l.y + l.height).toBeLessThanOrEqual(f.y + 1);
      if (viewport.width < 600) expect(f.width).toBeGreaterThan(viewport.width * 0.7);
    }
    await form.getByRole('button', { name: words['groups.assign.submit'] }).click();
    await expect(section.getByRole('status')).toContainText(title);
    await expect(page.getByRole('heading', { name: words['groups.assignments'] })).toBeFocused();
    const line = section.locator('li[data-course]');
    await expect(line).toContainText(words['groups.assignment.late']);
    await expect(line.locator(`[data-user]`)).toHaveText('Leo Late');
    await expectFitsWidth(page);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`assignments-late-${lang}-${viewport.width}.png`), fullPage: true });

    // One reminder per due date: mailed the first time, not again.
    await section.getByRole('button', { name: words['groups.remind'] }).click();
    await expect(section.getByRole('status')).toHaveText(t('groups.reminded', { count: 1 }));
    await expect(line.locator('[data-user] .muted')).toBeVisible();
    await section.getByRole('button', { name: words['groups.remind'] }).click();
    // Pressed again, nobody is mailed, and the director is told why rather than a bare 0.
    await expect(section.getByRole('status')).toHaveText(words['groups.remindedNone']);
    const mails = (await (await request.get('/api/sandbox/messages?service=mail', { headers: admin })).json()) as { body: { to: string; subject: string } }[];
    // One reminder, in the trainee's Spanish, and none in the director's language.
    const opening = (l: 'es' | typeof lang) => DICTIONARIES[l]['mail.reminder.subject'].split('{{')[0]!;
    const toTrainee = mails.filter((m) => m.body.to === trainee.email).map((m) => m.body.subject);
    expect(toTrainee.filter((subject) => subject.startsWith(opening('es')))).toHaveLength(1);
    expect(toTrainee.filter((subject) => subject.startsWith(opening(lang)))).toHaveLength(0);
    await expectFitsWidth(page);
    await page.screenshot({ path: test.info().outputPath(`assignments-reminded-${lang}-${viewport.width}.png`), fullPage: true });

    await line.getByRole('button', { name: t('groups.assignment.withdrawNamed', { title }) }).click();
    await expect(section.getByText(words['groups.assignments.none'])).toBeVisible();
  });
}
