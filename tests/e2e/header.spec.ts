import { DICTIONARIES } from '../../src/i18n/index.ts';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, login, axe } from './helpers.ts';

for (const lang of ['en', 'ar'] as const) {
  const d = DICTIONARIES[lang];
  const home = localePath(lang, '/');

  test(`on a phone in ${lang}, the menu button opens the whole header from the keyboard and Escape closes it`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(localePath(lang, '/news'));
    const button = page.getByRole('button', { name: d['nav.menu'] });
    const nav = page.getByRole('navigation', { name: d['nav.main'] });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    // Closed, the header is one row, not a block of links.
    expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThan(80);
    // The button sits at the row's end: the right on English pages, the left on Arabic ones.
    const box = (await button.boundingBox())!;
    if (lang === 'ar') expect(box.x).toBeLessThan(100);
    else expect(box.x + box.width).toBeGreaterThan(290);

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: d['nav.pricing'] })).toBeFocused();
    await page.keyboard.press('Tab');
    const courses = nav.getByRole('link', { name: d['nav.courses'] });
    await expect(courses).toBeFocused();
    await expect(courses).toHaveAttribute('href', localePath(lang, '/information'));
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: d['nav.demo'] })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: d['nav.news'] })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: d['nav.login'] })).toBeVisible();
    await expectFitsWidth(page);
    await axe(page);

    // The language picker inside the menu: Escape closes the list alone, then the menu.
    const summary = page.locator('.lang-picker summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const other = lang === 'en' ? 'العربية' : 'English';
    await expect(page.getByRole('link', { name: other })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: other })).toBeHidden();
    await expect(summary).toBeFocused();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();

    // A press outside closes it too.
    await button.click();
    await expect(nav).toBeVisible();
    await page.mouse.click(200, 600);
    await expect(nav).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test(`on a desktop in ${lang}, the header shows its links in a row and the language list closes on Escape`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(home);
    await expect(page.getByRole('button', { name: d['nav.menu'] })).toBeHidden();
    const nav = page.getByRole('navigation', { name: d['nav.main'] });
    await expect(nav.getByRole('link', { name: d['nav.courses'] })).toHaveAttribute('href', localePath(lang, '/information'));
    await expect(nav.getByRole('link', { name: d['nav.demo'] })).toBeVisible();
    expect((await page.locator('.site-header').boundingBox())!.height).toBeLessThan(80);
    const summary = page.locator('.lang-picker summary');
    await summary.click();
    await expect(page.locator('.lang-picker')).toHaveAttribute('open', '');
    await page.keyboard.press('Escape');
    await expect(page.locator('.lang-picker')).not.toHaveAttribute('open', '');
    await expect(summary).toBeFocused();
    await axe(page);
  });

  test(`a missing page in ${lang} says so in ${lang}, with links home and to the courses`, async ({ page }) => {
    const answer = await page.goto(localePath(lang, '/no-such-page'));
    expect(answer?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(d['page.notFound.title']);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: d['nav.home'] })).toHaveAttribute('href', home);
    await expect(main.getByRole('link', { name: d['nav.courses'] })).toHaveAttribute('href', localePath(lang, '/information'));
    await axe(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth(page);
    await main.getByRole('link', { name: d['nav.courses'] }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(lang, '/information')}$`));
  });
}

test('every language has its own 404 page', async ({ request }) => {
  for (const { code } of LOCALES) {
    const res = await request.get(localePath(code, '/nothing/here'));
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain(`<html lang="${code}"`);
    expect(html).toContain(DICTIONARIES[code]['page.notFound.title']);
  }
});

test('the Admin list opens from the keyboard and closes on Escape or when focus leaves it, focus back on its button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, ADMIN);
  const admin = page.getByRole('button', { name: 'Admin', exact: true });
  const users = page.getByRole('link', { name: DICTIONARIES.en['nav.adminUsers'] });
  await admin.focus();
  await page.keyboard.press('Enter');
  await expect(admin).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(users).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(users).toBeHidden();
  await expect(admin).toBeFocused();
  await expect(admin).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(users).toBeHidden();
  await expect(admin).toHaveAttribute('aria-expanded', 'false');
});
