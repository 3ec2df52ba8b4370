import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { LOCALES, localePath } from '../../src/i18n/locales.ts';
import { SANDBOX_FAIL_MARKER } from '../../src/sandbox/forms.ts';
import { ADMIN, expectFitsWidth, idTokenFor } from './helpers.ts';

const PAGES = ['/', '/information', '/news', '/support', '/news/congress-2023', '/news/browser-simulator'];

async function stored(service: 'formmail' | 'forms') {
  const token = await idTokenFor(ADMIN);
  const res = await fetch(`${test.info().project.use.baseURL}/api/sandbox/messages?service=${service}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{ body: Record<string, string> }>;
}

async function contactForm(page: Page, path = '/') {
  await page.goto(path);
  const form = page.locator('#contact');
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('button', { name: 'Send' })).toBeEnabled();
  return form;
}

// Raw dictionary keys are looked for on every page of every locale by raw-keys.spec.ts.
test('every marketing page answers 200 in every locale with its lang, dir and title', async ({ request }) => {
  for (const { code, dir } of LOCALES) {
    const t = DICTIONARIES[code];
    for (const path of PAGES) {
      const url = localePath(code, path);
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      const html = await res.text();
      expect(html, url).toContain(`<html lang="${code}" dir="${dir}"`);
      expect(html, url).toMatch(new RegExp(`<title>[^<]+ \\| ${t['site.name']}</title>`));
      expect(html.match(/rel="alternate" hreflang=/g)?.length, url).toBe(8);
    }
  }
});

test('each locale has its own localized title and description', async ({ request }) => {
  const es = await (await request.get('/es/support')).text();
  expect(es).toContain(`<title>${DICTIONARIES.es['page.support.title']} | ${DICTIONARIES.es['site.name']}</title>`);
  expect(es).toMatch(/<meta name="description" content="Ayuda con las descargas/);
  const zh = await (await request.get('/zh-CN')).text();
  expect(zh).toContain(`<title>${DICTIONARIES['zh-CN']['page.home.title']} | ${DICTIONARIES['zh-CN']['site.name']}</title>`);
});

test('the sitemap lists the localized pages and not the sign-in ones', async ({ request }) => {
  expect(await (await request.get('/sitemap-index.xml')).text()).toContain('sitemap-0.xml');
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/es/news/congress-2023');
  expect(sitemap).toContain('/ar/support');
  expect(sitemap).not.toContain('/login');
  expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: ');
});

test('home shows every section and links popular courses to their pages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter virtual reality');
  for (const name of ['Why train with us', 'Popular courses', 'Congress 2023', 'How does it work?', 'How to buy a course', 'Contact us']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.locator('#how .steps li')).toHaveCount(8);
  await expect(page.getByRole('link', { name: 'Bronchoscopy' })).toHaveAttribute('href', '/courses/bronchoscopy');
  await expect(page.getByRole('link', { name: 'View all courses' })).toHaveAttribute('href', '/courses');
  await expect(page.locator('.congress img')).toHaveCount(3);
  await page.goto('/fr');
  await expect(page.getByRole('link', { name: 'Bronchoscopie' })).toHaveAttribute('href', '/fr/courses/bronchoscopy');
});

test('the promo video shows its poster at once and starts, muted and looping, after load', async ({ page }) => {
  await page.goto('/');
  const video = page.locator('video[data-promo]');
  await expect(video).toHaveAttribute('poster', /\/_astro\/hero-poster\..+\.webp$/);
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveJSProperty('src', `${new URL('/media/promo.webm', page.url()).href}`);
  expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, autoplay: v.autoplay }))).toEqual({
    muted: true,
    loop: true,
    autoplay: true,
  });
});

test('the contact form sends, disables its button while sending, and the message can be read back', async ({ page }) => {
  const form = await contactForm(page);
  await form.getByLabel('Full name').fill('Maria Lopez');
  await form.getByLabel('Email').fill('maria@example.com');
  await form.getByLabel('Your question').fill('Do you train hospital teams?');
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/sandbox/formmail', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  release();
  await expect(form.getByRole('status')).toHaveText('Thank you! Your message was sent; we will answer soon.');
  await expect(form.getByLabel('Full name')).toHaveValue('');
  expect((await stored('formmail'))[0]?.body).toEqual({ Nombre: 'Maria Lopez', Email: 'maria@example.com', Pregunta: 'Do you train hospital teams?' });
});

test('the contact form shows each problem next to its field and sends nothing', async ({ page }) => {
  const before = (await stored('formmail')).length;
  const form = await contactForm(page);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.locator('#field-contact-name-error')).toHaveText('This field is required.');
  await expect(form.locator('#field-contact-email-error')).toHaveText('This field is required.');
  await expect(form.locator('#contact-question-error')).toHaveText('This field is required.');
  await form.getByLabel('Email').fill('maria');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.locator('#field-contact-email-error')).toHaveText('Enter a valid email address.');
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect((await stored('formmail')).length).toBe(before);
});

test('when the form-mail service fails, the error shows and everything typed stays', async ({ page }) => {
  const form = await contactForm(page);
  const question = `Is the course in Spanish? ${SANDBOX_FAIL_MARKER}`;
  await form.getByLabel('Full name').fill('Ana Ruiz');
  await form.getByLabel('Email').fill('ana@example.com');
  await form.getByLabel('Your question').fill(question);
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your message could not be sent. Nothing was lost: please try again in a moment.');
  await expect(form.getByLabel('Full name')).toHaveValue('Ana Ruiz');
  await expect(form.getByLabel('Email')).toHaveValue('ana@example.com');
  await expect(form.getByLabel('Your question')).toHaveValue(question);
  await expect(form.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('the support form sends Nombre, Email, Pregunta and Platform, and says "Tu mensaje fue enviado."', async ({ page }) => {
  await page.goto('/es/support');
  const submit = page.getByRole('button', { name: 'Enviar a soporte' });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Nombre completo').fill('Luis Gomez');
  await page.getByLabel('Correo electrónico').fill('luis@example.com');
  await page.getByLabel('Plataforma').selectOption('mac');
  await page.getByLabel('Tu pregunta').fill('El simulador no abre en mi Mac.');
  await submit.click();
  await expect(page.getByRole('status')).toHaveText('Tu mensaje fue enviado.');
  expect((await stored('forms'))[0]?.body).toEqual({
    Nombre: 'Luis Gomez',
    Email: 'luis@example.com',
    Pregunta: 'El simulador no abre en mi Mac.',
    Platform: 'macOS',
  });
});

test('the support form shows a field error, and a failing service keeps what was typed', async ({ page }) => {
  await page.goto('/support');
  const submit = page.getByRole('button', { name: 'Send to support' });
  await expect(submit).toBeEnabled();
  await page.getByLabel('Full name').fill(`Pat ${SANDBOX_FAIL_MARKER}`);
  await page.getByLabel('Email').fill('pat@example');
  await page.getByLabel('Your question').fill('The browser version is slow.');
  await submit.click();
  await expect(page.locator('#field-support-email-error')).toHaveText('Enter a valid email address.');
  await page.getByLabel('Email').fill('pat@example.com');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Your message could not be sent. Nothing was lost: please try again in a moment.');
  await expect(page.getByLabel('Full name')).toHaveValue(`Pat ${SANDBOX_FAIL_MARKER}`);
  await expect(page.getByLabel('Your question')).toHaveValue('The browser version is slow.');
});

test('the chat button opens a messaging link with the greeting, or the typed message', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Chat with us').click();
  const message = page.getByLabel('Your message');
  await expect(message).toHaveValue(DICTIONARIES.en['chat.greeting']);
  const link = page.getByRole('link', { name: 'Open the chat' });
  await expect(link).toHaveAttribute('href', `https://wa.me/34600000000?text=${encodeURIComponent(DICTIONARIES.en['chat.greeting'])}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await message.fill('Do you have a course in Arabic?');
  await expect(link).toHaveAttribute('href', `https://wa.me/34600000000?text=${encodeURIComponent('Do you have a course in Arabic?')}`);
  await page.keyboard.press('Escape');
  await expect(message).toBeHidden();
  await page.getByLabel('Chat with us').click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(message).toBeHidden();
  await expect(page.getByLabel('Chat with us')).toBeFocused();
});

test('a visitor who chose a language is taken to it on their next unprefixed visit', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Language').click();
  await page.getByRole('link', { name: 'Русский' }).click();
  await expect(page).toHaveURL(/\/ru$/);
  await page.goto('/news');
  await expect(page).toHaveURL(/\/ru\/news$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.goto('/es/support');
  await expect(page).toHaveURL(/\/es\/support$/);
  await page.getByLabel('Idioma').click();
  await page.getByRole('link', { name: 'English' }).click();
  await page.goto('/news');
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

for (const code of ['en', 'ar'] as const) {
  test(`axe finds no violations on home, information, news and support (${code})`, async ({ page }) => {
    for (const path of ['/', '/information', '/news', '/support']) {
      await page.goto(localePath(code, path));
      await expect(page.locator('html')).toHaveAttribute('dir', code === 'ar' ? 'rtl' : 'ltr');
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    }
    await page.goto(localePath(code, '/'));
    for (let y = 0; y < 6000; y += 600) await page.mouse.wheel(0, 600);
    await expectFitsWidth(page);
  });
}
