import { useEffect, useState, type SubmitEvent } from 'react';
import { $adminUsers, isDirty, loadPlans, searchUser } from '../../stores/users/admin-users.ts';
import { $session, startSession } from '../../stores/session.ts';
import Field from '../ui/Field.tsx';
import { useIslandStore } from '../ui/useIslandStore.ts';
import UserEditor from './UserEditor.tsx';
import UserHistory from './UserHistory.tsx';
import UserList from './UserList.tsx';
import AttemptHistory from '../attempts/AttemptHistory.tsx';
import type { AttemptStrings } from '../attempts/attempt-strings.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import type { Sections } from '../../i18n/index.ts';
import FormError from '../ui/FormError.tsx';

interface Props {
  locale: string;
  homeHref: string;
  strings: Sections<'adminUsers'> & AttemptStrings;
}

/** /admin-users: admins find a user (by email or uid, or in the list of all users), edit access and subscriptions, save, and read the history. */
export default function AdminUsers({ locale, homeHref, strings }: Props) {
  const session = useIslandStore($session);
  const state = useIslandStore($adminUsers);
  const hydrated = useHydrated();
  const [query, setQuery] = useState('');
  const isAdmin = !session.loading && session.user?.isAdmin === true;

  useEffect(startSession, []);
  useEffect(() => {
    // Visitors and non-admins have nothing here; the server refuses their calls anyway.
    if (!session.loading && !session.user?.isAdmin) window.location.replace(homeHref);
  }, [session.loading, session.user, homeHref]);
  useEffect(() => {
    if (isAdmin) void loadPlans();
  }, [isAdmin]);
  const dirty = isDirty(state);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (!isAdmin) return <p role="status">{strings['adminUsers.checking']}</p>;

  function submit(e: SubmitEvent) {
    e.preventDefault();
    void searchUser(query);
  }

  return (
    <div className="admin-users">
      <p className="lead">{strings['adminUsers.intro']}</p>
      <form role="search" className="admin-search" onSubmit={submit}>
        <Field
          name="user-search"
          type="search"
          autoComplete="off"
          spellCheck={false}
          dir="auto"
          label={strings['adminUsers.search.label']}
          aria-describedby="user-search-hint"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="button" disabled={!hydrated || state.searching || !query.trim()}>
          {state.searching ? strings['adminUsers.search.searching'] : strings['adminUsers.search.submit']}
        </button>
        <p id="user-search-hint" className="hint">
          {strings['adminUsers.search.hint']}
        </p>
      </form>
      <div aria-live="polite" aria-busy={state.searching}>
        {state.notFound && <FormError>{strings[state.notFound === 'email' ? 'adminUsers.notFound.email' : 'adminUsers.notFound.uid']}</FormError>}
        {state.searchError && <FormError>{strings[state.searchError]}</FormError>}
      </div>
      {state.draft && <UserEditor locale={locale} state={state} strings={strings} hydrated={hydrated} />}
      {state.saved && <UserHistory locale={locale} state={state} strings={strings} />}
      {state.saved && <AttemptHistory locale={locale} userId={state.saved.id} strings={strings} />}
      <UserList locale={locale} strings={strings} />
    </div>
  );
}
