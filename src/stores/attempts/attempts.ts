import type { AttemptListItem } from '../../api/attempts.ts';
import { answer, auth, client } from '../../api/client.ts';
import { pageLanguage } from '../page-language.ts';
import { idToken } from '../session.ts';

/** Recent attempts, titled in the page's language: the signed-in user's own, or (for an admin or the user's group director) another user's. */
export async function loadAttempts(userId?: string, limit = 20): Promise<AttemptListItem[]> {
  return answer(client.attempts.$get({ query: { userId, limit: String(limit), lang: pageLanguage() } }, auth(await idToken())));
}
