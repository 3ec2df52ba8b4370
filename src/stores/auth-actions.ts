import type { UserCredential } from 'firebase/auth';
import { answer, auth, client } from '../api/client.ts';
import type { NewUser } from '../api/users.ts';
import { TERMS_VERSION } from '../domain/legal.ts';
import { fullName, type SignupInput } from '../domain/signup.ts';
import { deviceId } from './users/device-id.ts';
import { emailReturn, firebaseAuth } from './firebase.ts';
import { leaveSession, loadProfile, setProfile } from './session.ts';

/** POST /users: our record of a new account. */
const createProfile = (json: NewUser, token: string) => answer(client.users.$post({ json, header: { 'x-device-id': deviceId() } }, auth(token)));

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { signInWithEmailAndPassword } = await import('firebase/auth');
  await signInWithEmailAndPassword(await firebaseAuth(), email, password);
}

/**
 * After a Google sign-in: read our record, and create it (id, email, isAdmin false) only when it is missing. The
 * Google button says that continuing accepts the terms in force, so a first sign-in records them.
 */
async function ensureGoogleProfile(credential: UserCredential): Promise<void> {
  const fbUser = credential.user;
  let user = await loadProfile(fbUser);
  if (!user) user = await createProfile({ id: fbUser.uid, email: fbUser.email ?? '', isAdmin: false, acceptedTerms: TERMS_VERSION }, await fbUser.getIdToken());
  setProfile(user);
}

export async function signInWithGoogle(): Promise<void> {
  const { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup } = await import('firebase/auth');
  await ensureGoogleProfile(await signInWithPopup(await firebaseAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver));
}

/**
 * Google sign-in against the Auth emulator, which takes an unsigned id_token: the account typed in the local
 * stand-in chooser becomes a Google user (the same one for the same email, as Google's subject would be).
 */
export async function signInWithGoogleStandIn(account: { email: string; name: string }): Promise<void> {
  const { GoogleAuthProvider, signInWithCredential } = await import('firebase/auth');
  const idToken = JSON.stringify({
    sub: `standin-${account.email.toLowerCase()}`,
    email: account.email,
    email_verified: true,
    name: account.name || undefined,
  });
  await ensureGoogleProfile(await signInWithCredential(await firebaseAuth(), GoogleAuthProvider.credential(idToken)));
}

/** Email sign-up (its form had the terms accepted): the Firebase account named "name lastname", then our record with the terms in force. */
export async function signUp(input: SignupInput): Promise<void> {
  const { createUserWithEmailAndPassword, sendEmailVerification, updateProfile } = await import('firebase/auth');
  const name = fullName(input.name, input.lastname);
  const { user: fbUser } = await createUserWithEmailAndPassword(await firebaseAuth(), input.email.trim(), input.password);
  await updateProfile(fbUser, { displayName: name });
  // Sent now so the link is waiting; when sending fails, My account's reminder offers to send it again.
  await sendEmailVerification(fbUser, emailReturn('/account')).catch((err: unknown) => console.warn('The verification email could not be sent', err));
  const user = await createProfile(
    { id: fbUser.uid, email: fbUser.email ?? input.email.trim(), isAdmin: false, contact: input.contact.trim(), name, acceptedTerms: TERMS_VERSION },
    await fbUser.getIdToken(),
  );
  setProfile(user);
}

export async function sendReset(email: string): Promise<void> {
  const { sendPasswordResetEmail } = await import('firebase/auth');
  await sendPasswordResetEmail(await firebaseAuth(), email.trim(), emailReturn('/login'));
}

/** Signs out and loads the home page afresh (a full navigation, not a client-side one), so nothing of the session stays in the page. */
export async function logout(homeHref: string): Promise<void> {
  const { signOut } = await import('firebase/auth');
  leaveSession();
  await signOut(await firebaseAuth());
  window.location.assign(homeHref);
}
