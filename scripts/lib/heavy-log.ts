import { MAX_ATTEMPT_EVENTS } from '../../src/api/attempts.ts';
import { MAX_SESSION_MS, type SimEvent } from '../../src/domain/simulator/index.ts';

/** How long the heaviest log lasts: 60 minutes, as long as the surgery clock runs (a launch lasts two hours). */
export const LOG_MS = MAX_SESSION_MS;

/**
 * Held keys changed about 12 times a second (a fast, human pace), the scope always turning, the laser armed and
 * fired one second in ten: 84 s of firing, more than a whole operation needs.
 */
export function heavyLog(): SimEvent[] {
  const events: SimEvent[] = [
    { t: 0, type: 'open', scope: 'angled' },
    { t: 0, type: 'laserOn' },
  ];
  const keys = [-1, 0, 1];
  const count = MAX_ATTEMPT_EVENTS - events.length - 1;
  const every = LOG_MS / (count + 1);
  let firing = false;
  for (let i = 0; i < count; i += 1) {
    const t = Math.round((i + 1) * every);
    const fire = t % 10_000 < 1_000;
    if (fire !== firing) {
      firing = fire;
      events.push({ t, type: fire ? 'fireStart' : 'fireStop' });
    } else events.push({ t, type: 'input', turnX: i % 2 ? 1 : -1, turnY: keys[i % 3]!, insert: keys[(i >> 2) % 3]!, roll: keys[(i >> 4) % 3]! });
  }
  events.push({ t: LOG_MS, type: 'finish' });
  return events;
}
