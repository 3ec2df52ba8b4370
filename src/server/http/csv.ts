import { stripInvisible } from '../../domain/text.ts';

/** The CSV every export of ours writes (a group's progress, the admins' user list): quoted fields, no formulas. */
export type CsvCell = string | number | null;

/**
 * One CSV field, always quoted (RFC 4180), so a spreadsheet that splits on `;` (the French, Spanish, Portuguese and
 * Russian defaults) reads `Lea;=cmd` as one cell too; a value that starts with =, +, -, @, a tab or a carriage return
 * once invisible characters and spaces are set aside goes behind a quote mark, so it is never read as a formula.
 */
export function csvField(value: CsvCell): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(stripInvisible(text).replace(/^ +/, ''))) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line, ended by CRLF, its fields split by `separator` (`,` unless a reader's spreadsheet expects `;`). */
export const csvLine = (cells: readonly CsvCell[], separator: ',' | ';' = ','): string => `${cells.map(csvField).join(separator)}\r\n`;

/** A whole CSV file with a byte-order mark, so spreadsheets read it as UTF-8. */
export const csvText = (rows: ReadonlyArray<readonly CsvCell[]>, separator: ',' | ';' = ','): string =>
  `\ufeff${rows.map((row) => csvLine(row, separator)).join('')}`;
