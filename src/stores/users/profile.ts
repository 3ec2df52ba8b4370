import { answer, auth, client, download } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { signedInRecently } from '../../domain/time.ts';
import { errorKey, type ErrorKey } from '../error-messages.ts';
import { emailReturn } from '../firebase.ts';
import { saveFile } from '../save-file.ts';
import { currentFirebaseUser, idToken, leaveSession, reloadFirebaseUser, setProfile, stayInSession } from '../session.ts';

/** What a learner does to their own account from My account: profile, password, email verification, export, deletion. */

export async function saveProfile(name: string, contact: string): Promise<boolean> {
  try {
    setProfile(await answer(client.users.me.$patch({ json: { name: name.trim(), contact: contact.trim() } }, auth(await idToken()))));
    return true;
  } catch {
    return false;
  }
}

/** Firebase asks for a recent sign-in before a password change or a deletion: the current password proves it. */
async function reauthenticate(password: string): Promise<void> {
  const user = currentFirebaseUser();
  if (!user?.email) throw new Error('Nobody is signed in with a password');
  const { EmailAuthProvider, reauthenticateWithCredential } = await import('firebase/auth');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

/** Changes the password through Firebase's SDK; answers null, or the key of what went wrong. */
export async function changePassword(current: string, next: string): Promise<ErrorKey<'auth'> | null> {
  try {
    await reauthenticate(current);
    const { updatePassword } = await import('firebase/auth');
    await updatePassword(currentFirebaseUser()!, next);
    return null;
  } catch (err) {
    return errorKey('auth', err);
  }
}

export async function sendVerification(): Promise<boolean> {
  const user = currentFirebaseUser();
  if (!user) return false;
  try {
    const { sendEmailVerification } = await import('firebase/auth');
    await sendEmailVerification(user, emailReturn('/account'));
    return true;
  } catch {
    return false;
  }
}

/** Whether the address is verified now (the link may have been opened elsewhere); false when that cannot be read. */
export const checkVerified = (): Promise<boolean> => reloadFirebaseUser().catch(() => false);

/** Downloads the JSON copy of everything held, or the attempts' event logs (its bulk, a gzip file of its own); false when it failed. */
export async function exportData(part: 'data' | 'logs'): Promise<boolean> {
  try {
    const token = auth(await idToken());
    saveFile(await download(part === 'data' ? client.users.me.export.$get(undefined, token) : client.users.me.export.logs.$get(undefined, token)));
    return true;
  } catch {
    return false;
  }
}

export type DeleteOutcome = 'deleted' | ErrorKey<'accountDeletion' | 'auth'>;

/**
 * Deletes the account: a fresh sign-in first (the password, or a Google sign-in still recent), then our personal
 * data, then the Firebase account; the page stays as it is, for the account page to say it is done. Firebase refuses to delete after an old sign-in, so that is found out
 * before our data goes, not after. A profile already gone (an earlier try that stopped half way) still lets the
 * sign-in go.
 */
export async function deleteAccount(password: string | null): Promise<DeleteOutcome> {
  try {
    if (password !== null) await reauthenticate(password);
    else if (!signedInRecently(currentFirebaseUser()?.metadata.lastSignInTime, Date.now())) return 'auth.error.recentLogin';
  } catch (err) {
    return errorKey('auth', err);
  }
  try {
    await answer(client.users.me.$delete(undefined, auth(await idToken())));
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) return errorKey('accountDeletion', err);
  }
  try {
    const { deleteUser } = await import('firebase/auth');
    leaveSession();
    await deleteUser(currentFirebaseUser()!);
  } catch (err) {
    stayInSession();
    return errorKey('auth', err);
  }
  return 'deleted';
}
