// The result screen's lines about saving an attempt, shared by every simulator page (the laser cases' and FETO's).
import type { Submission, SubmissionFailure } from '../stores/attempts/attempt.ts';
import type { SimKey, Translate } from './strings.ts';

/**
 * Why the result is not in the record: the learner signs in and sends it again, or the server refused it for good (it
 * stays on this device, listed in My learning). A rate limit or the day's cap is never shown as one: the attempt is kept and sent later.
 */
const SAVE_ERRORS: Record<SubmissionFailure, SimKey> = {
  signedOut: 'sim.error.signedOut',
  otherUser: 'sim.error.otherUser',
  expired: 'sim.error.expired',
  refused: 'sim.error.refused',
  used: 'sim.error.used',
  failed: 'sim.error.rejected',
  capped: 'sim.result.keptCapped',
  limited: 'sim.result.kept',
};

/**
 * The result's save line, its Retry and Sign in buttons and the debrief's source line as an attempt's submission
 * stands: the same for every simulator's result screen (the laser cases' and FETO's).
 */
export function showSubmission(sub: Submission, t: Translate): void {
  const line = $('sim-save');
  line.dataset.state = sub.status;
  const signIn = sub.status === 'error' && (sub.reason === 'signedOut' || sub.reason === 'otherUser');
  ($('sim-retry') as HTMLButtonElement).hidden = !(sub.status === 'kept' || signIn);
  $('sim-signin').hidden = !signIn;
  $('sim-debrief-source').textContent =
    sub.status === 'saved'
      ? t('sim.debrief.confirmed')
      : sub.status === 'saving' || sub.status === 'kept' || sub.status === 'error'
        ? t('sim.debrief.local')
        : '';
  if (sub.status === 'saving') line.textContent = t('sim.result.saving');
  else if (sub.status === 'practice') line.textContent = t('sim.result.practice');
  else if (sub.status === 'demo') line.textContent = t('sim.result.demo');
  else if (sub.status === 'kept') line.textContent = t(!sub.onDevice ? 'sim.result.unkept' : sub.capped ? 'sim.result.keptCapped' : 'sim.result.kept');
  else if (sub.status === 'error') line.textContent = t(SAVE_ERRORS[sub.reason]);
  else if (sub.status === 'saved') line.textContent = t('sim.result.saved');
  else line.textContent = '';
}

const $ = (id: string) => document.getElementById(id)!;
