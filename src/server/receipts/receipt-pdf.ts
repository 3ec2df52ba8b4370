import type { Receipt } from '../../api/receipts.ts';
import { formatDay, formatPrice } from '../../domain/format.ts';
import { useT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { ACCENT, pdfWriter } from '../pdf/document.ts';
import { isolate, isolateLtr } from '../../domain/text.ts';

const PAGE = { width: 595, height: 842, margin: 56 };

/** A payment's receipt as an A4 PDF in the buyer's language, on the certificate's machinery. */
export async function receiptPdf(receipt: Receipt, locale: Locale): Promise<Buffer> {
  const t = useT(locale);
  const pdf = pdfWriter(
    locale,
    { width: PAGE.width, height: PAGE.height, column: { left: PAGE.margin, width: PAGE.width - 2 * PAGE.margin } },
    { Title: `${t('receipt.title')} ${receipt.orderId}`, Author: receipt.seller.name },
  );
  const { doc } = pdf;
  const date = (iso: string) => formatDay(locale, iso, 'UTC');
  const amount = formatPrice(locale, receipt.amount, receipt.currency);
  const rule = () => {
    doc
      .lineWidth(0.8)
      .strokeColor(ACCENT)
      .moveTo(PAGE.margin, pdf.y)
      .lineTo(PAGE.width - PAGE.margin, pdf.y)
      .stroke();
    pdf.y += 14;
  };

  doc.addPage();
  pdf.y = PAGE.margin;
  pdf.paragraph(t('site.name'), 12, { color: ACCENT, align: 'start', gap: 6 });
  pdf.paragraph(t('receipt.title'), 26, { bold: true, align: 'start', gap: 10 });
  if (receipt.invoiceNumber !== null) pdf.row(t('receipt.invoice'), isolateLtr(String(receipt.invoiceNumber)), 11);
  pdf.row(t('receipt.date'), date(receipt.date), 11);
  pdf.row(t('receipt.kind'), t(receipt.kind === 'renewal' ? 'receipt.renewal' : 'receipt.purchase'), 11, { gap: 14 });
  rule();
  pdf.paragraph(t('receipt.seller'), 11, { bold: true, align: 'start' });
  pdf.paragraph(isolate(receipt.seller.name), 11, { align: 'start' });
  if (receipt.seller.address) pdf.paragraph(isolate(receipt.seller.address), 11, { align: 'start' });
  if (receipt.seller.taxId) pdf.paragraph(`${t('receipt.taxId')}: ${isolateLtr(receipt.seller.taxId)}`, 11, { align: 'start' });
  pdf.y += 10;
  pdf.paragraph(t('receipt.buyer'), 11, { bold: true, align: 'start' });
  if (receipt.buyer.name) pdf.paragraph(isolate(receipt.buyer.name), 11, { align: 'start' });
  if (receipt.buyer.email) pdf.paragraph(isolateLtr(receipt.buyer.email), 11, { align: 'start' });
  for (const line of receipt.buyer.address.split('\n').filter((l) => l.trim())) pdf.paragraph(isolate(line), 11, { align: 'start' });
  if (receipt.buyer.taxId) pdf.paragraph(`${t('receipt.taxId')}: ${isolateLtr(receipt.buyer.taxId)}`, 11, { align: 'start' });
  pdf.y += 14;
  rule();
  pdf.row(t('receipt.plan'), isolate(receipt.plan.title), 11);
  if (receipt.paidUntil) pdf.row(t('receipt.until'), date(receipt.paidUntil), 11);
  pdf.row(t('receipt.paypal'), isolateLtr(receipt.orderId), 11, { gap: 6 });
  rule();
  pdf.row(t('receipt.tax'), t('receipt.noTax', { amount: isolate(formatPrice(locale, receipt.tax, receipt.currency)) }), 11, { gap: 6 });
  pdf.row(t('receipt.amount'), isolate(amount), 14, { bold: true, gap: 24 });
  pdf.paragraph(t('receipt.note'), 10, { align: 'start', color: ACCENT });
  return pdf.end();
}
