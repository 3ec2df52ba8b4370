import { api } from '../api/client.ts';
import type { AttemptSummary } from '../api/schemas.ts';
import { idToken } from './session.ts';

/** Recent attempts: the signed-in user's own, or (for an admin or the user's group director) another user's. */
export async function loadAttempts(userId?: string, limit = 20): Promise<AttemptSummary[]> {
  return api.listAttempts(userId ? { userId, limit } : { limit }, await idToken());
}
