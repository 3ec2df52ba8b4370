/** The pieces of text PDF.js reads on the first page's line that holds `part`, from left to right as they are drawn. */
export async function lineOf(bytes: Uint8Array, part: RegExp): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // A copy: PDF.js takes the bytes it is given away from the caller.
  const doc = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false }).promise;
  const items = (await (await doc.getPage(1)).getTextContent()).items.flatMap((item) =>
    'str' in item && item.str.trim() ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : [],
  );
  const found = items.find((item) => part.test(item.text));
  if (!found) throw new Error(`No piece of text matches ${part}`);
  // Pieces in another font sit a point or two off the baseline PDF.js reports for Latin text.
  return items
    .filter((item) => Math.abs(item.y - found.y) < 4)
    .sort((a, b) => a.x - b.x)
    .map((item) => item.text);
}

/** Whether a piece of text is Arabic (PDF.js reads Arabic glyphs back in the order they are drawn). */
export const ARABIC = /[\u0600-\u06ff]/;
