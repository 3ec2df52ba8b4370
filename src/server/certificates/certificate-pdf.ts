import { formatDay } from '../../domain/format.ts';
import type { CertificateKind, Sitting } from '../../domain/assessment.ts';
import type { CertificateCase } from '../../domain/progress.ts';
import { useT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { ACCENT, pdfWriter } from '../pdf/document.ts';
import { isolate, isolateLtr } from '../../domain/text.ts';

/** The certificate as a PDF, in the learner's language. */
export interface CertificateFacts {
  id: string;
  holderName: string;
  courseTitle: string;
  completedAt: Date;
  cases: CertificateCase[];
  kind: CertificateKind;
  sittings: Sitting[];
  verifyUrl: string;
}

const PAGE = { width: 842, height: 595, margin: 56 };

/** Writes the certificate and answers the PDF's bytes. */
export async function certificatePdf(facts: CertificateFacts, locale: Locale): Promise<Buffer> {
  const t = useT(locale);
  const title = t(facts.kind === 'assessed' ? 'cert.kind.assessed' : 'cert.kind.completion');
  const pdf = pdfWriter(
    locale,
    { width: PAGE.width, height: PAGE.height, column: { left: PAGE.margin + 20, width: PAGE.width - 2 * PAGE.margin - 40 } },
    { Title: `${title}: ${facts.courseTitle}`, Author: t('site.name') },
  );
  const { doc } = pdf;

  const frame = () => {
    doc.addPage();
    doc
      .lineWidth(3)
      .strokeColor(ACCENT)
      .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
      .stroke();
    doc
      .lineWidth(0.8)
      .rect(32, 32, PAGE.width - 64, PAGE.height - 64)
      .stroke();
    pdf.y = PAGE.margin + 8;
  };

  const date = formatDay(locale, facts.completedAt, 'UTC');
  const number = new Intl.NumberFormat(locale);
  frame();
  pdf.paragraph(t('site.name'), 13, { color: ACCENT, gap: 14 });
  pdf.paragraph(title, 30, { bold: true, gap: 10 });
  pdf.paragraph(t('cert.pdf.certifies'), 13);
  pdf.paragraph(isolate(facts.holderName), 26, { bold: true, color: ACCENT, gap: 2 });
  pdf.paragraph(t('cert.pdf.completed'), 13);
  pdf.paragraph(isolate(facts.courseTitle), 20, { bold: true, gap: 2 });
  pdf.paragraph(t('cert.pdf.on', { date }), 13, { gap: 8 });
  const sittings = facts.sittings.map((k) => t('cert.kind.sitting', { name: isolate(k.openedBy), date: formatDay(locale, new Date(k.startsAt), 'UTC') }));
  pdf.paragraph(facts.kind === 'assessed' ? t('cert.kind.sittings', { sittings: sittings.join('; ') }) : t('cert.kind.practiceNote'), 11, { gap: 16 });
  pdf.paragraph(t('cert.pdf.cases'), 12, { bold: true, align: 'start' });
  for (const c of facts.cases) {
    if (pdf.y > PAGE.height - PAGE.margin - 70) frame();
    const line = t('cert.pdf.case', {
      module: number.format(c.module),
      case: number.format(c.case),
      title: isolate(c.title),
      score: number.format(c.score),
      passMark: number.format(c.passMark),
    });
    pdf.paragraph(c.assessed ? `${line} ${t('cert.pdf.assessed')}` : line, 10.5, { align: 'start' });
  }
  if (pdf.y > PAGE.height - PAGE.margin - 52) frame();
  pdf.y = Math.max(pdf.y + 8, PAGE.height - PAGE.margin - 44);
  pdf.paragraph(t('cert.pdf.verify', { url: isolateLtr(facts.verifyUrl) }), 10.5, { color: ACCENT });
  pdf.paragraph(t('cert.pdf.id', { id: isolateLtr(facts.id) }), 9);
  return pdf.end();
}
