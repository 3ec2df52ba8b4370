import { useEffect } from 'react';
import { afterSignIn } from '../../domain/redirect.ts';
import { $session, startSession } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';

/** Where to go after signing in: the page's ?next= when it is a path on this site (afterSignIn decides), or My learning. */
export function nextHref(landingHref: string): string {
  return afterSignIn(new URLSearchParams(window.location.search).get('next'), landingHref);
}

/** Sends a visitor who is (or becomes) signed in on to `nextHref`, as login and signup must. */
export function useRedirectSignedIn(landingHref: string, enabled = true) {
  const session = useIslandStore($session);
  useEffect(startSession, []);
  useEffect(() => {
    if (enabled && !session.loading && session.firebaseUser) window.location.replace(nextHref(landingHref));
  }, [enabled, session.loading, session.firebaseUser, landingHref]);
  return session;
}
