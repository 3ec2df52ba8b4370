import { useEffect } from 'react';
import { logout } from '../../stores/auth-actions.ts';
import { $directed, loadDirected } from '../../stores/learning/learning.ts';
import { $session, startSession } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { Sections } from '../../i18n/index.ts';
import AdminMenu from './AdminMenu.tsx';

interface Props {
  homeHref: string;
  loginHref: string;
  accountHref: string;
  adminUsersHref: string;
  groupsHref: string;
  learningHref: string;
  /** The page's path without its locale, to mark the session's own links when they are the page shown. */
  path: string;
  strings: Sections<'nav'>;
}

/** The right side of the header: Login, or the user's photo and Logout; the Admin menu for admins only. */
export default function SessionMenu({ homeHref, loginHref, accountHref, adminUsersHref, groupsHref, learningHref, path, strings }: Props) {
  const session = useIslandStore($session);
  const directed = useIslandStore($directed);
  const signedIn = session.firebaseUser !== null;
  const isAdmin = session.user?.isAdmin === true;
  useEffect(startSession, []);
  // Directors get Groups in the menu; administrators have it under Admin.
  useEffect(() => {
    if (signedIn && session.user && !isAdmin) void loadDirected();
  }, [signedIn, session.user, isAdmin]);
  const directs = !isAdmin && (directed.value?.length ?? 0) > 0;
  const current = (p: string) => (path === p ? ('page' as const) : undefined);

  const login = (
    <a className="button button-small" href={loginHref}>
      {strings['nav.login']}
    </a>
  );
  // Until the session is known: the signed-out menu, busy and unseen. It is the server's HTML, which client:session
  // shows as it is, without hydrating, on a device where nobody is signed in.
  if (session.loading && !session.firebaseUser) {
    return (
      <div className="session-menu" aria-busy="true">
        {login}
      </div>
    );
  }
  if (!session.firebaseUser) return <div className="session-menu">{login}</div>;
  return (
    <div className="session-menu">
      <a className="session-link" href={learningHref} aria-current={current('/learning')}>
        {strings['nav.learning']}
      </a>
      {directs && (
        <a className="session-link" href={groupsHref} aria-current={current('/groups')}>
          {strings['nav.groups']}
        </a>
      )}
      {isAdmin && <AdminMenu adminUsersHref={adminUsersHref} groupsHref={groupsHref} strings={strings} />}
      <a className="avatar" href={accountHref} title={strings['nav.account']}>
        {session.firebaseUser.photoURL ? (
          <img src={session.firebaseUser.photoURL} alt={strings['nav.account']} width="32" height="32" referrerPolicy="no-referrer" />
        ) : (
          <svg viewBox="0 0 24 24" width="32" height="32" role="img" aria-label={strings['nav.account']}>
            <circle cx="12" cy="12" r="12" fill="currentColor" opacity="0.15" />
            <circle cx="12" cy="9" r="4" fill="currentColor" />
            <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="currentColor" />
          </svg>
        )}
      </a>
      <button type="button" className="button button-small button-ghost" onClick={() => void logout(homeHref)}>
        {strings['nav.logout']}
      </button>
    </div>
  );
}
