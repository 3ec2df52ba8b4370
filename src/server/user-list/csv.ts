import type { UserListRow } from '../../api/user-list.ts';
import { csvText, type CsvCell } from '../http/csv.ts';

const COLUMNS = ['name', 'email', 'user_id', 'signed_up', 'last_active', 'roles', 'premium', 'plans'];

const roles = (u: UserListRow) =>
  [u.isAdmin && 'admin', u.isExpert && 'expert', u.isDirector && 'director'].filter((r): r is string => typeof r === 'string').join(' ');

/** The admins' CSV of the user list: one row per profile, in the list's order, the same facts the screen shows. */
export function userListCsv(rows: readonly UserListRow[]): string {
  const lines: CsvCell[][] = [COLUMNS];
  for (const u of rows) {
    lines.push([u.name, u.email, u.id, u.createdAt, u.lastActiveAt, roles(u), u.isPremium ? 'yes' : 'no', u.plans.join(' ')]);
  }
  return csvText(lines);
}
