import { useEffect, useId, useState } from 'react';
import type { Plan } from '../../api/pricing.ts';
import type { UserAccess, UserListRow, UserRole, UserSort } from '../../api/user-list.ts';
import { formatDateTime, formatDay } from '../../domain/format.ts';
import { fill } from '../../i18n/fill.ts';
import type { Sections } from '../../i18n/index.ts';
import { $adminUsers, searchUser } from '../../stores/users/admin-users.ts';
import { $groups, loadGroups } from '../../stores/groups/groups.ts';
import { $userList, exportUserList, goToOffset, loadUserList, PAGE_SIZE, setFilters, sortBy, type UserListFilters } from '../../stores/user-list/user-list.ts';
import FormError from '../ui/FormError.tsx';
import SeparatorChoice from '../ui/SeparatorChoice.tsx';
import { csvSeparatorFor, type CsvSeparator } from '../../domain/csv-format.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';

type Strings = Sections<'adminUsers'>;

const ROLES: Record<UserRole, keyof Strings> = {
  admin: 'adminUsers.list.role.admin',
  expert: 'adminUsers.list.role.expert',
  director: 'adminUsers.list.role.director',
  learner: 'adminUsers.list.role.learner',
};
const ACCESS: Record<UserAccess, keyof Strings> = {
  premium: 'adminUsers.list.access.premium',
  subscribed: 'adminUsers.list.access.subscribed',
  expired: 'adminUsers.list.access.expired',
  none: 'adminUsers.list.access.none',
};
const choices = <K extends string>(labels: Record<K, keyof Strings>, strings: Strings): Array<[string, string]> =>
  (Object.entries(labels) as Array<[K, keyof Strings]>).map(([value, label]) => [value, strings[label]]);

const SORTABLE: Array<[UserSort, keyof Strings]> = [
  ['name', 'adminUsers.list.col.name'],
  ['createdAt', 'adminUsers.list.col.createdAt'],
  ['lastActiveAt', 'adminUsers.list.col.lastActive'],
];

