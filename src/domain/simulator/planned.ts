// A route known in advance. Navigation: the drill shows one target at a time (the next appears only when the
// previous is held), so a person must see each one, turn towards it and correct on the way. Laser tasks: the
// anastomoses lie hidden among the vessels, so a person finds each by looking and steers onto it by eye. A program
// that knows the layout sets off the instant a target appears, or glides to each target or anastomosis in a
// straight line with nothing to correct, one after another. One such move is luck or skill; every move of an
// attempt is a plan.
import type { Vec2 } from './geometry.ts';
import type { SimEvent } from './events.ts';
import { TARGET } from './navigation.ts';

/** The aim's track as the replay reads it: where the aim was at `t`, or null while it looked off the plate. */
export interface Sample {
  t: number;
  at: Vec2 | null;
}

export const PLANNED = {
  /**
   * Setting off towards a target sooner than this after it appeared: seeing it, finding where it lies and pressing
   * the keys that way is a choice reaction (250-400 ms), never under ~100 ms, when a false start is declared.
   */
  underMs: 100,
  /** How often, and at least what share of the moves: one anticipated start is not a pattern. */
  repeats: 3,
  share: 0.5,
  /** Moves shorter than this are left out: a short hop is straight whoever makes it. */
  minChordMm: 5,
  /**
   * A move is scripted when it needed no correction (one press of the turns from rest, no turn pressed the other
   * way) and its aim's track is at least this straight (the distance covered over the track's length). A person
   * sees each target only when it appears, misjudges the first movement towards it (a primary submovement misses
   * by about a tenth of the way; Meyer et al. 1988) and corrects, nearly every time; keys give eight directions, so
   * a hand's moves also bend where one key is let go before the other.
   */
  straightness: 0.9,
  /**
   * At least this many moves, and every one of them scripted: a few lucky moves never flag an attempt, and one
   * move a person had to correct clears it. (Three quarters flagged 1-5 % of honest, slow players, who push a
   * stick or a touch slider towards each target and land on it; a flag must not accuse a person.)
   */
  minMoves: 3,
  scriptedShare: 1,
} as const;

/**
 * One move, along a leg: to a navigation target or onto an anastomosis. Its straightness is read on the approach,
 * until the aim first came onto the target's ring (5 mm): the settling on it after that is no route.
 */
export interface Move {
  /** From the target's appearance to the first turn pressed, ms (null when the aim was not turned, or nothing appeared). */
  startMs: number | null;
  /** Turns from rest, less one, plus every turn pressed the other way: the corrections on the way. */
  corrections: number;
  /** Straight-line distance of the aim over the approach and the length of its track, mm. */
  chordMm: number;
  trackMm: number;
}

type Input = Extract<SimEvent, { type: 'input' }>;
/** The controls that move the aim over the plate: advancing along the line of sight does not. */
const TURNS = ['turnX', 'turnY'] as const;

/**
 * The stretch of an attempt one move is read on: from `from` (a target's appearance; in a laser task, the end of the
 * previous fire or mark) to `until` (the target counted; the fire or mark on the anastomosis), towards `target`.
 * `shown`: the target appeared at `from`, so setting off is a reaction to it (navigation); in a laser task the
 * learner chooses when to move on, and only the route is read.
 */
export interface Leg {
  from: number;
  until: number;
  target: Vec2;
  shown: boolean;
}

/** The legs of a navigation attempt: one per target held, each from its appearance (the opening, for the first). */
export const navigationLegs = (openedAt: number, targets: readonly Vec2[], targetTimes: readonly number[]): Leg[] =>
  targetTimes.map((countedAt, i) => ({ from: i === 0 ? openedAt : targetTimes[i - 1]!, until: countedAt, target: targets[i]!, shown: true }));

/** The moves of an attempt, one per leg (the legs in time order, none overlapping). */
export function movesOf(samples: readonly Sample[], log: readonly SimEvent[], legs: readonly Leg[]): Move[] {
  const inputs = log.filter((e): e is Input => e.type === 'input');
  let held: Record<(typeof TURNS)[number], number> = { turnX: 0, turnY: 0 };
  let next = 0;
  return legs.map(({ from, until: countedAt, target, shown }) => {
    const onIt = (at: Vec2 | null) => at !== null && Math.hypot(at.x - target.x, at.y - target.y) <= TARGET.radiusMm;
    const end = samples.find((s) => s.t >= from && s.t <= countedAt && onIt(s.at))?.t ?? countedAt;
    let startMs: number | null = null;
    let presses = 0;
    let reversals = 0;
    const sign: Record<string, number> = {};
    for (; next < inputs.length && inputs[next]!.t < countedAt; next += 1) {
      const e = inputs[next]!;
      const resting = TURNS.every((a) => held[a] === 0);
      const pressing = TURNS.some((a) => e[a] !== 0);
      if (e.t >= from && pressing) {
        startMs ??= e.t - from;
        if (resting) presses += 1;
        for (const a of TURNS) {
          const s = Math.sign(e[a]);
          if (s !== 0 && sign[a] !== undefined && sign[a] !== s) reversals += 1;
          if (s !== 0) sign[a] = s;
        }
      }
      held = { turnX: e.turnX, turnY: e.turnY };
    }
    const track = samples.filter((s) => s.t >= from && s.t <= end && s.at !== null).map((s) => s.at!);
    let trackMm = 0;
    for (let k = 1; k < track.length; k += 1) trackMm += Math.hypot(track[k]!.x - track[k - 1]!.x, track[k]!.y - track[k - 1]!.y);
    const first = track[0];
    const last = track[track.length - 1];
    const chordMm = first && last ? Math.hypot(last.x - first.x, last.y - first.y) : 0;
    return { startMs: shown ? startMs : null, corrections: Math.max(0, presses - 1) + reversals, chordMm, trackMm };
  });
}

/** Whether the moves follow a plan: set off before sight allows, or straight with nothing corrected, again and again. */
export function plannedRoute(moves: readonly Move[]): boolean {
  const { underMs, repeats, share, minChordMm, straightness, minMoves, scriptedShare } = PLANNED;
  const started = moves.filter((m) => m.startMs !== null);
  const early = started.filter((m) => m.startMs! < underMs).length;
  if (early >= repeats && early >= share * started.length) return true;
  const long = moves.filter((m) => m.chordMm >= minChordMm && m.trackMm > 0);
  const scripted = long.filter((m) => m.corrections === 0 && m.chordMm / m.trackMm >= straightness).length;
  return long.length >= minMoves && scripted >= scriptedShare * long.length;
}
