// The terms in force, accepted after sign-in by an account that was never asked or accepted an older version.
import { answer, auth, client } from '../../api/client.ts';
import { TERMS_VERSION } from '../../domain/legal.ts';
import { idToken, setProfile } from '../session.ts';

/** Records the acceptance (version and date, as sign-up does) and keeps the profile the server answers; false when it failed. */
export async function acceptTerms(): Promise<boolean> {
  try {
    setProfile(await answer(client.users.me.terms.$put({ json: { acceptedTerms: TERMS_VERSION } }, auth(await idToken()))));
    return true;
  } catch {
    return false;
  }
}
