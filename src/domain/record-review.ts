// A person's record reviewed as a whole: across one learner's attempts, what a person rarely does. Each flag goes to
// the director with its reason, for review; none fails or passes anyone, since a rare thing is not proof of anything.

/** What the review reads of one attempt. */
export interface ReviewAttempt {
  at: Date;
  score: number;
  /** Which layout (placenta) of its case was played. */
  variant: number;
  caseId: string;
  /** How long the operation lasted; null where the attempt kept no time. */
  surgeryTimeMs: number | null;
}

export type ReviewFlag =
  /** A novice's scores, then a near-perfect one: `from` the mean of the attempts before, `to` the score. */
  | { kind: 'jump'; from: number; to: number }
  /** `count` attempts on different layouts lasting the same time, to `REVIEW.sameTiming.toleranceMs`. */
  | { kind: 'sameTiming'; count: number; seconds: number }
  /** `count` attempts sent at intervals that hardly differ, about every `seconds`. */
  | { kind: 'regular'; count: number; seconds: number };

/**
 * The thresholds, chosen to be rare for people rather than to catch every script. A learner's scores climb over
 * tens of attempts (novices score about half of an expert's checklist, SIMULATOR-NOTES); the same operation on two
 * placentas never lasts the same to a tenth of a second; and the gaps between a person's attempts (playing, reading
 * the debrief, a pause) vary by far more than 2 %.
 */
export const REVIEW = {
  jump: { before: 3, novice: 40, nearPerfect: 95 },
  sameTiming: { toleranceMs: 100, count: 3 },
  regular: { count: 5, spread: 0.02, maxGapMs: 60 * 60_000 },
} as const;

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const tenths = (ms: number) => Math.round(ms / 100) / 10;

/** The first near-perfect score that follows `before` attempts whose mean is a novice's. */
function jumpOf(sorted: readonly ReviewAttempt[]): ReviewFlag | null {
  const { before, novice, nearPerfect } = REVIEW.jump;
  for (let i = before; i < sorted.length; i += 1) {
    const from = mean(sorted.slice(i - before, i).map((a) => a.score));
    const to = sorted[i]!.score;
    if (from <= novice && to >= nearPerfect) return { kind: 'jump', from: Math.round(from), to };
  }
  return null;
}

/** The largest set of attempts on distinct layouts whose times lie within the tolerance of each other. */
function sameTimingOf(attempts: readonly ReviewAttempt[]): ReviewFlag | null {
  const timed = attempts.filter((a) => a.surgeryTimeMs !== null).sort((a, b) => a.surgeryTimeMs! - b.surgeryTimeMs!);
  let best: ReviewAttempt[] = [];
  for (let i = 0; i < timed.length; i += 1) {
    const group = timed.filter((a, j) => j >= i && a.surgeryTimeMs! - timed[i]!.surgeryTimeMs! <= REVIEW.sameTiming.toleranceMs);
    const layouts = new Map(group.map((a) => [`${a.caseId} ${a.variant}`, a]));
    if (layouts.size > best.length) best = [...layouts.values()];
  }
  if (best.length < REVIEW.sameTiming.count) return null;
  return { kind: 'sameTiming', count: best.length, seconds: tenths(mean(best.map((a) => a.surgeryTimeMs!))) };
}

/** The longest run of attempts whose gaps (each under an hour) differ from their mean by less than the spread. */
function regularOf(sorted: readonly ReviewAttempt[]): ReviewFlag | null {
  const gaps = sorted.slice(1).map((a, i) => a.at.getTime() - sorted[i]!.at.getTime());
  let found: { count: number; gap: number } | null = null;
  for (let i = 0; i < gaps.length; i += 1) {
    for (let j = i + REVIEW.regular.count - 1; j <= gaps.length; j += 1) {
      const run = gaps.slice(i, j);
      const m = mean(run);
      const steady = m > 0 && run.every((g) => g <= REVIEW.regular.maxGapMs) && (Math.max(...run) - Math.min(...run)) / m < REVIEW.regular.spread;
      if (!steady) break;
      if (!found || run.length + 1 > found.count) found = { count: run.length + 1, gap: m };
    }
  }
  return found ? { kind: 'regular', count: found.count, seconds: Math.round(found.gap / 1000) } : null;
}

/** What to review in one learner's record (their attempts in one course, in any order); empty when nothing stands out. */
export function reviewRecord(attempts: readonly ReviewAttempt[]): ReviewFlag[] {
  const sorted = [...attempts].sort((a, b) => a.at.getTime() - b.at.getTime());
  return [jumpOf(sorted), sameTimingOf(attempts), regularOf(sorted)].filter((f): f is ReviewFlag => f !== null);
}
