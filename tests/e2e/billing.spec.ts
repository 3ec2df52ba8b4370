import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatPrice } from '../../src/domain/format.ts';
import { DICTIONARIES } from '../../src/i18n/index.ts';
import { addMonthsClamped } from '../../src/domain/time.ts';
import { expect, test } from './fixtures.ts';
import { expectFitsWidth, login, subscriber } from './helpers.ts';

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The end date of the account's one subscription, as the API answers it. */
async function heldUntil(request: APIRequestContext, headers: Record<string, string>): Promise<Date> {
  const token = headers.authorization!.slice('Bearer '.length);
  const uid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).user_id as string;
  const user = await (await request.get(`/api/users/${uid}`, { headers })).json();
  expect(user.subscriptions).toHaveLength(1);
  const { seconds, nanoseconds } = user.subscriptions[0].next_billing_time;
  return new Date(seconds * 1000 + nanoseconds / 1e6);
}

/** A date as the page formats it, in the browser's own ICU. */
const shown = (page: Page, date: Date, locale: string) =>
  page.evaluate(([iso, loc]) => new Intl.DateTimeFormat(loc, { dateStyle: 'long' }).format(new Date(iso!)), [date.toISOString(), locale]);

for (const { name, locale, prefix, viewport, extend, activeUntil, payNow, invoice } of [
  {
    name: 'on a desktop in English',
    locale: 'en',
    prefix: '',
    viewport: { width: 1280, height: 900 },
    extend: 'Extend',
    activeUntil: 'Active until',
    payNow: 'Pay now',
    invoice: {
      address: 'Billing address',
      taxId: 'Tax ID (CPF, NIF, VAT…)',
      save: 'Save invoice details',
      saved: 'Saved: your next invoices will name these details.',
      renewal: 'Renewal',
      receipt: 'Receipt',
      view: 'View receipt',
    },
  },
  {
    name: 'on a phone in Arabic',
    locale: 'ar',
    prefix: '/ar',
    viewport: { width: 390, height: 844 },
    extend: 'تمديد',
    activeUntil: 'نشطة حتى',
    payNow: 'ادفع الآن',
    invoice: {
      address: 'عنوان الفوترة',
      taxId: 'الرقم الضريبي (CPF أو NIF أو VAT…)',
      save: 'حفظ بيانات الفاتورة',
      saved: 'تم الحفظ: ستذكر فواتيرك القادمة هذه البيانات.',
      renewal: 'تجديد',
      receipt: 'إيصال',
      view: 'عرض الإيصال',
    },
  },
] as const) {
  test(`a learner holding a plan sees until when and extends it from its end date, ${name}`, async ({ page, request }) => {
    const who = await subscriber(request);
    const until = await heldUntil(request, who.headers);
    await login(page, who);
    // Signed in at the default size: on a phone the header's Logout sits in the menu.
    await page.setViewportSize(viewport);
    // Invoice details first, in My account: the next invoice names them.
    await page.goto(`${prefix}/account`);
    await page.getByLabel(invoice.address).fill('Rua das Flores 10\n01000-000 São Paulo');
    await page.getByLabel(invoice.taxId).fill('123.456.789-09');
    await page.getByRole('button', { name: invoice.save }).click();
    await expect(page.locator('.invoice-details').getByRole('status')).toHaveText(invoice.saved);
    await expectFitsWidth(page);
    await expectAxeClean(page);
    await page.locator('.invoice-details').screenshot({ path: test.info().outputPath(`invoice-details-${locale}-${viewport.width}.png`) });
    await page.goto(`${prefix}/pricing`);
    const card = page.locator('#plan-plan-fetoscopy');
    await expect(card.getByTestId('plan-held')).toHaveText(`${activeUntil} ${await shown(page, until, locale)}`);
    await expect(page.locator('#plan-plan-complete').getByTestId('plan-held')).toHaveCount(0);
    await expectFitsWidth(page);
    await expectAxeClean(page);

    await card.getByRole('button', { name: extend }).click();
    // The checkout offers the invoice details beside PayPal, as My account keeps them: the buyer changes the tax ID
    // there before paying, and the receipt names the new one.
    const details = card.locator('.checkout-invoice');
    await details.getByText(DICTIONARIES[locale]['checkout.invoice']).click();
    await expect(details.getByLabel(invoice.address)).toHaveValue('Rua das Flores 10\n01000-000 São Paulo');
    await details.getByLabel(invoice.taxId).fill('987.654.321-00');
    await details.getByRole('button', { name: invoice.save }).click();
    await expect(details.getByRole('status')).toHaveText(invoice.saved);
    await expectFitsWidth(page);
    await expectAxeClean(page);
    await card.screenshot({ path: test.info().outputPath(`checkout-invoice-${locale}-${viewport.width}.png`) });
    await card.getByRole('button', { name: 'PayPal', exact: true }).click();
    // The stand-in's approval step speaks the page's language.
    await card.getByRole('button', { name: payNow }).click();
    // The payment leads to My learning, which says until when the plan now runs.
    await page.waitForURL(`${prefix}/learning`);
    // The payment's line, beside the courses kept from the last visit, which may still say they are being checked.
    const paid = page.locator('.learning .form-success[role="status"]');
    await expect(paid).toBeVisible();

    const extended = await heldUntil(request, who.headers);
    expect(extended).toEqual(addMonthsClamped(until, 3));
    await expect(paid).toContainText(await shown(page, extended, locale));
    await page.goto(`${prefix}/pricing`);
    await expect(card.getByTestId('plan-held')).toHaveText(`${activeUntil} ${await shown(page, extended, locale)}`);
    await expect(card.getByRole('button', { name: extend })).toBeVisible();

    // My account tells the extension from the purchase, and its receipt names the details given before it.
    await page.goto(`${prefix}/account`);
    const latest = page.locator('.billing-table tbody tr').first();
    await expect(latest.locator('.billing-kind')).toHaveText(invoice.renewal);
    await expect(page.locator('.billing-table tbody tr').nth(1).locator('.billing-kind')).not.toHaveText(invoice.renewal);
    await latest.getByRole('button', { name: invoice.view }).click();
    const dialog = page.getByRole('dialog', { name: invoice.receipt });
    await expect(dialog).toContainText('Rua das Flores 10');
    await expect(dialog).toContainText('987.654.321-00');
    await expectFitsWidth(page);
    await page.screenshot({ path: test.info().outputPath(`renewal-receipt-${locale}-${viewport.width}.png`) });
  });
}

