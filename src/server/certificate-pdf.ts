import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { CertificateCase } from '../domain/progress.ts';
import { useT } from '../i18n/index.ts';
import { dirOf, type Locale } from '../i18n/locales.ts';
import { isolate, isolateLtr, visualRuns, wrap, type Script } from './pdf-text.ts';

/** Laid out as whole runs, not word by word (see pdf-text.ts). */
const FEATURES = { features: ['kern' as const] };

/**
 * The certificate as a PDF (pdfkit), in the learner's language. Noto Sans SC covers Latin, Cyrillic and Chinese,
 * Noto Sans Arabic the Arabic script (both SIL Open Font License, from npm); only the glyphs used are embedded.
 */
export interface CertificateFacts {
  id: string;
  holderName: string;
  courseTitle: string;
  completedAt: Date;
  cases: CertificateCase[];
  verifyUrl: string;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  other: ['@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'],
  arabic: ['@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf', '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf'],
} as const;

let fonts: Record<string, Buffer> | null = null;
/** Read once, on the first certificate: about 21 MB, kept for the next. */
function fontBuffers(): Record<string, Buffer> {
  fonts ??= Object.fromEntries(
    (Object.keys(FONT_FILES) as Script[]).flatMap((script) => FONT_FILES[script].map((file, bold) => [`${script}-${bold}`, readFileSync(require.resolve(file))])),
  );
  return fonts;
}

const PAGE = { width: 842, height: 595, margin: 56 };
const INK = '#1d2b3a';
const ACCENT = '#0b6e75';

type Align = 'center' | 'start';

/** Writes the certificate and answers the PDF's bytes. */
export async function certificatePdf(facts: CertificateFacts, locale: Locale): Promise<Buffer> {
  const t = useT(locale);
  const direction = dirOf(locale);
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: 0, autoFirstPage: false, lang: locale, info: { Title: `${t('cert.pdf.title')}: ${facts.courseTitle}`, Author: t('site.name') } });
  for (const [name, data] of Object.entries(fontBuffers())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = (text: string, size: number, bold: boolean) =>
    visualRuns(text, direction).reduce((sum, run) => sum + doc.font(`${run.script}-${bold ? 1 : 0}`).fontSize(size).widthOfString(run.text, FEATURES), 0);
  const inner = PAGE.width - 2 * PAGE.margin - 40;
  let y = 0;

  /** Draws a paragraph at y, wrapped, centred or aligned to the start side of the language; moves y below it. */
  const paragraph = (text: string, size: number, opts: { bold?: boolean; color?: string; align?: Align; gap?: number } = {}) => {
    const bold = opts.bold ?? false;
    for (const line of wrap(text, inner, (s) => width(s, size, bold))) {
      const w = width(line, size, bold);
      const left = PAGE.margin + 20;
      let x = opts.align === 'start' ? (direction === 'rtl' ? left + inner - w : left) : (PAGE.width - w) / 2;
      for (const run of visualRuns(line, direction)) {
        doc.font(`${run.script}-${bold ? 1 : 0}`).fontSize(size).fillColor(opts.color ?? INK);
        doc.text(run.text, x, y, { lineBreak: false, ...FEATURES });
        x += doc.widthOfString(run.text, FEATURES);
      }
      y += size * 1.45;
    }
    y += opts.gap ?? 0;
  };

  const frame = () => {
    doc.addPage();
    doc.lineWidth(3).strokeColor(ACCENT).rect(24, 24, PAGE.width - 48, PAGE.height - 48).stroke();
    doc.lineWidth(0.8).rect(32, 32, PAGE.width - 64, PAGE.height - 64).stroke();
    y = PAGE.margin + 8;
  };

  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(facts.completedAt);
  const number = new Intl.NumberFormat(locale);
  frame();
  paragraph(t('site.name'), 13, { color: ACCENT, gap: 14 });
  paragraph(t('cert.pdf.title'), 30, { bold: true, gap: 10 });
  paragraph(t('cert.pdf.certifies'), 13);
  paragraph(isolate(facts.holderName), 26, { bold: true, color: ACCENT, gap: 2 });
  paragraph(t('cert.pdf.completed'), 13);
  paragraph(isolate(facts.courseTitle), 20, { bold: true, gap: 2 });
  paragraph(t('cert.pdf.on', { date }), 13, { gap: 16 });
  paragraph(t('cert.pdf.cases'), 12, { bold: true, align: 'start' });
  for (const c of facts.cases) {
    if (y > PAGE.height - PAGE.margin - 70) frame();
    const line = t('cert.pdf.case', { module: number.format(c.module), case: number.format(c.case), title: isolate(c.title), score: number.format(c.score), passMark: number.format(c.passMark) });
    paragraph(line, 10.5, { align: 'start' });
  }
  if (y > PAGE.height - PAGE.margin - 52) frame();
  y = Math.max(y + 8, PAGE.height - PAGE.margin - 44);
  paragraph(t('cert.pdf.verify', { url: isolateLtr(facts.verifyUrl) }), 10.5, { color: ACCENT });
  paragraph(t('cert.pdf.id', { id: isolateLtr(facts.id) }), 9);
  doc.end();
  return done;
}
