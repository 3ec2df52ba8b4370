import { readFileSync } from 'node:fs';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { expect, test } from './fixtures.ts';
import { heldTargetsPlayer } from './pilot.ts';
import { ADMIN, expectFitsWidth, idTokenFor, login, newAccount, axe } from './helpers.ts';

const ar = DICTIONARIES.ar;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const NAVIGATION = { task: 'navigation', difficulty: 1, placenta: 'posterior', anastomoses: 3, smallestMm: 1.8, scopes: 'straight', targets: 2 };
const TITLE_AR = 'أساسيات التنقل بالمنظار';
const CASE_AR = 'هدفان للبداية';

/** The letters of a text as PDF.js reads shaped Arabic back: presentation forms made plain again, spacing and control codes left out. */
const letters = (text: string) => text.normalize('NFKC').replace(/[\p{Cc}\s]/gu, '');

test('a learner reading in Arabic downloads a certificate titled in Arabic, and its verification page says the same', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const admin = auth(await idTokenFor(ADMIN));
  const english = `Scope navigation basics ${Date.now()}`;
  const created = await request.post('/api/courses', {
    headers: admin,
    data: {
      title: english,
      subtitle: 'One case',
      levels: [
        {
          title: 'First steps',
          active: true,
          translations: { ar: { title: 'الخطوات الأولى' } },
          cases: [{ title: 'Two targets to begin', bubbles: [], sim: NAVIGATION, passMark: 1, translations: { ar: { title: CASE_AR } } }],
        },
      ],
      translations: { ar: { title: TITLE_AR, subtitle: 'حالة واحدة' }, es: { title: 'Navegación básica con el endoscopio', subtitle: 'Un caso' } },
    },
  });
  expect(created.status()).toBe(201);
  const courseId = (await created.json()) as string;
  const learner = await newAccount(request, 'arabic-cert', { name: 'Lea Learner' }, { premium: true, verified: true });

  // The one case, played as the browser simulator plays it, through the learner's own launch.
  const token = await idTokenFor(learner);
  const launched = await request.post('/api/launch', { headers: auth(token), data: { course: courseId, level: 1, case: 1 } });
  expect(launched.status()).toBe(201);
  const launchToken = ((await launched.json()) as { token: string }).token;
  const player = heldTargetsPlayer(launchToken);
  await page.waitForTimeout(Math.max(0, player.t - 4000));
  const played = await request.post('/api/attempts', { headers: auth(token), data: { token: launchToken, events: player.events } });
  expect(played.status()).toBe(201);

  await login(page, learner);
  await page.goto(`/ar/courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE_AR);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: ar['cert.download'] }).click();
  const download = await downloading;
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync((await download.path())!)), isEvalSupported: false }).promise;
  // The document's title names the course exactly; the drawn text is in Arabic, without the English title. (Shaped Arabic
  // glyphs read back only approximately: PDF.js maps some dotted letters to their undotted neighbours.)
  const { info } = (await pdf.getMetadata()) as { info: { Title?: string } };
  expect(info.Title).toContain(TITLE_AR);
  const text = letters((await (await pdf.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(''));
  expect(text).toMatch(/[\u0600-\u06ff]{10}/);
  expect(text).not.toContain(letters(english));

  // Anyone with the address, in Arabic and in Spanish; the certificate itself kept its English title.
  const verifyHref = (await page.getByRole('link', { name: ar['cert.verifyLink'] }).first().getAttribute('href'))!;
  expect(verifyHref).toMatch(/^\/ar\/certificates\//);
  const outsider = await browser.newContext();
  const check = await outsider.newPage();
  await check.goto(verifyHref);
  await expect(check.getByText(ar['verify.valid'])).toBeVisible();
  await expect(check.getByText(TITLE_AR)).toBeVisible();
  await expect(check.getByText(english)).toHaveCount(0);
  await axe(check);
  await expectFitsWidth(check);
  await check.goto(verifyHref.replace(/^\/ar\//, '/es/'));
  await expect(check.getByText('Navegación básica con el endoscopio')).toBeVisible();
  await check.goto(verifyHref.replace(/^\/ar\//, '/'));
  await expect(check.getByText(english)).toBeVisible();
  await outsider.close();
});
