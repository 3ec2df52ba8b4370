// Logs no person at a keyboard, touch screen or gamepad plays: the event rate (inhuman.ts), reactions faster than
// sight allows (firing on an anastomosis as the aim reaches it, letting go as it blanches), a route known in advance
// (planned.ts: in navigation and, to the anastomoses, in the laser tasks), and a clock's regularity. The server replays the log through here; a flagged attempt is stored
// with its reasons and never counts for progress, certificates or benchmarks. Each rule asks for a pattern
// repeated across the attempt, so that one lucky or anticipated move by a person never flags it.
import { distance, type Vec2 } from './geometry.ts';
import { sealThreshold } from './laser.ts';
import { MAX_SESSION_MS } from './events.ts';
import { inhumanInput } from './inhuman.ts';
import { movesOf, navigationLegs, plannedRoute, type Leg, type Sample } from './planned.ts';
import type { Scenario } from './scenario.ts';
import { liveSimulation, MARK_TOLERANCE_MM } from './simulation.ts';
import type { SimState } from './state.ts';
import { cellAt } from './tissue.ts';

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
  release: {
    /**
     * Letting go of the pedal sooner than this after the anastomosis under the beam sealed. The view shows a vessel
     * fully pale exactly when the model seals it (blanching.ts), so a person who fires until it looks pale lets go
     * a reaction time later (150 ms at the very fastest; under 100 ms is a false start); a person who ends a burst
     * they had planned ends it at any moment, within 50 ms of the seal only by chance (a tenth of the time for a
     * half-second burst). A program that reads the model's state lets go on the frame it seals (17-50 ms).
     */
    underMs: 50,
    /**
     * Only fires that sealed an anastomosis from fresh count: it had taken less than this share of its seal
     * threshold when the pedal went down. A hesitant hand that fires in short bursts and looks in between ends its
     * last burst at any moment, now and then just after the vessel paled; one burst from fresh to sealed is what
     * a hand times by the blanching, or a program by the model.
     */
    freshShare: 0.5,
    /**
     * How often, and at least what share of such fires: a person's lucky release is not a pattern. Four: a hand
     * firing half-second bursts lets go by chance within 50 ms of the seal about one time in ten, and four times
     * of four or five about once in a thousand attempts.
     */
    repeats: 4,
    share: 0.75,
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
  const actions: Array<{ t: number; sample: number; since: number }> = [];
  // When each anastomosis sealed, and each fire that sealed one from fresh with the moment the last such one did.
  const sealedAt = new Map<string, number>();
  const noteSeals = () => {
    for (let k = sealedAt.size; k < s.sealed.length; k += 1) sealedAt.set(s.sealed[k]!, s.t);
  };
  const { anastomoses } = scenario.placenta;
  let fresh = new Set<string>();
  let firedAt = 0;
  const releases: Array<{ t: number; sealedAt: number }> = [];
  // The end of the last fire, mark or choice of kind: a move to the next anastomosis sets off from there.
  let settled = 0;
  for (const event of events) {
    const t = (event as { t?: unknown } | null)?.t;
    if (typeof t === 'number' && Number.isFinite(t) && s.openedAt !== null && s.finishedAt === null) {
      for (let next = s.t + PLAUSIBILITY.sampleMs; next < Math.min(t, MAX_SESSION_MS); next += PLAUSIBILITY.sampleMs) {
        sim.advance(next);
        record();
        noteSeals();
      }
    }
    const before = s.log.length;
    sim.apply(event as never);
    noteSeals();
    const applied = s.log.length > before ? s.log[s.log.length - 1]! : null;
    if (applied?.type === 'open') {
      record();
      settled = applied.t;
    }
    if (applied?.type === 'fireStart' || applied?.type === 'mark') {
      record();
      actions.push({ t: applied.t, sample: samples.length - 1, since: settled });
    }
    if (applied?.type === 'fireStart') {
      firedAt = applied.t;
      fresh = new Set(anastomoses.filter((a) => !sealedAt.has(a.id) && freshFor(scenario, s, a)).map((a) => a.id));
    }
    if (applied?.type === 'fireStop') {
      const last = Math.max(-Infinity, ...[...fresh].map((id) => sealedAt.get(id) ?? -Infinity).filter((at) => at >= firedAt));
      if (Number.isFinite(last)) releases.push({ t: applied.t, sealedAt: last });
    }
    if (applied && ['fireStop', 'mark', 'classify', 'cancelMark'].includes(applied.type)) settled = applied.t;
  }
  const flags: PlausibilityFlag[] = [];
  if (inhumanInput(s.log)) flags.push('rate');
  const onAnastomoses = firstOnAnastomoses(scenario, samples, actions);
  if (fastReactions(onAnastomoses) || fastReleases(releases)) flags.push('reaction');
  if (s.openedAt !== null) {
    const legs: Leg[] =
      scenario.params.task === 'navigation'
        ? navigationLegs(s.openedAt, scenario.targets, s.targetTimes)
        : onAnastomoses.map((a) => ({ from: a.since, until: a.t, target: a.position, shown: false }));
    if (plannedRoute(movesOf(samples, s.log, legs))) flags.push('planned');
  }
  if (regularTiming(s.log)) flags.push('regular');
  return { state: s, flags };
}

/** Whether an anastomosis has taken less than `release.freshShare` of its seal threshold: a fire on it now starts from fresh. */
function freshFor(scenario: Scenario, s: SimState, a: { position: Vec2; diameterMm: number }): boolean {
  const cell = cellAt(scenario.tissue, a.position);
  return cell >= 0 && s.fluence[cell]! < PLAUSIBILITY.release.freshShare * sealThreshold(a.diameterMm);
}

const reachOf = (a: { diameterMm: number }) => Math.max(MARK_TOLERANCE_MM, a.diameterMm);

/**
 * The fires and marks that were the first of a stay on an anastomosis: when, where the aim arrived on it, the
 * anastomosis's place, and when the previous fire, mark or choice ended (where a move to it set off).
 */
function firstOnAnastomoses(
  scenario: Scenario,
  samples: readonly Sample[],
  actions: ReadonlyArray<{ t: number; sample: number; since: number }>,
): Array<{ t: number; arrivedAt: number; position: Vec2; since: number }> {
  const firsts: Array<{ t: number; arrivedAt: number; position: Vec2; since: number }> = [];
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
    firsts.push({ t: action.t, arrivedAt: samples[arrived]!.t, position: on.position, since: action.since });
  }
  return firsts;
}

/** Fires and marks on an anastomosis sooner after the aim reached it than sight allows, again and again. */
function fastReactions(firsts: ReadonlyArray<{ t: number; arrivedAt: number }>): boolean {
  const fast = firsts.filter((f) => f.t - f.arrivedAt < PLAUSIBILITY.reaction.underMs).length;
  return fast >= PLAUSIBILITY.reaction.repeats && fast >= PLAUSIBILITY.reaction.share * firsts.length;
}

/** Fires from fresh let go sooner after their anastomosis sealed than sight allows, again and again. */
function fastReleases(releases: ReadonlyArray<{ t: number; sealedAt: number }>): boolean {
  const { underMs, repeats, share } = PLAUSIBILITY.release;
  const fast = releases.filter((r) => r.t - r.sealedAt < underMs).length;
  return fast >= repeats && fast >= share * releases.length;
}

/** The log's events come at a timer's beat: hardly any spread, or most of them one period apart. */
export function regularTiming(log: ReadonlyArray<{ t: number }>): boolean {
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
