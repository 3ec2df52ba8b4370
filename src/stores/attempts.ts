import type { AttemptSummary } from '../api/attempts.ts';
import { answer, auth, client } from '../api/client.ts';
import { idToken } from './session.ts';

/** Recent attempts: the signed-in user's own, or (for an admin or the user's group director) another user's. */
export async function loadAttempts(userId?: string, limit = 20): Promise<AttemptSummary[]> {
  return answer(client.attempts.$get({ query: { userId, limit: String(limit) } }, auth(await idToken())));
}
