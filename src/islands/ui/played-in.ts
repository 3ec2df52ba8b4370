import type { PlayedIn } from '../../domain/simulators.ts';

/** The words for where a course is played, on its page and on the plans that include it. */
export const PLAYED_IN_KEY = {
  browser: 'common.playedIn.browser',
  desktop: 'common.playedIn.desktop',
  mixed: 'common.playedIn.mixed',
} as const satisfies Record<PlayedIn, string>;
