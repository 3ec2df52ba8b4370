// The FETO score: gates any of which fails the attempt, as in the laser cases, and a 0–100 score from time and path.
import type { FetoOutcome } from './attempt.ts';
import type { Airway } from './model.ts';
import { DEFAULT_PASS_MARK } from '../progress.ts';

/**
 * The rules' numbers (provisional: to be set with the course's faculty). No pass mark: a FETO case passes at its
 * course's pass mark, as every case does (`passMarkOf` in progress.ts).
 */
export const FETO_SCORING = {
  /** Deepest tolerated press of the sheath into the mucosa, millimetres. */
  maxPressMm: 0.5,
  /** The balloon must sit at least this far below the cords (above: it leaks) and above the carina. */
  belowCordsMm: 3,
  volumeMl: { min: 0.5, max: 0.8 },
  timeMs: { full: 120_000, zero: 600_000 },
  pathMm: { fullFactor: 3, zeroFactor: 12 },
} as const;

/** Every gate, in the order `fetoGates` reports them. */
export const FETO_GATES = [
  'trauma',
  'forcedCords',
  'carinaNotSeen',
  'balloonLeaks',
  'balloonInBronchus',
  'volume',
  'notDetached',
  'blindPuncture',
  'balloonNotRemoved',
  'notWithdrawn',
] as const;

export type FetoGateId = (typeof FETO_GATES)[number];

export interface FetoScore {
  failed: FetoGateId[];
  score: number;
  /** No gate failed and the score reached the pass mark it was judged against. */
  passed: boolean;
}

const falloff = (value: number, full: number, zero: number) => Math.max(0, Math.min(1, (zero - value) / (zero - full)));

/** The gates that fail an outcome, in a fixed order. */
export function fetoGates(airway: Airway, o: FetoOutcome): FetoGateId[] {
  const failed: FetoGateId[] = [];
  if (o.maxPressMm > FETO_SCORING.maxPressMm) failed.push('trauma');
  if (o.forcedCords > 0) failed.push('forcedCords');
  if (o.task === 'insertion') {
    const b = o.balloon;
    if (!o.carinaReached) failed.push('carinaNotSeen');
    if (!b || b.depth < airway.landmarks.cords + FETO_SCORING.belowCordsMm) failed.push('balloonLeaks');
    else if (b.depth >= airway.landmarks.carina) failed.push('balloonInBronchus');
    if (!b || b.volumeMl < FETO_SCORING.volumeMl.min || b.volumeMl > FETO_SCORING.volumeMl.max) failed.push('volume');
    if (!b?.detached) failed.push('notDetached');
  } else {
    if (o.blindPunctures > 0) failed.push('blindPuncture');
    if (!o.balloon?.punctured) failed.push('balloonNotRemoved');
  }
  if (!o.withdrawn) failed.push('notWithdrawn');
  return failed;
}

/**
 * Scores an outcome: passed when no gate fails and the time-and-path score reaches `passMark`, the case's pass mark
 * as its course answers it (set by an administrator, else the experts' median); without one, the course's default.
 */
export function scoreFeto(airway: Airway, o: FetoOutcome, passMark: number = DEFAULT_PASS_MARK): FetoScore {
  const failed = fetoGates(airway, o);
  const target = o.task === 'insertion' ? airway.landmarks.carina : airway.landmarks.cords;
  const { pathMm, timeMs } = FETO_SCORING;
  const time = falloff(o.endMs, timeMs.full, timeMs.zero);
  const path = falloff(o.pathMm, target * pathMm.fullFactor, target * pathMm.zeroFactor);
  const contacts = falloff(o.contactSteps, 0, 50);
  const score = Math.round(100 * (0.4 * time + 0.4 * path + 0.2 * contacts));
  return { failed, score, passed: failed.length === 0 && score >= passMark };
}
