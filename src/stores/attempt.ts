// Sending a finished simulator attempt: the server replays the log and answers the score, components, debrief
// and benchmark it stored.
import { atom } from 'nanostores';
import type { AttemptResult } from '../api/attempts.ts';
import { answer, auth, client } from '../api/client.ts';
import type { SimEvent } from '../domain/simulator/index.ts';
import { errorKey, type ErrorKey } from './error-messages.ts';
import { signedInCaller } from './session.ts';

/**
 * Why a result was not saved: the launch link expired, the learner's plan no longer covers the course, this
 * launch already saved a different attempt, too many launches and attempts in a minute, nobody signed in or
 * someone else than the learner the case was launched for (both fixed by signing in and sending again), or
 * anything else (the network, a server restart, a replay the server gave up on), which a retry may fix.
 */
export type SubmissionFailure = ErrorKey<'attempt'> | 'otherUser';

/** Where the result stands: practice (no launch token), the demo, saving, saved with the server's figures, or failed. */
export type Submission =
  | { status: 'idle' }
  | { status: 'practice' }
  | { status: 'demo' }
  | { status: 'saving' }
  | { status: 'saved'; result: AttemptResult }
  | { status: 'error'; reason: SubmissionFailure };

export const $submission = atom<Submission>({ status: 'idle' });

let pending: { token: string; learner: string | null; events: SimEvent[] } | null = null;

/**
 * Sends the log with the launch token, as the learner it was launched for (`learner`, the token's subject), signed
 * in; without a token the run was practice and nothing is sent.
 */
export async function submitAttempt(token: string | null, learner: string | null, events: SimEvent[]): Promise<void> {
  if (!token) {
    $submission.set({ status: 'practice' });
    return;
  }
  pending = { token, learner, events };
  await retrySubmission();
}

/** The demo's result: shown on the page and never sent, since a visitor has no record to keep it in. */
export function keepDemoResult(): void {
  $submission.set({ status: 'demo' });
}

/**
 * Sends the last attempt again after a failure: the same token and log make one attempt, however often sent. The
 * log stays here while the learner signs in (in another tab), so nothing played is lost.
 */
export async function retrySubmission(): Promise<void> {
  if (!pending || $submission.get().status === 'saving') return;
  $submission.set({ status: 'saving' });
  try {
    // The launch token says which case; the learner's own sign-in says it is them (the token sits in the address).
    const caller = await signedInCaller();
    if (!caller) return $submission.set({ status: 'error', reason: 'signedOut' });
    if (pending.learner && caller.uid !== pending.learner) return $submission.set({ status: 'error', reason: 'otherUser' });
    const result = await answer(client.attempts.$post({ json: { token: pending.token, events: pending.events } }, auth(caller.token)));
    $submission.set({ status: 'saved', result });
  } catch (err) {
    $submission.set({ status: 'error', reason: errorKey('attempt', err) });
  }
}
