// Sending a finished simulator attempt: the server replays the log and answers the score it stored.
import { atom } from 'nanostores';
import { api } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { AttemptResult } from '../api/schemas.ts';
import type { SimEvent } from '../domain/simulator/index.ts';

/** Where the result stands: practice (no launch token), saving, saved with the server's figures, or failed. */
export type Submission =
  | { status: 'idle' }
  | { status: 'practice' }
  | { status: 'saving' }
  | { status: 'saved'; result: AttemptResult }
  | { status: 'error'; reason: 'expired' | 'failed' };

export const $submission = atom<Submission>({ status: 'idle' });

let pending: { token: string; events: SimEvent[] } | null = null;

/** Sends the log with the launch token; without a token the run was practice and nothing is sent. */
export async function submitAttempt(token: string | null, events: SimEvent[]): Promise<void> {
  if (!token) {
    $submission.set({ status: 'practice' });
    return;
  }
  pending = { token, events };
  await retrySubmission();
}

/** Sends the last attempt again after a failure (a network error, a server restart). */
export async function retrySubmission(): Promise<void> {
  if (!pending || $submission.get().status === 'saving') return;
  $submission.set({ status: 'saving' });
  try {
    const result = await api.submitAttempt({ token: pending.token, events: pending.events });
    $submission.set({ status: 'saved', result });
  } catch (err) {
    const expired = err instanceof ApiError && err.status === 401;
    $submission.set({ status: 'error', reason: expired ? 'expired' : 'failed' });
  }
}
