// After an assessed attempt, Retry and Next case say what they start: typed with the window's code they launch a
// new assessed attempt (the code is checked again, as in the open-case dialog); without it, a practice attempt
// that does not count as assessed. An assessed attempt that arrived after its window closed is said to be practice.
import { errorKey, type ErrorKey } from '../stores/error-messages.ts';
import type { SimKey, Translate } from './strings.ts';

/** Why a code typed here opened nothing, in the simulator's words. */
const REFUSED = {
  unknown: 'sim.outcome.code.unknown',
  expired: 'sim.outcome.code.expired',
  notStarted: 'sim.outcome.code.notStarted',
  used: 'sim.outcome.code.used',
  limited: 'sim.outcome.code.limited',
  error: 'sim.outcome.launchError',
} as const satisfies Record<ErrorKey<'assessmentCode'>, SimKey>;

export interface AssessedRetry {
  /** The code typed for the next launch, or undefined for a practice launch. */
  code(): string | undefined;
  /** The message for a launch that failed: a refused code in its own words, anything else the usual one. */
  failure(err: unknown): string;
}

const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Sets up the result screen of a launch made in an assessment window; `stored` is whether the server kept it as assessed. */
export function setUpAssessedRetry(t: Translate, stored: boolean): AssessedRetry {
  byId('sim-lapsed').hidden = stored;
  const input = byId<HTMLInputElement>('sim-reassess-code');
  const label = () => {
    const assessed = input.value.trim() !== '';
    byId('sim-replay').textContent = t(assessed ? 'sim.outcome.retryAssessed' : 'sim.outcome.retryPractice');
    byId('sim-next-case').textContent = t(assessed ? 'sim.outcome.nextAssessed' : 'sim.outcome.nextPractice');
  };
  input.addEventListener('input', () => {
    input.removeAttribute('aria-invalid');
    label();
  });
  label();
  byId('sim-reassess').hidden = false;
  return {
    code: () => input.value.trim() || undefined,
    failure: (err) => {
      if (input.value.trim() === '') return t('sim.outcome.launchError');
      const reason = errorKey('assessmentCode', err);
      if (reason !== 'error') input.setAttribute('aria-invalid', 'true');
      return t(REFUSED[reason]);
    },
  };
}
