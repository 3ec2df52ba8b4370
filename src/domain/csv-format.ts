/** How an export is written for a person: the separator their spreadsheet splits on. */
export type CsvSeparator = 'comma' | 'semicolon';

export const CSV_SEPARATORS: readonly CsvSeparator[] = ['comma', 'semicolon'];

/** The character of a separator. */
export const separatorChar = (separator: CsvSeparator): ',' | ';' => (separator === 'semicolon' ? ';' : ',');

/**
 * The separator a spreadsheet in `locale` expects: `;` where numbers are written with a decimal comma (Spanish,
 * French, Portuguese, Russian: their spreadsheets keep `,` for decimals), `,` elsewhere. Read from the language's own
 * number format, so a language added later gets its spreadsheet's separator without a list to keep.
 */
export function csvSeparatorFor(locale: string): CsvSeparator {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return decimal === ',' ? 'semicolon' : 'comma';
}
