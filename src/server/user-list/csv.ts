import type { UserListRow } from '../../api/user-list.ts';
import { formatDay } from '../../domain/format.ts';
import { useT, type Key } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { csvText, type CsvCell } from '../http/csv.ts';

const COLUMNS = ['name', 'email', 'user_id', 'signed_up', 'last_active', 'roles', 'premium', 'plans'] as const;
type Column = (typeof COLUMNS)[number];
type Role = 'admin' | 'expert' | 'director';

/** Each column's header in a person's file: the words the screen's columns use. */
const HEADERS: Record<Column, Key> = {
  name: 'adminUsers.list.col.name',
  email: 'adminUsers.list.col.email',
  user_id: 'csv.userId',
  signed_up: 'adminUsers.list.col.createdAt',
  last_active: 'adminUsers.list.col.lastActive',
  roles: 'adminUsers.list.col.roles',
  premium: 'adminUsers.list.access.premium',
  plans: 'adminUsers.list.col.plans',
};
const ROLES: Record<Role, Key> = { admin: 'adminUsers.list.role.admin', expert: 'adminUsers.list.role.expert', director: 'adminUsers.list.role.director' };

/** How the file words what it holds: the machine's (snake_case, ISO dates, plan ids) or a person's language. */
interface Wording {
  header(column: Column): string;
  role(role: Role): string;
  yesNo(yes: boolean): string;
  date(iso: string | null): string | null;
  plan(id: string): string;
  /** Between two roles or plans in one cell. */
  joiner: string;
}

const MACHINE: Wording = {
  header: (column) => column,
  role: (role) => role,
  yesNo: (yes) => (yes ? 'yes' : 'no'),
  date: (iso) => iso,
  plan: (id) => id,
  joiner: ' ',
};

/** A person's file in `locale`: headers, roles, yes and no, dates (the day, in UTC) and plan titles (`planTitles`, by id). */
export function peoplesWording(locale: Locale, planTitles: ReadonlyMap<string, string>): Wording {
  const t = useT(locale);
  return {
    header: (column) => t(HEADERS[column]),
    role: (role) => t(ROLES[role]),
    yesNo: (yes) => t(yes ? 'csv.yes' : 'csv.no'),
    date: (iso) => iso && formatDay(locale, iso, 'UTC'),
    plan: (id) => planTitles.get(id) ?? id,
    joiner: ', ',
  };
}

const roles = (u: UserListRow): Role[] =>
  (['admin', 'expert', 'director'] as const).filter((r) => (r === 'admin' ? u.isAdmin : r === 'expert' ? u.isExpert : u.isDirector));

/** The admins' CSV of the user list: one row per profile, in the list's order, the same facts the screen shows. */
export function userListCsv(rows: readonly UserListRow[], words: Wording = MACHINE, separator: ',' | ';' = ','): string {
  const lines: CsvCell[][] = [COLUMNS.map((column) => words.header(column))];
  for (const u of rows) {
    lines.push([
      u.name,
      u.email,
      u.id,
      words.date(u.createdAt),
      words.date(u.lastActiveAt),
      roles(u).map(words.role).join(words.joiner),
      words.yesNo(u.isPremium),
      u.plans.map(words.plan).join(words.joiner),
    ]);
  }
  return csvText(lines, separator);
}
