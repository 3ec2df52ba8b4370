import { api } from '../api/client.ts';
import type { AttemptSummary, CaseProgress } from '../api/schemas.ts';
import { idToken } from './session.ts';

/** The signed-in learner's best score and attempt count per case of one course. */
export async function loadCaseProgress(courseId: string): Promise<CaseProgress[]> {
  return api.attemptSummary({ courseId }, await idToken());
}

/** Recent attempts: the signed-in user's own, or (for an admin) another user's. */
export async function loadAttempts(userId?: string, limit = 20): Promise<AttemptSummary[]> {
  return api.listAttempts(userId ? { userId, limit } : { limit }, await idToken());
}
