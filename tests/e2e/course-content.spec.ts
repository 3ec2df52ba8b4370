import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { ADMIN, expectFitsWidth, idTokenFor, LEARNER, login, axe } from './helpers.ts';

/** Every picture has loaded and has pixels (a broken address has none); each is scrolled to, as lazy ones load only near the view. */
async function picturesLoaded(page: Page, selector: string) {
  for (const img of await page.locator(selector).all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
  }
}

const VIEWPORTS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;

const TEXTS = {
  en: {
    prefix: '',
    course: 'Bronchoscopy',
    blurb: 'Airway inspection and navigation, step by step.',
    learn: 'What you will learn',
    plan: 'Complete',
    price: '$499.00',
    case: 'Larynx and vocal cords',
  },
  ar: {
    prefix: '/ar',
    course: 'تنظير القصبات',
    blurb: 'فحص المجاري التنفسية والتنقل فيها خطوة بخطوة.',
    learn: 'ما ستتعلمه',
    plan: 'الباقة الكاملة',
    price: '\u2066US$\u2069',
    case: 'الحنجرة والحبال الصوتية',
  },
} as const;

for (const [device, viewport] of VIEWPORTS) {
  for (const [locale, t] of Object.entries(TEXTS)) {
    test(`a visitor on a ${device} in ${locale} sees each course's picture and description, and what the course page sells`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${t.prefix}/courses`);
      const card = page.locator('.course-card', { has: page.getByRole('link', { name: t.course }) });
      await expect(card.locator('.course-card-text')).toHaveText(t.blurb);
      await expect(card.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /^\/api\/images\/[a-f0-9]{24}\.avif$/);
      await picturesLoaded(page, '.course-card img');
      // The five seeded courses each have a picture of their own (courses other journeys add may have none).
      const sources = await page.locator('.course-card img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
      expect(new Set(sources.filter((src) => src.includes('/api/images/'))).size).toBeGreaterThanOrEqual(5);
      await axe(page);
      await expectFitsWidth(page);

      await card.getByRole('link', { name: t.course }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.course);
      await picturesLoaded(page, '.course-intro-picture img');
      await expect(page.getByRole('heading', { name: t.learn })).toBeVisible();
      await expect(page.locator('.course-outcomes li')).toHaveCount(3);
      const offer = page.locator('.course-plans li', { hasText: t.plan });
      await expect(offer).toContainText(t.price);
      await expect(offer.getByRole('link', { name: t.plan })).toHaveAttribute('href', `${t.prefix}/pricing#plan-plan-complete`);
      await expect(page.locator('.case-title').first()).toHaveText(t.case);
      await expect(page.locator('.outline-signin a')).toBeVisible();
      await axe(page);
      await expectFitsWidth(page);
    });
  }
}

test('a learner on a phone in Arabic sees the course page with their own state for each case', async ({ page }) => {
  // Signed in on a wide window, where the session corner is in the header rather than behind the phone's menu button.
  await login(page, LEARNER);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/courses/fetoscopy-simulator');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('محاكي تنظير الجنين');
  await expect(page.locator('.case[data-state]').first()).toHaveAttribute('data-state', 'notStarted');
  await expect(page.locator('.module-title').first()).toContainText('التنقل الأساسي');
  await expect(page.locator('.outline-signin')).toHaveCount(0);
  await axe(page);
  await expectFitsWidth(page);
});

test('an admin writes a course’s Arabic texts and uploads its picture; each language reads its own', async ({ page, request }) => {
  const token = await idTokenFor(ADMIN);
  const made = await request.post('/api/courses', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: `Laser lab ${Date.now()}`,
      subtitle: 'Bench practice',
      levels: [{ title: 'Warm-up', active: true, cases: [{ title: 'Straight scope', bubbles: [] }] }],
    },
  });
  const id = (await made.json()) as string;
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1d6f73' } })
    .png()
    .toBuffer();

  await login(page, ADMIN);
  await page.goto(`/ar/courses/${id}`);
  await expect(page.locator('.course-actions[data-hydrated="true"]')).toBeAttached();
  await page.locator('.course-toolbar button').first().click();
  const picker = page.getByLabel('لغة النصوص');
  await expect(picker).toHaveValue('en');
  await expect(page.locator('#course-lang-summary')).toContainText('العربية');
  await picker.selectOption('ar');
  await page.getByLabel('عنوان الدورة').fill('مختبر الليزر');
  await page.getByLabel('ما سيتعلمه المتدربون (سطر لكل بند)').fill('الإمساك بالمنظار\nتحديد خط الاستواء');
  await page.locator('.module-head input[type="text"]').first().fill('الإحماء');
  await page.getByLabel('المدة التقديرية (بالدقائق)').fill('45');
  await page.getByLabel('اختر صورة').setInputFiles({ name: 'lab.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('.editor-picture img')).toHaveAttribute('src', /^\/api\/images\/[a-f0-9]{24}\.webp$/);
  await page.getByLabel('اختر صورة').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert')).toContainText('تعذّر رفع الصورة');
  await axe(page);
  await page.getByRole('button', { name: 'حفظ' }).click();
  // Saved as a draft; Publish makes it what learners read.
  await page.locator('.publish-bar').getByRole('button', { name: 'نشر', exact: true }).click();
  // The texts other languages still lack are listed first; published anyway.
  await page.getByRole('dialog', { name: 'قبل النشر' }).getByRole('button', { name: 'النشر على أي حال' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مختبر الليزر');
  await expect(page.locator('.course-outcomes li')).toHaveText(['الإمساك بالمنظار', 'تحديد خط الاستواء']);
  await expect(page.locator('.module-title').first()).toContainText('الإحماء');
  await expect(page.locator('.course-length')).toContainText('45');
  await picturesLoaded(page, '.course-intro-picture img');
  await page.goto(`/courses/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Laser lab/);
  await expect(page.locator('.module-title').first()).toContainText('Warm-up');
  await expect(page.locator('.course-intro-picture source')).toHaveAttribute('srcset', /\.avif$/);
});
