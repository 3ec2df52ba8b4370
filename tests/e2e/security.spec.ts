import { expect, test } from './fixtures.ts';
import { ADMIN, idTokenFor } from './helpers.ts';

/** User-supplied text is shown as text, and pages carry the security headers. */
const SCRIPT = '<script>window.__xss = 1</script>';
const IMG = '<img src=x onerror="window.__xss = 2">';

test('a <script> in a course title and a plan description renders as text and never runs', async ({ page, request }) => {
  const auth = { authorization: `Bearer ${await idTokenFor(ADMIN)}` };
  const courseId = (await (await request.post('/api/courses', { headers: auth, data: { title: `Evil ${SCRIPT}`, subtitle: IMG } })).json()) as string;
  const plan = (await (
    await request.post('/api/pricing', {
      headers: auth,
      data: { title: `Plan ${IMG}`, price: 10, duration: 1, description: `Hostile ${SCRIPT} ${IMG}`, courses: [courseId], visibility: true },
    })
  ).json()) as { id: string };
  try {
    await page.goto(`/courses/${courseId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Evil ${SCRIPT}`);
    // Exactly: the course outline also names the plans that include the course, the hostile one among them.
    await expect(page.getByText(IMG, { exact: true })).toBeVisible();
    await page.goto('/courses');
    await expect(page.getByText(`Evil ${SCRIPT}`)).toBeVisible();
    await page.goto('/pricing');
    await expect(page.getByText(`Hostile ${SCRIPT} ${IMG}`)).toBeVisible();
    await expect(page.getByText(`Evil ${SCRIPT}`).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  } finally {
    await request.delete(`/api/pricing/${plan.id}`, { headers: auth });
    await request.delete(`/api/courses/${courseId}`, { headers: auth });
  }
});

test('pages and API answers carry the security headers', async ({ request }) => {
  for (const path of ['/', '/ar/pricing', '/courses/fetoscopy-simulator', '/api/courses']) {
    const headers = (await request.get(path)).headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  }
});

test('an island that hydrates after another has started the session hydrates without an error', async ({ page }) => {
  // The header's session menu hydrates when the page is idle: hold it back until the pricing island has resolved the session.
  await page.addInitScript(() => {
    window.requestIdleCallback = (callback) => window.setTimeout(() => callback({ didTimeout: true, timeRemaining: () => 0 }), 3000);
  });
  await page.goto('/pricing');
  await expect(page.getByRole('article', { name: 'Fetoscopy', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
});
