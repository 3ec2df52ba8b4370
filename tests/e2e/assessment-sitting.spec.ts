import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { assessedWorld, sendPlayed } from './assessed-world.ts';
import { axe, expectFitsWidth, login } from './helpers.ts';

/** Tomorrow at nine, as a datetime-local field takes it (the browser's own time zone). */
function tomorrowAtNine(): string {
  const d = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T09:00`;
}

const LANGUAGES = [
  {
    lang: 'en',
    prefix: '',
    title: 'Assessment windows',
    starts: 'Starts',
    open: 'Open a window',
    code: 'Assessment code',
    start: 'Start as an assessment',
    ready: 'Assessment: this case opens without the guided steps, and the attempt counts for your certificate.',
    used: 'You have already opened this case in this sitting. If something went wrong, ask your director for another launch.',
    launches: 'Launches',
    sent: 'Sent',
    reason: 'Reason (kept on record)',
    grant: 'Grant another launch',
    kind: 'Assessed certificate',
    sittings: 'Supervised sittings',
  },
  {
    lang: 'ar',
    prefix: '/ar',
    title: 'نوافذ التقييم',
    starts: 'تبدأ',
    open: 'افتح نافذة',
    code: 'رمز التقييم',
    start: 'ابدأ كتقييم',
    ready: 'تقييم: تُفتح هذه الحالة من دون الخطوات الإرشادية، وتُحتسب المحاولة في شهادتك.',
    used: 'لقد فتحت هذه الحالة في هذه الجلسة من قبل. إن حدث خطأ، فاطلب من مدير برنامجك تشغيلًا آخر.',
    launches: 'مرات التشغيل',
    sent: 'أُرسلت',
    reason: 'السبب (يُحفظ في السجل)',
    grant: 'امنح تشغيلًا آخر',
    kind: 'شهادة مُقيَّمة',
    sittings: 'الجلسات تحت الإشراف',
  },
];

for (const l of LANGUAGES) {
  test(`a director schedules a sitting for a named learner and opens one; the learner plays once, the director sees the launch and grants another, and the verify page shows an assessed certificate (${l.lang})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { courseId, director, learner } = await assessedWorld(request, 'Sitting', 'Lea Sitter');
    const coursePath = `${l.prefix}/courses/${courseId}`;

    // The director schedules tomorrow's sitting for the learner by name, then opens one now for them.
    await login(page, director);
    await page.goto(coursePath);
    const panel = page.getByRole('region', { name: l.title });
    await expect(panel).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Lea Sitter' }).check();
    await panel.getByLabel(l.starts, { exact: true }).fill(tomorrowAtNine());
    await panel.getByRole('button', { name: l.open }).click();
    const scheduled = panel.locator('li[data-state="scheduled"]');
    await expect(scheduled).toHaveCount(1);
    await expect(scheduled).toContainText('Lea Sitter');
    await panel.getByLabel(l.starts, { exact: true }).fill('');
    await panel.getByRole('button', { name: l.open }).click();
    const open = panel.locator('li[data-state="open"]');
    await expect(open).toHaveCount(1);
    const typed = (await open.locator('[data-code]').textContent())!;
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`director-${l.lang}-desktop.png`), fullPage: true });

    // The learner starts the case with the code once; a second launch of it in the sitting is refused, said plainly.
    const learnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const play = await learnerContext.newPage();
    await login(play, learner);
    await play.setViewportSize({ width: 390, height: 844 });
    await play.goto(coursePath);
    // The learner sees both sittings named for them, in their own time zone, without the code.
    const sittings = play.locator('.my-sittings');
    await expect(sittings.locator('li[data-state="scheduled"]')).toContainText('Dee Director');
    await expect(sittings.locator('li[data-state="open"]')).toContainText('Dee Director');
    await expect(sittings).not.toContainText(typed);
    await expect(play.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
    await play.locator('a[data-play]').first().click();
    const dialog = play.getByRole('dialog');
    await dialog.getByLabel(l.code).fill(typed);
    await dialog.getByRole('button', { name: l.start }).click();
    await expect(dialog.getByRole('status').filter({ hasText: l.ready })).toBeVisible();
    const href = await dialog.locator('a[data-launch="browser"]').getAttribute('href');
    await sendPlayed(request, new URL(href!, e2e.baseURL).searchParams.get('token')!, learner, { assessed: true });
    await play.goto(coursePath);
    await expect(play.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
    await play.locator('a[data-play]').first().click();
    await dialog.getByLabel(l.code).fill(typed);
    await dialog.getByRole('button', { name: l.start }).click();
    await expect(dialog.getByText(l.used)).toBeVisible();
    await play.screenshot({ path: test.info().outputPath(`second-launch-${l.lang}-phone.png`) });

    // The director reads the sitting's launches, sent, and grants another with a reason.
    await open.getByRole('button', { name: l.launches }).click();
    const launches = panel.locator('.sitting-launches');
    await expect(launches.locator('tr[data-fate="sent"]')).toHaveCount(1);
    await expect(launches.locator('tr[data-fate="sent"]')).toContainText(l.sent);
    await launches.getByLabel(l.reason).fill('The laptop ran out of battery');
    await launches.getByRole('button', { name: l.grant }).click();
    await expect(launches.locator('.sitting-grants li')).toContainText('The laptop ran out of battery');
    await axe(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await panel.screenshot({ path: test.info().outputPath(`launches-${l.lang}-phone.png`) });

    // The certificate is an assessed one: its links say so, and so does the public verification page.
    await play.goto(coursePath);
    await expect(play.locator('.certificate-kind[data-kind="assessed"]')).toContainText(l.kind);
    const verifyHref = await play.locator('.certificate-links a').getAttribute('href');
    await play.goto(verifyHref!);
    await expect(play.locator('.verify-kind[data-kind="assessed"]')).toContainText(l.kind);
    await expect(play.locator('.verify dt').filter({ hasText: l.sittings })).toBeVisible();
    await expect(play.locator('.verify-sittings li')).toContainText('Dee Director');
    await axe(play);
    await expectFitsWidth(play);
    await play.screenshot({ path: test.info().outputPath(`certificate-${l.lang}-phone.png`) });
    await learnerContext.close();
  });
}
