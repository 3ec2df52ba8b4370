import type { CertificateKind, Sitting } from '../../domain/assessment.ts';
import { formatDay } from '../../domain/format.ts';
import { isLate } from '../../domain/learning.ts';
import type { AttemptFact, CaseState } from '../../domain/progress.ts';
import { useT, type Key } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
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
  'last_attempt_at',
  'due_at',
  'late',
] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** Each column's header in a person's file. */
const HEADERS: Record<Column, Key> = {
  member_name: 'csv.member',
  member_email: 'common.email',
  course_id: 'csv.courseId',
  course_title: 'csv.course',
  module: 'csv.module',
  module_title: 'csv.moduleTitle',
  case: 'csv.case',
  case_title: 'csv.caseTitle',
  pass_mark: 'csv.passMark',
  state: 'groups.state',
  best_score: 'csv.bestScore',
  attempts: 'csv.attempts',
  passed_at: 'csv.passedOn',
  course_percent: 'csv.coursePercent',
  certificate_id: 'verify.id',
  certificate_status: 'csv.certificate',
  certificate_kind: 'verify.kind',
  certificate_sittings: 'verify.sittings',
  last_attempt_at: 'csv.lastAttempt',
  due_at: 'csv.dueOn',
  late: 'csv.late',
};
const STATES: Record<CaseState, Key> = { passed: 'csv.state.passed', attempted: 'csv.state.attempted', notStarted: 'progress.notStarted' };
const KINDS: Record<CertificateKind, Key> = { completion: 'cert.kind.completion', assessed: 'cert.kind.assessed' };

/** A case's state as the machine's file writes it. */
const STATE = { passed: 'passed', attempted: 'attempted', notStarted: 'not started' } as const;

/** How the file words what it holds: the machine's snake_case, ISO dates and English states, or a person's language. */
interface Wording {
  header(column: Column): string;
  state(state: CaseState): string;
  status(revoked: boolean): string;
  kind(kind: CertificateKind): string;
  date(date: Date | string): string;
  yes(yes: boolean): string;
}

const MACHINE: Wording = {
  header: (column) => column,
  state: (state) => STATE[state],
  status: (revoked) => (revoked ? 'revoked' : 'valid'),
  kind: (kind) => kind,
  date: (date) => new Date(date).toISOString(),
  yes: (yes) => (yes ? 'yes' : 'no'),
};

/** A person's file in `locale`: headers, states, certificate words and dates (the day, in UTC) in their language. */
export function peoplesWording(locale: Locale): Wording {
  const t = useT(locale);
  return {
    header: (column) => t(HEADERS[column]),
    state: (state) => t(STATES[state]),
    status: (revoked) => t(revoked ? 'csv.certificate.revoked' : 'csv.certificate.valid'),
    kind: (kind) => t(KINDS[kind]),
    date: (date) => formatDay(locale, date, 'UTC'),
    yes: (yes) => t(yes ? 'csv.yes' : 'csv.no'),
  };
}

/** An assessed certificate's sittings in one cell: who opened each and when it started, separated by semicolons. */
const sittingsCell = (sittings: readonly Sitting[], words: Wording) => sittings.map((k) => `${k.openedBy} ${words.date(k.startsAt)}`).join('; ');

/** When the member last played a case (any attempt, flagged ones too: it was played), or null. */
function lastAttempt(facts: readonly AttemptFact[], caseId: string | undefined): Date | null {
  const times = facts.filter((f) => f.caseId === caseId).map((f) => f.at.getTime());
  return times.length ? new Date(Math.max(...times)) : null;
}

/**
 * The directors' CSV export: one row per member, course and case of the group's courses, with a byte-order mark for
 * spreadsheets; a member with no course at all still has a row, not started, so the file names everyone. Worded for
 * a person (`words` from peoplesWording) or for a machine, with `separator` between fields. A course assigned to the
 * group (`due`: its due date by course) gives each of its rows the due date and whether the member is late: due and
 * no valid certificate of the course.
 */
export function groupCsv(
  members: Member[],
  records: Awaited<ReturnType<typeof recordsOf>>,
  shown: Set<string>,
  words: Wording = MACHINE,
  separator: ',' | ';' = ',',
  due: ReadonlyMap<string, Date> = new Map(),
  now = new Date(),
): string {
  const rows: CsvCell[][] = [CSV_COLUMNS.map((column) => words.header(column))];
  for (const m of members) {
    const lines = records.get(m.userId)!.filter((l) => shown.has(l.course.id));
    if (lines.length === 0)
      rows.push(
        CSV_COLUMNS.map((column) =>
          column === 'member_name' ? m.name : column === 'member_email' ? m.email : column === 'state' ? words.state('notStarted') : null,
        ),
      );
    for (const line of lines) {
      const dueAt = due.get(line.course.id);
      for (const mod of line.standing.modules) {
        for (const cs of mod.cases) {
          const last = lastAttempt(line.facts, line.course.levels[cs.level - 1]?.cases[cs.case - 1]?.id);
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
            words.state(cs.state),
            cs.best,
            cs.attempts,
            cs.passedAt ? words.date(cs.passedAt) : null,
            line.standing.percent,
            line.certificate?.id ?? null,
            line.certificate ? words.status(Boolean(line.certificate.revokedAt)) : null,
            line.certificate ? words.kind(line.certificate.kind) : null,
            line.certificate ? sittingsCell(line.certificate.sittings, words) : null,
            last ? words.date(last) : null,
            dueAt ? words.date(dueAt) : null,
            dueAt ? words.yes(isLate(dueAt, Boolean(line.certificate && !line.certificate.revokedAt), now)) : null,
          ]);
        }
      }
    }
  }
  return csvText(rows, separator);
}
