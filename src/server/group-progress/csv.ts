import type { Sitting } from '../../domain/assessment.ts';
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
  'certificate_kind',
  'certificate_sittings',
];

/** An assessed certificate's sittings in one cell: who opened each and when it started (UTC), separated by semicolons. */
const sittingsCell = (sittings: readonly Sitting[]) => sittings.map((k) => `${k.openedBy} ${k.startsAt}`).join('; ');

/** A case's state as a spreadsheet reader reads it. */
const STATE = { passed: 'passed', attempted: 'attempted', notStarted: 'not started' } as const;

/**
 * The directors' CSV export: one row per member, course and case of the group's courses, with a byte-order mark for
 * spreadsheets; a member with no course at all still has a row, not started, so the file names everyone.
 */
export function groupCsv(members: Member[], records: Awaited<ReturnType<typeof recordsOf>>, shown: Set<string>): string {
  const rows: CsvCell[][] = [CSV_COLUMNS];
  for (const m of members) {
    const lines = records.get(m.userId)!.filter((l) => shown.has(l.course.id));
    if (lines.length === 0)
      rows.push(
        CSV_COLUMNS.map((column) => (column === 'member_name' ? m.name : column === 'member_email' ? m.email : column === 'state' ? STATE.notStarted : null)),
      );
    for (const line of lines) {
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
            STATE[cs.state],
            cs.best,
            cs.attempts,
            cs.passedAt?.toISOString() ?? null,
            line.standing.percent,
            line.certificate?.id ?? null,
            line.certificate ? (line.certificate.revokedAt ? 'revoked' : 'valid') : null,
            line.certificate?.kind ?? null,
            line.certificate ? sittingsCell(line.certificate.sittings) : null,
          ]);
        }
      }
    }
  }
  return csvText(rows);
}
