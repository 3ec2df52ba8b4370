// Logs no hand could have played: a bot can replay a perfect log at human speed only so fast. Such attempts are
// stored, flagged, and left out of best scores and benchmarks.

/** Sustained input faster than this many events in WINDOW_MS is beyond what a person at a keyboard makes. */
export const INHUMAN = {
  windowMs: 10_000,
  /**
   * 25 events a second for ten seconds. Each key press is two events (down, up; auto-repeat is not sent), and a
   * person tapping keys to fine-steer manages about ten presses a second in bursts, not for ten seconds on end.
   */
  maxEvents: 250,
} as const;

/** Whether any window of the log holds more events than a hand makes; the times must be sorted, as logs are. */
export function inhumanInput(events: readonly { t: number }[]): boolean {
  let start = 0;
  for (let end = 0; end < events.length; end += 1) {
    while (events[end]!.t - events[start]!.t > INHUMAN.windowMs) start += 1;
    if (end - start + 1 > INHUMAN.maxEvents) return true;
  }
  return false;
}
