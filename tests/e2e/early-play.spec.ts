import { expect, test } from './fixtures.ts';
import { signIn, slowScripts, subscriber, WINDOWS_CHROME } from './helpers.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';

// The course page's actions hydrate once the page is idle (issue 46: no blocking at load). A play link pressed before
// then is held by the page and played when the island runs: the open-case choice, not the no-JavaScript way to log in.
test.use({ userAgent: WINDOWS_CHROME });

for (const lang of ['en', 'ar'] as const) {
  test(`a case's play pressed before the page's scripts arrive opens the case's choice once they have (${lang})`, async ({ page, request }) => {
    const t = DICTIONARIES[lang];
    const course = `${lang === 'en' ? '' : `/${lang}`}/courses/fetoscopy-simulator`;
    await signIn(page, await subscriber(request));
    const release = await slowScripts(page);
    await page.goto(course, { waitUntil: 'commit' });
    const play = page.locator('a[data-play][data-level="1"][data-case="1"]').first();
    await expect(page.locator('.course-actions[data-hydrated="true"]')).toHaveCount(0);
    await play.click();
    // Held by the page for the island (as a form's early submit is), not followed to the no-JavaScript way to log in.
    await expect(page.locator('html[data-early-play="1-1"]')).toBeAttached();
    await expect(page).toHaveURL(new RegExp(`${course}$`));
    release();
    await expect(page.getByRole('dialog', { name: t['course.openTitle'] })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`${course}$`));
  });
}
