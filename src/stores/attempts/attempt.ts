// Sending a finished simulator attempt: kept on this device first (kept-attempts.ts), then sent; the server replays
// the log and answers the score, components, debrief and benchmark it stored. Until then the page says where it stands.
import { atom } from 'nanostores';
import type { AttemptResult } from '../../api/attempts.ts';
import type { FetoEvent } from '../../domain/airway/attempt.ts';
import type { SimEvent } from '../../domain/simulator/index.ts';
import type { ErrorKey } from '../error-messages.ts';
import { keepAttempt, sendingHere, sendKept, type KeptAttempt } from './kept-attempts.ts';

/**
 * Why a result is not in the record: nobody signed in, or someone else than the learner the case was launched for
 * (both fixed by signing in and sending again), or a refusal for good: the launch expired before the attempt started
 * (or it was sent over a week late), the plan no longer covers the course, this launch already saved a different
 * attempt, or a log the server will not take (`failed`).
 */
export type SubmissionFailure = ErrorKey<'attempt'> | 'otherUser';

/**
 * Where the result stands: practice (no launch token), the demo, saving, saved with the server's figures, kept on
 * this device to be sent later (`onDevice` false where the browser would not keep it: the page holds it), or failed.
 */
export type Submission =
  | { status: 'idle' }
  | { status: 'practice' }
  | { status: 'demo' }
  | { status: 'saving' }
  | { status: 'saved'; result: AttemptResult }
  | { status: 'kept'; onDevice: boolean; capped: boolean }
  | { status: 'error'; reason: SubmissionFailure };

export const $submission = atom<Submission>({ status: 'idle' });

/** The launch an attempt was played on, as the page read it from its link. */
export interface Played {
  token: string;
  /** The token's subject: the learner whose sign-in sends it. */
  learner: string;
  course: string;
  level: number;
  caseIndex: number;
}

let pending: KeptAttempt | null = null;
let onDevice = false;
let retry: ReturnType<typeof setTimeout> | undefined;

/** Keeps the attempt on this device, then sends it; without a launch (practice) nothing is kept or sent. */
export async function submitAttempt(played: Played | null, events: SimEvent[] | FetoEvent[], startedAt: number): Promise<void> {
  if (!played) {
    $submission.set({ status: 'practice' });
    return;
  }
  pending = { ...played, events, startedAt, finishedAt: Date.now(), tries: 0, nextTryAt: 0, refused: false, reason: null };
  sendingHere(played.token);
  onDevice = await keepAttempt(pending).then(
    () => true,
    () => false,
  );
  window.addEventListener('online', () => void retrySubmission());
  await retrySubmission();
}

/** The demo's result: shown on the page and never sent, since a visitor has no record to keep it in. */
export function keepDemoResult(): void {
  $submission.set({ status: 'demo' });
}

/**
 * Sends the attempt again (a press on "Try saving again", the connection back, or its wait over): the same token and
 * log make one attempt, however often sent. The attempt stays on this device and this page while the learner signs in
 * (in another tab), so nothing played is lost.
 */
export async function retrySubmission(): Promise<void> {
  const status = $submission.get().status;
  if (!pending || status === 'saving' || status === 'saved') return;
  clearTimeout(retry);
  $submission.set({ status: 'saving' });
  const outcome = await sendKept(pending);
  if (outcome.status === 'sent') return $submission.set({ status: 'saved', result: outcome.result });
  if (outcome.status === 'signIn') return $submission.set({ status: 'error', reason: outcome.reason });
  if (outcome.status === 'refused') return $submission.set({ status: 'error', reason: outcome.reason });
  pending = { ...pending, tries: pending.tries + 1 };
  $submission.set({ status: 'kept', onDevice, capped: outcome.capped });
  retry = setTimeout(() => void retrySubmission(), outcome.inMs);
}