/** The text of a downloaded PDF, read back with PDF.js. */
async function pdfText(path: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(path)), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i += 1)
    pages.push((await (await pdf.getPage(i)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(''));
  return pages.join('\n');
}

/** What the billing history and its receipt say, in each language the journey reads them in. */
const RECEIPT_LABELS = {
  en: {
    title: 'Billing history',
    view: 'View receipt',
    download: 'Download PDF',
    close: 'Close',
    receipt: 'Receipt',
    purchase: 'Purchase',
    invoice: 'Invoice number',
    noTax: '(no tax applies to this sale)',
  },
  ar: {
    title: 'سجل الفواتير',
    view: 'عرض الإيصال',
    download: 'تنزيل PDF',
    close: 'إغلاق',
    receipt: 'إيصال',
    purchase: 'شراء',
    invoice: 'رقم الفاتورة',
    noTax: '(لا تُطبَّق أي ضريبة على هذا البيع)',
  },
};

for (const { name, locale, prefix, viewport, labels } of [
  {
    name: 'on a desktop in English',
    locale: 'en',
    prefix: '',
    viewport: { width: 1280, height: 900 },
    labels: RECEIPT_LABELS.en,
  },
  {
    name: 'on a phone in English',
    locale: 'en',
    prefix: '',
    viewport: { width: 390, height: 844 },
    labels: RECEIPT_LABELS.en,
  },
  {
    name: 'on a phone in Arabic',
    locale: 'ar',
    prefix: '/ar',
    viewport: { width: 390, height: 844 },
    labels: RECEIPT_LABELS.ar,
  },
  {
    name: 'on a desktop in Arabic',
    locale: 'ar',
    prefix: '/ar',
    viewport: { width: 1280, height: 800 },
    labels: RECEIPT_LABELS.ar,
  },
]) {
  test(`a learner opens a payment's receipt in My account and downloads it as a PDF, ${name}`, async ({ page, request }) => {
    const who = await subscriber(request);
    const [receipt] = await (await request.get(`/api/receipts?lang=${locale}`, { headers: who.headers })).json();
    expect(receipt.plan.title).toBe(locale === 'ar' ? 'تنظير الجنين' : 'Fetoscopy');
    await login(page, who);
    // Signed in at the default size: on a phone the header's Logout sits in the menu.
    await page.setViewportSize(viewport);
    await page.goto(`${prefix}/account`);
    const billing = page.getByRole('region', { name: labels.title });
    const row = billing.getByRole('row', { name: new RegExp(receipt.plan.title) });
    await expect(row).toContainText(formatPrice(locale, 199));
    // A first payment for the plan: a purchase, said on its line.
    await expect(row).toContainText(labels.purchase);
    await expectFitsWidth(page);
    await expectAxeClean(page);

    await row.getByRole('button', { name: labels.view }).click();
    const dialog = page.getByRole('dialog', { name: labels.receipt });
    await expect(dialog).toContainText(receipt.orderId);
    await expect(dialog).toContainText(who.email);
    await expect(dialog).toContainText('Sam Subscriber');
    await expect(dialog).toContainText('Fetal Surgery Academy');
    await expect(dialog).toContainText(receipt.plan.title);
    // An invoice: its number, and a tax line of 0 that says why.
    await expect(dialog.locator('dt', { hasText: labels.invoice }).locator('+ dd')).toHaveText(String(receipt.invoiceNumber));
    await expect(dialog).toContainText(labels.noTax);
    await expectAxeClean(page);
    await page.screenshot({ path: test.info().outputPath(`receipt-${locale}-${viewport.width}.png`) });

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: labels.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`receipt-${receipt.orderId}.pdf`);
    const text = await pdfText((await download.path())!);
    for (const part of [receipt.orderId, who.email, 'Sam Subscriber', 'Fetal Surgery Academy']) expect(text).toContain(part);
    // The PayPal order id is the receipt's reference: printed once, under its own label.
    expect(text.split(receipt.orderId)).toHaveLength(2);
    // Shaped Arabic comes back from the PDF as presentation forms in drawing order, so the Arabic plan name is checked
    // in the row and the dialog above; the price reads "US$", never "$US", beside the number.
    if (locale === 'ar') {
      expect(text.normalize('NFKC')).toMatch(/[\u0600-\u06ff]/);
      expect(text).toContain('US$ 199.00');
    } else {
      expect(text).toContain(receipt.plan.title);
      expect(text).toContain('$199.00');
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: labels.download }).click();
    expect((await again).suggestedFilename()).toBe(`receipt-${receipt.orderId}.pdf`);
    await expect(billing.getByRole('alert')).toHaveCount(0);
  });
}
