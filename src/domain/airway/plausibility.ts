// FETO logs no person plays, by the laser cases' own rules (src/domain/simulator/plausibility.ts): input faster than
// a hand makes ('rate', inhuman.ts) and events at a timer's beat ('regular'). A flagged attempt is stored with its
// reasons and never counts for progress, certificates or benchmarks, as a laser one.
//
// The laser's 'planned' rule reads whether each move went straight to a target the learner could not yet see (a
// navigation target before it appears, an anastomosis hidden among the vessels). The airway has no hidden layout: one
// lumen, straight down the midline, the carina's distance on the instruments from the start, so a route known in
// advance is what every learner has, and the rule does not apply.
import type { PlausibilityFlag } from '../simulator/plausibility.ts';
import { regularTiming } from '../simulator/plausibility.ts';
import { inhumanInput } from '../simulator/inhuman.ts';
import type { FetoEvent } from './attempt.ts';

/** Why no person played this FETO log (empty for a plausible one); the log in time order, as the server takes it. */
export function fetoFlags(events: readonly FetoEvent[]): PlausibilityFlag[] {
  const flags: PlausibilityFlag[] = [];
  if (inhumanInput(events)) flags.push('rate');
  if (regularTiming(events)) flags.push('regular');
  return flags;
}
