import { stripInvisible } from '../../domain/text.ts';
import type { recordsOf } from '../progress/index.ts';

/** The directors' CSV of a group: every member's standing per case. */
type Member = { userId: string; email: string; name: string };

/**
 * One CSV field, always quoted (RFC 4180), so a spreadsheet that splits on `;` (the French, Spanish, Portuguese and
 * Russian defaults) reads `Lea;=cmd` as one cell too; a value that starts with =, +, -, @, a tab or a carriage return
 * once invisible characters and spaces are set aside goes behind a quote mark, so it is never read as a formula.
 */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(stripInvisible(text).replace(/^ +/, ''))) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const CSV_COLUMNS = [
  'member_name',
  'member_email',
  'course_id',
  'course_title',
  'module',
  'module_title',
  'case',
  'case_title',
  'pass_mark',
  'state',
  'best_score',
  'attempts',
  'passed_at',
  'course_percent',
  'certificate_id',
  'certificate_status',
];

/** The directors' CSV export: one row per member, course and case shown, with a byte-order mark for spreadsheets. */
export function groupCsv(members: Member[], records: Awaited<ReturnType<typeof recordsOf>>, shown: Set<string>): string {
  const rows: Array<Array<string | number | null>> = [CSV_COLUMNS];
  for (const m of members) {
    for (const line of records.get(m.userId)!.filter((l) => shown.has(l.course.id))) {
      for (const mod of line.standing.modules) {
        for (const cs of mod.cases) {
          rows.push([
            m.name,
            m.email,
            line.course.id,
            line.course.title,
            mod.shown,
            mod.title,
            cs.case,
            cs.title,
            cs.passMark,
            cs.state,
            cs.best,
            cs.attempts,
            cs.passedAt?.toISOString() ?? null,
            line.standing.percent,
            line.certificate?.id ?? null,
            line.certificate ? (line.certificate.revokedAt ? 'revoked' : 'valid') : null,
          ]);
        }
      }
    }
  }
  return `\ufeff${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
