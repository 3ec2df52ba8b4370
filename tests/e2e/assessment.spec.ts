import { e2e } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { assessedWorld, sendPlayed } from './assessed-world.ts';
import { expectFitsWidth, login, axe } from './helpers.ts';

const LANGUAGES = [
  {
    lang: 'en',
    prefix: '',
    title: 'Assessment windows',
    open: 'Open a window',
    code: 'Assessment code',
    start: 'Start as an assessment',
    unknown: 'This code does not open an assessment of this course for you. Check it with your director.',
    ready: 'Assessment: this case opens without the guided steps, and the attempt counts for your certificate.',
    mode: 'Assessment',
    assessed: 'Assessed',
    assessedCases: 'Cases passed in an assessment',
  },
  {
    lang: 'ar',
    prefix: '/ar',
    title: 'نوافذ التقييم',
    open: 'افتح نافذة',
    code: 'رمز التقييم',
    start: 'ابدأ كتقييم',
    unknown: 'هذا الرمز لا يفتح لك تقييمًا في هذه الدورة. تحقّق منه مع مدير برنامجك.',
    ready: 'تقييم: تُفتح هذه الحالة من دون الخطوات الإرشادية، وتُحتسب المحاولة في شهادتك.',
    mode: 'تقييم',
    assessed: 'مُقيَّمة',
    assessedCases: 'الحالات الناجحة في تقييم',
  },
];

for (const l of LANGUAGES) {
  test(`a director opens an assessment window; a learner plays with its code without guided steps and earns a certificate naming the assessed case (${l.lang})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const { courseId, director, learner } = await assessedWorld(request, 'Assessed', 'Lea Assessed');
    const coursePath = `${l.prefix}/courses/${courseId}`;

    // The director opens a window for their fellowship from the course page and reads its code.
    await login(page, director);
    await page.goto(coursePath);
    const panel = page.getByRole('region', { name: l.title });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: l.open }).click();
    const code = panel.locator('[data-code]').first();
    await expect(code).toHaveText(/^[2-9A-Z]{6}$/);
    const typed = (await code.textContent())!;
    await expect(panel.locator('li[data-state="open"]')).toHaveCount(1);
    await axe(page);
    await page.screenshot({ path: test.info().outputPath(`director-${l.lang}-desktop.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await panel.screenshot({ path: test.info().outputPath(`director-${l.lang}-phone.png`) });

    // The learner, a member of the fellowship, opens the case: a wrong code is refused, the director's is taken.
    const learnerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const play = await learnerContext.newPage();
    await login(play, learner);
    await play.goto(coursePath);
    await expect(play.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
    await play.locator('a[data-play]').first().click();
    const dialog = play.getByRole('dialog');
    await dialog.getByLabel(l.code).fill('ZZZZZZ');
    await dialog.getByRole('button', { name: l.start }).click();
    await expect(dialog.getByText(l.unknown)).toBeVisible();
    await play.screenshot({ path: test.info().outputPath(`dialog-refused-${l.lang}-desktop.png`) });
    await dialog.getByLabel(l.code).fill(typed.toLowerCase());
    await dialog.getByRole('button', { name: l.start }).click();
    await expect(dialog.getByRole('status').filter({ hasText: l.ready })).toBeVisible();
    await axe(play);
    await play.screenshot({ path: test.info().outputPath(`dialog-assessed-${l.lang}-desktop.png`) });
    await play.setViewportSize({ width: 390, height: 844 });
    await play.screenshot({ path: test.info().outputPath(`dialog-assessed-${l.lang}-phone.png`) });

    // The simulator opens the case as an assessment: its mode says so, and no guided step is shown.
    const href = await dialog.locator('a[data-launch="browser"]').getAttribute('href');
    await play.setViewportSize({ width: 1280, height: 900 });
    await play.goto(href!);
    await expect(play.locator('#sim-mode')).toHaveText(l.mode);
    await expect(play.locator('#sim-guide')).toBeHidden();
    await expect(play.locator('#sim-prompt')).toHaveText('');
    await play.screenshot({ path: test.info().outputPath(`simulator-${l.lang}-desktop.png`) });

    // The assessed attempt passes the case; the certificate it earns names the case as assessed.
    await sendPlayed(request, new URL(href!, e2e.baseURL).searchParams.get('token')!, learner);
    await play.goto(coursePath);
    await expect(play.locator('.course-outline .case').first()).toContainText(l.assessed);
    const verifyHref = await play.locator('.certificate-links a').getAttribute('href');
    await play.goto(verifyHref!);
    await expect(play.locator('.verify dt').filter({ hasText: l.assessedCases })).toBeVisible();
    await expect(play.locator('.verify-assessed li')).toHaveCount(1);
    await expect(play.locator('.verify-assessed li')).toContainText('Two targets');
    await axe(play);
    await play.screenshot({ path: test.info().outputPath(`certificate-${l.lang}-desktop.png`) });
    await play.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(play);
    await play.screenshot({ path: test.info().outputPath(`certificate-${l.lang}-phone.png`) });
    await learnerContext.close();
  });
}
