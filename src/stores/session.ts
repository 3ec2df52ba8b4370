import { atom } from 'nanostores';
import type { User as FirebaseUser } from 'firebase/auth';
import { answer, auth, client, enc } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { User } from '../api/users.ts';
import { firebaseAuth } from './firebase.ts';
import { maybeSignedIn, rememberSignedIn } from './stored-session.ts';
import { tellReadingLanguage } from './account/language.ts';

export interface SessionUser {
  uid: string;
  email: string | null;
  photoURL: string | null;
  displayName: string | null;
  emailVerified: boolean;
  /** Signs in with a password (not only Google): the password can be changed, and deleting the account asks for it. */
  passwordSignIn: boolean;
}

/** The one session every island reads: the Firebase user, our API's record of them, and whether either is loading. */
export interface Session {
  loading: boolean;
  firebaseUser: SessionUser | null;
  user: User | null;
  error: 'profile' | 'network' | null;
}

export const $session = atom<Session>({ loading: true, firebaseUser: null, user: null, error: null });

let current: FirebaseUser | null = null;
let started = false;
let leaving = false;

/** The signed-in user's ID token for /api calls, or null when signed out. */
export async function idToken(): Promise<string | null> {
  return current ? current.getIdToken() : null;
}

/**
 * Who is signed in, with an ID token, once Firebase has read its stored sign-in: for a page without the site's
 * header (the simulator), where no session runs. A sign-in made meanwhile in another tab counts, since Firebase
 * shares it between the site's tabs. Null when signed out.
 */
export async function signedInCaller(): Promise<{ uid: string; token: string } | null> {
  const instance = await firebaseAuth();
  await instance.authStateReady();
  const user = instance.currentUser;
  return user ? { uid: user.uid, token: await user.getIdToken() } : null;
}

/** Reads our record of the signed-in user; a missing record is null, not an error. */
export async function loadProfile(fbUser: FirebaseUser): Promise<User | null> {
  try {
    return await answer(client.users[':id'].$get({ param: { id: enc(fbUser.uid) } }, auth(await fbUser.getIdToken())));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function setProfile(user: User | null): void {
  $session.set({ ...$session.get(), user, loading: false, error: null });
}

/** Logout is under way: the page keeps its state until the reload instead of flashing the signed-out header. */
export function leaveSession(): void {
  leaving = true;
  $session.set({ ...$session.get(), loading: true });
}

/** A logout or deletion that failed half way: the page shows the session again. */
export function stayInSession(): void {
  leaving = false;
  $session.set({ ...$session.get(), loading: false });
}

/** Subscribes to Firebase once per page; islands call it, and it does nothing the second time. */
export function startSession(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void maybeSignedIn().then((maybe) => {
    if (maybe) return subscribe();
    rememberSignedIn(null);
    $session.set({ loading: false, firebaseUser: null, user: null, error: null });
  });
}

function sessionUser(fbUser: FirebaseUser): SessionUser {
  const { uid, email, photoURL, displayName, emailVerified } = fbUser;
  return { uid, email, photoURL, displayName, emailVerified, passwordSignIn: fbUser.providerData.some((p) => p.providerId === 'password') };
}

/** The signed-in Firebase user, for the account actions that need the SDK's own object (reauthentication, deletion). */
export function currentFirebaseUser(): FirebaseUser | null {
  return current;
}

/**
 * Reads the Firebase user again (its email may have been verified in another tab) and answers whether the address is
 * verified. Once it is, a fresh ID token says so to the server, whose next read of the profile records it (the
 * address's group invitations take effect then).
 */
export async function reloadFirebaseUser(): Promise<boolean> {
  if (!current) return false;
  const user = current;
  await user.reload();
  if (user.emailVerified) {
    await user.getIdToken(true);
    const profile = await loadProfile(user);
    if (profile && current === user) setProfile(profile);
  }
  const session = $session.get();
  if (session.firebaseUser) $session.set({ ...session, firebaseUser: sessionUser(user) });
  return user.emailVerified;
}

function subscribe(): void {
  firebaseAuth()
    .then(async (auth) => {
      const { onAuthStateChanged } = await import('firebase/auth');
      onAuthStateChanged(auth, async (fbUser) => {
        rememberSignedIn(fbUser?.uid ?? null);
        if (leaving) return;
        current = fbUser;
        if (!fbUser) {
          $session.set({ loading: false, firebaseUser: null, user: null, error: null });
          return;
        }
        const firebaseUser = sessionUser(fbUser);
        $session.set({ loading: true, firebaseUser, user: null, error: null });
        try {
          const user = await loadProfile(fbUser);
          if (current === fbUser) $session.set({ loading: false, firebaseUser, user, error: null });
          if (user) void fbUser.getIdToken().then((token) => tellReadingLanguage(fbUser.uid, token));
        } catch {
          if (current === fbUser) $session.set({ loading: false, firebaseUser, user: null, error: 'profile' });
        }
      });
    })
    .catch(() => {
      started = false;
      $session.set({ loading: false, firebaseUser: null, user: null, error: 'network' });
    });
}
