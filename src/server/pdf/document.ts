import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { dirOf, type Locale } from '../../i18n/locales.ts';
import { visualRuns, wrap, type Script } from './text.ts';

/** Laid out as whole runs, not word by word (see text.ts). */
const FEATURES = { features: ['kern' as const] };

/**
 * A PDF in one of our languages (pdfkit), shared by certificates and receipts. Noto Sans SC covers Latin, Cyrillic
 * and Chinese, Noto Sans Arabic the Arabic script (both SIL Open Font License, from npm); only the glyphs used are
 * embedded. Text is drawn line by line in the language's direction, each run in the font of its script.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  other: ['@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf', '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'],
  arabic: [
    '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  ],
} as const;

let fonts: Record<string, Buffer> | null = null;
/** Read once, on the first PDF: about 21 MB, kept for the next. */
function fontBuffers(): Record<string, Buffer> {
  fonts ??= Object.fromEntries(
    (Object.keys(FONT_FILES) as Script[]).flatMap((script) =>
      FONT_FILES[script].map((file, bold) => [`${script}-${bold}`, readFileSync(require.resolve(file))]),
    ),
  );
  return fonts;
}

export const INK = '#1d2b3a';
export const ACCENT = '#0b6e75';

export type Align = 'center' | 'start' | 'end';
export interface TextStyle {
  bold?: boolean;
  color?: string;
  align?: Align;
  /** Space added below the paragraph. */
  gap?: number;
}

/** A page size and the column text is set in, from the left edge whatever the direction. */
export interface PdfFrame {
  width: number;
  height: number;
  column: { left: number; width: number };
}

export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  direction: 'ltr' | 'rtl';
  /** Where the next line is drawn, from the top of the page. */
  y: number;
  width(text: string, size: number, bold?: boolean): number;
  /** Draws a paragraph at y, wrapped to the column, and moves y below it. */
  paragraph(text: string, size: number, style?: TextStyle): void;
  /** A label at the start side of the column and its value at the end side, on one line; moves y below it. */
  row(label: string, value: string, size: number, style?: TextStyle): void;
  /** Finishes the document and answers its bytes. */
  end(): Promise<Buffer>;
}

export function pdfWriter(locale: Locale, frame: PdfFrame, info: { Title: string; Author: string }): PdfWriter {
  const direction = dirOf(locale);
  const doc = new PDFDocument({ size: [frame.width, frame.height], margin: 0, autoFirstPage: false, lang: locale, info });
  for (const [name, data] of Object.entries(fontBuffers())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { left, width: inner } = frame.column;

  const width = (text: string, size: number, bold = false) =>
    visualRuns(text, direction).reduce(
      (sum, run) =>
        sum +
        doc
          .font(`${run.script}-${bold ? 1 : 0}`)
          .fontSize(size)
          .widthOfString(run.text, FEATURES),
      0,
    );

  /** Draws one line whose left edge is x. */
  const line = (text: string, x: number, y: number, size: number, bold: boolean, color: string) => {
    for (const run of visualRuns(text, direction)) {
      doc
        .font(`${run.script}-${bold ? 1 : 0}`)
        .fontSize(size)
        .fillColor(color);
      doc.text(run.text, x, y, { lineBreak: false, ...FEATURES });
      x += doc.widthOfString(run.text, FEATURES);
    }
  };
  /** The left edge of a line of width w aligned in the column; start and end follow the language's direction. */
  const xFor = (align: Align, w: number) => {
    if (align === 'center') return left + (inner - w) / 2;
    const atLeft = (align === 'start') === (direction === 'ltr');
    return atLeft ? left : left + inner - w;
  };

  const writer: PdfWriter = {
    doc,
    direction,
    y: 0,
    width,
    paragraph(text, size, style = {}) {
      const bold = style.bold ?? false;
      for (const l of wrap(text, inner, (s) => width(s, size, bold))) {
        line(l, xFor(style.align ?? 'center', width(l, size, bold)), writer.y, size, bold, style.color ?? INK);
        writer.y += size * 1.45;
      }
      writer.y += style.gap ?? 0;
    },
    row(label, value, size, style = {}) {
      const bold = style.bold ?? false;
      line(label, xFor('start', width(label, size, bold)), writer.y, size, bold, style.color ?? INK);
      line(value, xFor('end', width(value, size, bold)), writer.y, size, bold, style.color ?? INK);
      writer.y += size * 1.45 + (style.gap ?? 0);
    },
    end() {
      doc.end();
      return done;
    },
  };
  return writer;
}
