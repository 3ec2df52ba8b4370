import { csvText, type CsvCell } from '../http/csv.ts';
import type { recordsOf } from '../progress/index.ts';

/** The directors' CSV of a group: every member's standing per case. */
type Member = { userId: string; email: string; name: string };

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
  const rows: CsvCell[][] = [CSV_COLUMNS];
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
  return csvText(rows);
}
