// Why an attempt was flagged, in words: the simulator's result screen, the learner's history and their director's
// view of it all read these, so a flag is explained the same way wherever it is seen.
import type { PlausibilityFlag } from '../domain/simulator/index.ts';
import type { Key } from '../i18n/en.ts';

/** Each plausibility check's reason (plausibility.ts); attempts flagged before reasons were kept show none. */
export const FLAG_KEYS = {
  rate: 'sim.flag.rate',
  reaction: 'sim.flag.reaction',
  planned: 'sim.flag.planned',
  regular: 'sim.flag.regular',
} as const satisfies Record<PlausibilityFlag, Key>;

export type FlagKey = (typeof FLAG_KEYS)[PlausibilityFlag];

/** The reasons of a flagged attempt, in the reader's words (`say` reads a key from the page's strings). */
export const flagReasons = (flags: readonly PlausibilityFlag[], say: (key: FlagKey) => string): string[] => flags.map((flag) => say(FLAG_KEYS[flag]));