function Select({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<[string, string]>;
  onChange(v: string): void;
}) {
  const id = `${useId()}-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

const rolesOf = (u: UserListRow, strings: Strings) =>
  [
    u.isAdmin && strings['adminUsers.list.role.admin'],
    u.isExpert && strings['adminUsers.list.role.expert'],
    u.isDirector && strings['adminUsers.list.role.director'],
  ]
    .filter(Boolean)
    .join(', ');

/** "All users" on /admin-users: every profile, searched, filtered, sorted and paged; a name opens the user above; CSV of the filtered list. */
export default function UserList({ locale, strings }: { locale: string; strings: Strings }) {
  const state = useIslandStore($userList);
  const plans = useIslandStore($adminUsers).plans;
  useEffect(() => {
    void loadUserList();
    void loadGroups();
  }, []);
  const { page } = state;
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const from = page && page.total > 0 ? page.offset + 1 : 0;
  const to = page ? page.offset + page.users.length : 0;
  return (
    <section className="user-list" aria-labelledby="user-list-heading">
      <h2 id="user-list-heading">{strings['adminUsers.list.heading']}</h2>
      <Filters locale={locale} strings={strings} filters={state.filters} exporting={state.exporting} plans={plans} />
      <div aria-live="polite">
        {state.error && <FormError>{strings[state.error]}</FormError>}
        {page && (
          <p className="hint">
            {page.total === 0
              ? strings['adminUsers.list.empty']
              : fill(strings['adminUsers.list.count'], { from: count(from), to: count(to), total: count(page.total) })}
          </p>
        )}
        {!page && state.loading && <p role="status">{strings['adminUsers.list.loading']}</p>}
      </div>
      {page && page.users.length > 0 && (
        <UserTable locale={locale} strings={strings} users={page.users} filters={state.filters} loading={state.loading} plans={plans} />
      )}
      {page && page.total > PAGE_SIZE && <Pager strings={strings} offset={page.offset} more={to < page.total} loading={state.loading} />}
    </section>
  );
}

/** The search, the role, access, plan and group filters, and the CSV export of what they select. */
function Filters({
  locale,
  strings,
  filters,
  exporting,
  plans,
}: {
  locale: string;
  strings: Strings;
  filters: UserListFilters;
  exporting: boolean;
  plans: Plan[] | null;
}) {
  const groups = useIslandStore($groups).list;
  const set = (change: Partial<UserListFilters>) => setFilters(change);
  const [separator, setSeparator] = useState<CsvSeparator>(() => csvSeparatorFor(locale));
  return (
    <form className="user-list-filters" role="search" aria-label={strings['adminUsers.list.heading']} onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor="user-list-q">{strings['adminUsers.list.search']}</label>
        <input
          id="user-list-q"
          name="q"
          type="search"
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      <Select
        name="role"
        label={strings['adminUsers.list.role']}
        value={filters.role}
        options={[['', strings['adminUsers.list.any']], ...choices(ROLES, strings)]}
        onChange={(role) => set({ role: role as UserListFilters['role'] })}
      />
      <Select
        name="access"
        label={strings['adminUsers.list.access']}
        value={filters.access}
        options={[['', strings['adminUsers.list.any']], ...choices(ACCESS, strings)]}
        onChange={(access) => set({ access: access as UserListFilters['access'] })}
      />
      <Select
        name="plan"
        label={strings['adminUsers.list.plan']}
        value={filters.plan}
        options={[['', strings['adminUsers.list.any']], ...(plans ?? []).map((p): [string, string] => [p.id, p.title])]}
        onChange={(plan) => set({ plan })}
      />
      <Select
        name="group"
        label={strings['adminUsers.list.group']}
        value={filters.group}
        options={[['', strings['adminUsers.list.any']], ...groups.map((g): [string, string] => [g.id, g.name])]}
        onChange={(group) => set({ group })}
      />
      <button type="button" className="button button-ghost" onClick={() => void exportUserList(separator)} disabled={exporting}>
        {exporting ? strings['adminUsers.list.exporting'] : strings['adminUsers.list.export']}
      </button>
      <SeparatorChoice
        value={separator}
        onChange={setSeparator}
        labels={{
          label: strings['adminUsers.list.separator'],
          semicolon: strings['adminUsers.list.separator.semicolon'],
          comma: strings['adminUsers.list.separator.comma'],
        }}
      />
    </form>
  );
}

/** One page of users, sortable by name, creation and last activity; a name opens the user in the editor above. */
function UserTable({
  locale,
  strings,
  users,
  filters,
  loading,
  plans,
}: {
  locale: string;
  strings: Strings;
  users: UserListRow[];
  filters: UserListFilters;
  loading: boolean;
  plans: Plan[] | null;
}) {
  const planTitle = (id: string) => plans?.find((p) => p.id === id)?.title ?? id;
  async function open(id: string) {
    await searchUser(id);
    document.getElementById('found-user')?.focus();
  }
  return (
    <div className="table-scroll">
      <table className="user-table" aria-labelledby="user-list-heading" aria-busy={loading}>
        <thead>
          <tr>
            {SORTABLE.slice(0, 1).map(([key, label]) => (
              <SortHeader key={key} sortKey={key} label={strings[label]} filters={filters} />
            ))}
            <th scope="col">{strings['adminUsers.list.col.email']}</th>
            {SORTABLE.slice(1).map(([key, label]) => (
              <SortHeader key={key} sortKey={key} label={strings[label]} filters={filters} />
            ))}
            <th scope="col">{strings['adminUsers.list.col.roles']}</th>
            <th scope="col">{strings['adminUsers.list.col.plans']}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id}>
              <td>
                <button type="button" className="link-button" dir="auto" onClick={() => void open(u.id)}>
                  {u.name || u.email || u.id}
                </button>
              </td>
              <td dir="auto">{u.email}</td>
              <td>{formatDay(locale, u.createdAt)}</td>
              <td>{u.lastActiveAt ? formatDateTime(locale, u.lastActiveAt) : strings['adminUsers.list.never']}</td>
              <td>{[rolesOf(u, strings), u.isPremium ? strings['adminUsers.list.access.premium'] : ''].filter(Boolean).join(', ')}</td>
              <td>{u.plans.map(planTitle).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous and Next through the pages of the list. */
function Pager({ strings, offset, more, loading }: { strings: Strings; offset: number; more: boolean; loading: boolean }) {
  return (
    <nav className="pager" aria-label={strings['adminUsers.list.pages']}>
      <button type="button" className="button button-small button-ghost" disabled={offset === 0 || loading} onClick={() => goToOffset(offset - PAGE_SIZE)}>
        {strings['adminUsers.list.previous']}
      </button>
      <button type="button" className="button button-small button-ghost" disabled={!more || loading} onClick={() => goToOffset(offset + PAGE_SIZE)}>
        {strings['adminUsers.list.next']}
      </button>
    </nav>
  );
}

function SortHeader({ sortKey, label, filters }: { sortKey: UserSort; label: string; filters: UserListFilters }) {
  const current = filters.sort === sortKey;
  return (
    <th scope="col" aria-sort={current ? (filters.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => sortBy(sortKey)}>
        {label}
        <span aria-hidden="true">{current ? (filters.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}
