import { atom } from 'nanostores';
import { answer, auth, client, download } from '../../api/client.ts';
import type { UserAccess, UserListFilter, UserListPage, UserRole, UserSort } from '../../api/user-list.ts';
import type { CsvSeparator } from '../../domain/csv-format.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { saveFile } from '../save-file.ts';
import { pageLanguage } from '../page-language.ts';
import { lastAsked } from '../last-asked.ts';
import { idToken } from '../session.ts';

/** Rows on one page of the list. */
export const PAGE_SIZE = 25;
/** How long typing may pause before the search runs. */
const TYPING_PAUSE_MS = 300;

export interface UserListFilters {
  q: string;
  role: UserRole | '';
  access: UserAccess | '';
  plan: string;
  group: string;
  sort: UserSort;
  order: 'asc' | 'desc';
}

export interface UserListState {
  filters: UserListFilters;
  offset: number;
  /** The page last answered; kept while the next one loads, so the table does not jump. */
  page: UserListPage | null;
  loading: boolean;
  error: ErrorKey<'adminUsers'> | null;
  exporting: boolean;
}

const initial: UserListState = {
  filters: { q: '', role: '', access: '', plan: '', group: '', sort: 'createdAt', order: 'desc' },
  offset: 0,
  page: null,
  loading: false,
  error: null,
  exporting: false,
};

/** The "All users" list of /admin-users: its filters, the page shown, and whether it is loading or exporting. */
export const $userList = atom<UserListState>(initial);

const patch = (p: Partial<UserListState>) => $userList.set({ ...$userList.get(), ...p });

/** The query the filters make: empty ones left out. */
function query(filters: UserListFilters): UserListFilter {
  const { q, role, access, plan, group, sort, order } = filters;
  return {
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(role ? { role } : {}),
    ...(access ? { access } : {}),
    ...(plan ? { plan } : {}),
    ...(group ? { group } : {}),
    sort,
    order,
  };
}

const ask = lastAsked();
let typing: ReturnType<typeof setTimeout> | undefined;

/** Loads the page the state names; an answer to an earlier question that arrives late is dropped. */
export async function loadUserList(): Promise<void> {
  clearTimeout(typing);
  const latest = ask();
  const { filters, offset } = $userList.get();
  patch({ loading: true, error: null });
  try {
    const page = await answer(
      client['user-list'].$get({ query: { ...query(filters), limit: String(PAGE_SIZE), offset: String(offset) } }, auth(await idToken())),
    );
    if (latest()) patch({ page, loading: false });
  } catch (err) {
    if (latest()) patch({ loading: false, error: errorKey('adminUsers', err) });
  }
}

/** Changes filters and goes back to the first page; typed search text waits for a pause in the typing. */
export function setFilters(change: Partial<UserListFilters>): void {
  patch({ filters: { ...$userList.get().filters, ...change }, offset: 0 });
  clearTimeout(typing);
  if (change.q !== undefined && Object.keys(change).length === 1) typing = setTimeout(() => void loadUserList(), TYPING_PAUSE_MS);
  else void loadUserList();
}

/** Sorts by `sort`: the same key again turns the order round; a new key starts A to Z for names, newest first for dates. */
export function sortBy(sort: UserSort): void {
  const { filters } = $userList.get();
  const order = filters.sort === sort ? (filters.order === 'asc' ? 'desc' : 'asc') : sort === 'name' ? 'asc' : 'desc';
  setFilters({ sort, order });
}

/** Shows the page starting at `offset`. */
export function goToOffset(offset: number): void {
  patch({ offset: Math.max(0, offset) });
  void loadUserList();
}

/** Downloads the whole filtered list as CSV; false when it failed (the error says why). */
export async function exportUserList(separator: CsvSeparator): Promise<boolean> {
  if ($userList.get().exporting) return false;
  patch({ exporting: true, error: null });
  try {
    const asked = { ...query($userList.get().filters), lang: pageLanguage(), separator };
    saveFile(await download(client['user-list']['export.csv'].$get({ query: asked }, auth(await idToken()))));
    return true;
  } catch (err) {
    patch({ error: errorKey('adminUsers', err) });
    return false;
  } finally {
    patch({ exporting: false });
  }
}
