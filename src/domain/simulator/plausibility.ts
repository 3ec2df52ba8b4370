// Logs no person at a keyboard, touch screen or gamepad plays: the event rate (inhuman.ts), reactions faster than
// sight allows, a route known in advance (planned.ts), and a clock's regularity. The server replays the log through here; a flagged attempt is stored
// with its reasons and never counts for progress, certificates or benchmarks. Each rule asks for a pattern
// repeated across the attempt, so that one lucky or anticipated move by a person never flags it.
import { distance } from './geometry.ts';
import { MAX_SESSION_MS } from './events.ts';
import { inhumanInput } from './inhuman.ts';
import { movesOf, plannedRoute, type Sample } from './planned.ts';
import type { Scenario } from './scenario.ts';
import { liveSimulation, MARK_TOLERANCE_MM } from './simulation.ts';
import type { SimState } from './state.ts';

/** Why an attempt was flagged, as stored with it. */
export const PLAUSIBILITY_FLAGS = ['rate', 'reaction', 'planned', 'regular'] as const;
export type PlausibilityFlag = (typeof PLAUSIBILITY_FLAGS)[number];

export const PLAUSIBILITY = {
  /** The aim's track is read this often between events: twice a tick, fine enough to time a reaction to ±8 ms. */
  sampleMs: 8,
  reaction: {
    /**
     * Firing or marking sooner than this after the aim reaches an anastomosis. A person's simplest visual reaction
     * (one light, one key, ready) takes 150-250 ms and is never reliably under ~120 ms (sprint starts call anything
     * under 100 ms a false start); seeing that the beam is on the spot and deciding to fire takes longer still.
     */
    underMs: 120,
    /** How often, and at least what share of the on-target fires and marks: one anticipated press is not a pattern. */
    repeats: 3,
    share: 0.5,
  },
  regular: {
    /**
     * Intervals shorter than this are left out: a gamepad or touch control crossing a step flickers from frame to
     * frame (16.7 ms apart), which is the device's rhythm, not the player's.
     */
    minIntervalMs: 50,
    /** Enough intervals to judge a rhythm: about a minute of play. */
    minIntervals: 30,
    /**
     * Coefficient of variation under this (the spread of the intervals over their mean). People steering by eye
     * change their controls at irregular moments (CV well above 0.5); even musicians tapping to a metronome keep
     * 3-5 %, and nobody plays the simulator to a metronome.
     */
    maxCv: 0.1,
    /** Or this share of the intervals within ±2 ms of one length: a timer's period, where a hand's intervals spread over hundreds of milliseconds. */
    modeShare: 0.6,
    modeToleranceMs: 2,
  },
} as const;

/** Replays the log as `replay` does, reading the aim's track on the way, and answers the state and its flags. */
export function replayChecked(scenario: Scenario, events: readonly unknown[]): { state: SimState; flags: PlausibilityFlag[] } {
  const sim = liveSimulation(scenario);
  const s = sim.state;
  const samples: Sample[] = [];
  // A sample where the aim has not moved adds nothing (a stay is timed from its first sample), so idle minutes cost no memory.
  const record = () => {
    const last = samples[samples.length - 1];
    const at = s.aim ? { x: s.aim.point.x, y: s.aim.point.y } : null;
    if (last && (last.t === s.t || (last.at && at && last.at.x === at.x && last.at.y === at.y) || (!last.at && !at))) return;
    samples.push({ t: s.t, at });
  };
  const actions: Array<{ t: number; sample: number }> = [];
  for (const event of events) {
    const t = (event as { t?: unknown } | null)?.t;
    if (typeof t === 'number' && Number.isFinite(t) && s.openedAt !== null && s.finishedAt === null) {
      for (let next = s.t + PLAUSIBILITY.sampleMs; next < Math.min(t, MAX_SESSION_MS); next += PLAUSIBILITY.sampleMs) {
        sim.advance(next);
        record();
      }
    }
    const before = s.log.length;
    sim.apply(event as never);
    const applied = s.log.length > before ? s.log[s.log.length - 1]! : null;
    if (applied?.type === 'open') record();
    if (applied?.type === 'fireStart' || applied?.type === 'mark') {
      record();
      actions.push({ t: applied.t, sample: samples.length - 1 });
    }
  }
  const flags: PlausibilityFlag[] = [];
  if (inhumanInput(s.log)) flags.push('rate');
  if (fastReactions(scenario, samples, actions)) flags.push('reaction');
  if (scenario.params.task === 'navigation' && s.openedAt !== null && plannedRoute(movesOf(samples, s.log, s.openedAt, scenario.targets, s.targetTimes)))
    flags.push('planned');
  if (regularTiming(s.log)) flags.push('regular');
  return { state: s, flags };
}

const reachOf = (a: { diameterMm: number }) => Math.max(MARK_TOLERANCE_MM, a.diameterMm);

/** Fires and marks on an anastomosis sooner after the aim reached it than sight allows, again and again. */
function fastReactions(scenario: Scenario, samples: readonly Sample[], actions: ReadonlyArray<{ t: number; sample: number }>): boolean {
  let onTarget = 0;
  let fast = 0;
  const stays = new Set<number>();
  for (const action of actions) {
    const here = samples[action.sample]?.at;
    if (!here) continue;
    const on = scenario.placenta.anastomoses.find((a) => distance(a.position, here) <= reachOf(a));
    if (!on) continue;
    // Back along the track to where this stay on the anastomosis began.
    let arrived = action.sample;
    while (arrived > 0) {
      const prev = samples[arrived - 1]!.at;
      if (!prev || distance(on.position, prev) > reachOf(on)) break;
      arrived -= 1;
    }
    // Only the first fire or mark of each stay: the bursts that follow are not reactions to arriving.
    if (stays.has(arrived)) continue;
    stays.add(arrived);
    onTarget += 1;
    if (action.t - samples[arrived]!.t < PLAUSIBILITY.reaction.underMs) fast += 1;
  }
  return fast >= PLAUSIBILITY.reaction.repeats && fast >= PLAUSIBILITY.reaction.share * onTarget;
}

/** The log's events come at a timer's beat: hardly any spread, or most of them one period apart. */
function regularTiming(log: ReadonlyArray<{ t: number }>): boolean {
  const { minIntervalMs, minIntervals, maxCv, modeShare, modeToleranceMs } = PLAUSIBILITY.regular;
  const intervals: number[] = [];
  for (let i = 1; i < log.length; i += 1) {
    const dt = log[i]!.t - log[i - 1]!.t;
    if (dt >= minIntervalMs) intervals.push(dt);
  }
  if (intervals.length < minIntervals) return false;
  const mean = intervals.reduce((a, b) => a + b, 0) / intervals.length;
  const sd = Math.sqrt(intervals.reduce((a, b) => a + (b - mean) ** 2, 0) / intervals.length);
  if (sd / mean < maxCv) return true;
  const counts = new Map<number, number>();
  for (const dt of intervals) counts.set(dt, (counts.get(dt) ?? 0) + 1);
  let best = 0;
  for (const dt of counts.keys()) {
    let near = 0;
    for (let d = dt - modeToleranceMs; d <= dt + modeToleranceMs; d += 1) near += counts.get(d) ?? 0;
    best = Math.max(best, near);
  }
  return best >= modeShare * intervals.length;
}
