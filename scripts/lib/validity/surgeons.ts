// Scripted surgeons for the selective and Solomon tasks: an expert, an intermediate and a novice, who differ as
// the fetoscopic laser literature says trainees do: in finding and typing the anastomoses, in the order and
// completeness of coagulation, in firing distance and angle, in contacts with the plate, and in speed.
import { LASER, REVIEW, sealThreshold, SEQUENCE_RANK, type AnastomosisKind, type Scenario, type ScopeKind } from '../../../src/domain/simulator/index.ts';
import { resample, type Vec2 } from '../../../src/domain/simulator/geometry.ts';
import { lineCoverage } from '../../../src/domain/simulator/line.ts';
import { entryPoints, reachShare } from '../../../src/domain/simulator/entry.ts';
import type { Anastomosis } from '../../../src/domain/simulator/placenta.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';
import { cellAt } from '../../../src/domain/simulator/tissue.ts';
import { gaussian, Hand, type Device, type Skill } from './hand.ts';
import type { Group, Player } from './types.ts';

/** What a surgeon of one group does, besides how their hand moves. */
export interface Habits {
  skill: Skill;
  /** Chance of overlooking an anastomosis: a base, more for faint ones (low visibility) and sub-millimetre ones. */
  missBase: number;
  missFaint: number;
  missSmall: number;
  /** Chance of naming the wrong kind. */
  mistype: number;
  /** Whether coagulation follows the sequence (AV, VA, then AA/VV, as the surgeon typed them) or goes along the equator. */
  sequential: boolean;
  /** Firing distance chosen: mean and spread, in mm. */
  fireDistanceMm: number;
  fireSpreadMm: number;
  /** Chance of stopping the burn when the spot looks pale rather than when the vessel is sealed. */
  stopEarly: number;
  /** Solomon line: step between burns along the equator (mm), share of each burn's fluence waited for, share of the line drawn. */
  lineStepMm: number;
  lineDwell: number;
  lineReach: number;
  /** Whether the surgeon looks for the gaps left in the line and closes them. */
  closesGaps: boolean;
  /** Whether the surgeon lifts the pedal while moving and looking between the line's stops (one who looks long does). */
  pedalUpToLook?: boolean;
  /** Whether the surgeon exchanges fluid too bloody to see through before firing (an entry bleed, complications.ts). */
  clearsFluid: boolean;
  /** Chance of choosing the entry site and scope for their reach rather than at random. */
  entryCare: number;
  /**
   * Whether the surgeon checks their own work as the Delphi consensus's steps ask (Peeters et al. 2015): reads each
   * anastomosis again before coagulating it (a second reading that disagrees with the mark sends them back along
   * its vessels to the cords, and they mark it again), before the line surveys the equator from end to end once
   * more for an anastomosis they overlooked (seen on that second look as on the first), and with the work done
   * makes the final review (review.ts): "Done: review the equator", then a look along it, before Finish.
   */
  reviews: boolean;
  /**
   * How many times the surgeon steers again and fires again at an anastomosis the hand did not get onto, or whose
   * spot paled beside the vessel (0: fires once wherever the aim ended, and burns until the vessel looks pale).
   */
  reaims: number;
  /**
   * A hesitant hand fires in bursts of this long (ms), looking at the spot for a reaction time or two in between,
   * until it looks pale; it lets go sooner where the spot paled during a burst. Absent: one burn until it looks pale.
   */
  burstMs?: readonly [number, number];
}

export const HABITS: Record<Group, Habits> = {
  expert: {
    skill: {
      reactionMs: [350, 600],
      motorNoise: 0.08,
      toleranceMm: 0.5,
      distanceToleranceMm: 1.5,
      safeHeightMm: 6,
      maxHoldMs: 900,
      patience: 14,
      beamWatchMs: 800,
    },
    missBase: 0,
    missFaint: 0.02,
    missSmall: 0,
    // An expert follows each vessel back to its cord before naming it: one anastomosis in a hundred typed wrong.
    mistype: 0.01,
    sequential: true,
    fireDistanceMm: 10,
    fireSpreadMm: 1,
    stopEarly: 0,
    lineStepMm: 2.5,
    lineDwell: 1.15,
    lineReach: 1,
    closesGaps: true,
    clearsFluid: true,
    entryCare: 1,
    reviews: true,
    reaims: 2,
  },
  intermediate: {
    skill: {
      reactionMs: [450, 800],
      motorNoise: 0.18,
      toleranceMm: 1,
      distanceToleranceMm: 3,
      safeHeightMm: 4.5,
      maxHoldMs: 1300,
      patience: 10,
      beamWatchMs: 400,
    },
    missBase: 0.05,
    missFaint: 0.2,
    missSmall: 0.15,
    mistype: 0.25,
    sequential: true,
    fireDistanceMm: 15,
    fireSpreadMm: 4,
    stopEarly: 0.25,
    lineStepMm: 3.5,
    lineDwell: 0.8,
    lineReach: 0.95,
    closesGaps: false,
    clearsFluid: true,
    entryCare: 0.7,
    reviews: false,
    reaims: 0,
  },
  novice: {
    skill: { reactionMs: [700, 1200], motorNoise: 0.35, toleranceMm: 2, distanceToleranceMm: 5, safeHeightMm: 3, maxHoldMs: 1800, patience: 7 },
    missBase: 0.2,
    missFaint: 0.35,
    missSmall: 0.3,
    mistype: 0.5,
    sequential: false,
    fireDistanceMm: 22,
    fireSpreadMm: 5,
    stopEarly: 0.5,
    lineStepMm: 4.5,
    lineDwell: 0.55,
    lineReach: 0.7,
    closesGaps: false,
    clearsFluid: false,
    entryCare: 0.3,
    reviews: false,
    reaims: 0,
  },
};

const KINDS: readonly AnastomosisKind[] = ['AV', 'VA', 'AA', 'VV'];
/** The kind taken for another: arterio-venous ones are confused with their reverse, direct ones with each other. */
const CONFUSED: Record<AnastomosisKind, AnastomosisKind> = { AV: 'VA', VA: 'AV', AA: 'VV', VV: 'AA' };

/**
 * The entry site and scope a surgeon picks on the intro's sketch: the one from which the laser meets most of the
 * equator squarely (the angled scope only where the case offers it); with `care` below 1, a surgeon looks that
 * far: a novice often takes a site at random.
 */
export function entryFor(scenario: Scenario, rng: Rng, care: number): { scope: ScopeKind; site: number } {
  const offer = scenario.params.scopes;
  const scopes: ScopeKind[] = offer === 'both' ? ['straight', 'angled'] : [offer];
  if (rng.next() >= care) return { scope: scopes[Math.floor(rng.next() * scopes.length)]!, site: Math.floor(rng.next() * scenario.sites.length) };
  const known = bestEntries.get(scenario);
  if (known) return known;
  const points = entryPoints(scenario.params.task, scenario.placenta, scenario.targets);
  let best = { scope: scopes[0]!, site: 0, reach: -1 };
  for (const scope of scopes) {
    scenario.sites.forEach((trocar, site) => {
      const reach = reachShare(trocar, scope, points);
      if (reach > best.reach) best = { scope, site, reach };
    });
  }
  const entry = { scope: best.scope, site: best.site };
  bestEntries.set(scenario, entry);
  return entry;
}

/** The best entry of each scenario, worked out once: every careful player of a variant would pick the same. */
const bestEntries = new WeakMap<Scenario, { scope: ScopeKind; site: number }>();

/** The expert's firing distance: the spot just covers the vessel with room for a hand's error, and stays in its zone. */
export const expertDistance = (a: Anastomosis) => Math.min(12, Math.max(7, (a.diameterMm / 2 + 0.5) / LASER.divergence));

/** Fires at the current aim until the anastomosis seals (or, stopping early, until the spot has the line's fluence). */
export function burn(hand: Hand, a: Anastomosis, habits: Habits): void {
  const early = hand.rng.next() < habits.stopEarly;
  const cell = cellAt(hand.state.scenario.tissue, a.position);
  const paleAt = early ? LASER.lineJPerMm2 : sealThreshold(a.diameterMm);
  if (!hand.state.laserOn) {
    hand.act('laserOn');
    hand.react(0.5);
  }
  const pale = () => hand.state.sealed.includes(a.id) || (cell >= 0 && hand.state.fluence[cell]! >= paleAt);
  if (habits.burstMs) {
    for (let bursts = 0; bursts < 20 && !pale(); bursts += 1) {
      hand.act('fireStart');
      const planned = hand.rng.range(...habits.burstMs);
      const reaction = hand.rng.range(...hand.skill.reactionMs) * 0.5;
      let paledAt: number | null = null;
      for (let fired = 0; fired < planned && (paledAt === null || fired - paledAt < reaction); fired += 10) {
        hand.wait(10);
        if (paledAt === null && pale()) paledAt = fired;
      }
      hand.act('fireStop');
      hand.react(0.8);
    }
    return;
  }
  hand.act('fireStart');
  // The burn is watched: the hand lets go a reaction time after it sees what it waits for, or after the spot went
  // pale where it aimed while the vessel did not (the aim was beside it), or gives up.
  for (let waited = 0; waited < 8000; waited += 50) {
    if (pale() || (habits.reaims > 0 && paleBeside(hand, a, paleAt))) break;
    hand.wait(50);
  }
  hand.wait(hand.rng.range(...hand.skill.reactionMs) * 0.5);
  hand.act('fireStop');
}

/** Whether the spot under the aim is pale and the anastomosis is not under it: what a hand aimed beside the vessel sees. */
function paleBeside(hand: Hand, a: Anastomosis, paleAt: number): boolean {
  const aim = hand.state.aim;
  if (!aim || aimOnVessel(hand, a)) return false;
  const at = cellAt(hand.state.scenario.tissue, aim.point);
  return at >= 0 && hand.state.fluence[at]! >= paleAt;
}

/**
 * Coagulates one anastomosis: steers onto it and burns until it looks pale; where the hand did not get onto it, or
 * the spot paled beside the vessel, a careful surgeon steers again and fires again, a few times at most.
 */
function coagulate(hand: Hand, a: Anastomosis, distanceMm: number, habits: Habits): void {
  // A surgeon who re-aims does not press the pedal while the aim they see is off the vessel: they steer on, a few
  // more times than they would fire again.
  let steers = 0;
  for (let fired = 0; fired <= habits.reaims && !hand.state.sealed.includes(a.id);) {
    const on = steerOnto(hand, a.position, distanceMm, habits) || aimOnVessel(hand, a);
    steers += 1;
    if (!on && habits.reaims > 0 && steers <= STEERS_PER_FIRE * (habits.reaims + 1)) {
      hand.react();
      continue;
    }
    burn(hand, a, habits);
    fired += 1;
    hand.react();
  }
}

/** How many times a careful surgeon steers onto an anastomosis, at most, for each time they fire at it. */
export const STEERS_PER_FIRE = 3;

/** Whether the aim the view shows lies on the anastomosis (within its calibre). */
function aimOnVessel(hand: Hand, a: Anastomosis): boolean {
  const aim = hand.state.aim;
  return aim !== null && aim !== undefined && Math.hypot(aim.point.x - a.position.x, aim.point.y - a.position.y) <= a.diameterMm / 2;
}

/** Steers onto a point; a surgeon who re-aims (`reaims`) looks and steers again while the hand is not on it. Returns whether it got there. */
export function steerOnto(hand: Hand, target: Vec2, distanceMm: number, habits: Habits): boolean {
  for (let again = 0; again <= habits.reaims; again += 1) {
    if (hand.aimAt(target, distanceMm)) return true;
    if (again < habits.reaims) hand.react();
  }
  return false;
}

/**
 * The final review (review.ts), once the work is done: "Done: review the equator", then a look at the middle of each
 * of the equator's sections from 20 mm, from one end to the other.
 */
export function surveyEquator(hand: Hand, habits: Habits): void {
  hand.act('review');
  const { equator, radiusMm } = hand.state.scenario.placenta;
  for (let k = 0; k < REVIEW.sections; k += 1) {
    const section = equator.slice(Math.ceil((k * equator.length) / REVIEW.sections), Math.ceil(((k + 1) * equator.length) / REVIEW.sections));
    const inside = section.filter((p) => Math.hypot(p.x, p.y) <= radiusMm - 3);
    const at = inside[Math.floor(inside.length / 2)];
    if (!at) continue;
    steerOnto(hand, at, 20, habits);
    hand.react();
  }
}

/** The order a surgeon coagulates in: the sequence as they typed the anastomoses, nearest first within a rank. */
function coagulationOrder(found: { a: Anastomosis; typed: AnastomosisKind }[], habits: Habits): { a: Anastomosis; typed: AnastomosisKind }[] {
  if (!habits.sequential) return found;
  return [...found].sort((p, q) => SEQUENCE_RANK[p.typed] - SEQUENCE_RANK[q.typed]);
}

/** Draws the Solomon line along the equator, burning step by step, and (an expert) goes back over its gaps. */
export function drawLine(hand: Hand, habits: Habits, distanceMm: number): void {
  const { placenta, tissue } = hand.state.scenario;
  const inside = placenta.radiusMm - 2;
  const points = resample(placenta.equator, habits.lineStepMm).filter((p) => Math.hypot(p.x, p.y) <= inside);
  const reach = Math.max(2, Math.round(points.length * habits.lineReach));
  const start = Math.floor(hand.rng.next() * (points.length - reach + 1));
  const line = points.slice(start, start + reach);
  // Fires while stepping from stop to stop, as a hand draws a line with the pedal down; a stop the scope cannot
  // reach squarely is left, the pedal up, and the line taken up again at the next one. A surgeon who looks long
  // before each move lifts the pedal while moving and looking, and fires only on the stop.
  const visit = (stops: Vec2[]) => {
    if (!hand.state.laserOn) hand.act('laserOn');
    for (const p of stops) {
      if (habits.pedalUpToLook && hand.pedal) hand.act('fireStop');
      const reached = hand.aimAt(p, distanceMm, Math.max(hand.device === 'keys' ? 0.8 : 1.5, hand.skill.toleranceMm));
      if (!reached) {
        if (hand.pedal) hand.act('fireStop');
        continue;
      }
      if (!hand.pedal) hand.act('fireStart');
      const cell = cellAt(tissue, p);
      for (let waited = 0; waited < 2000 && cell >= 0 && hand.state.fluence[cell]! < LASER.lineJPerMm2 * habits.lineDwell; waited += 50) hand.wait(50);
    }
    if (hand.pedal) hand.act('fireStop');
    hand.react();
  };
  visit(line);
  if (!habits.closesGaps) return;
  for (const gap of lineCoverage(placenta.equator, tissue, hand.state.fluence).gapLines) {
    const stops = resample(gap, habits.lineStepMm * 0.6).filter((p) => Math.hypot(p.x, p.y) <= placenta.radiusMm - 1);
    if (stops.length > 0) visit(stops);
  }
}

/** How a surgeon names what they marked: by default as the habits say (right, or confused with a like kind). */
type Typing = (a: Anastomosis, rng: Rng, habits: Habits) => AnastomosisKind;

const byHabit: Typing = (a, rng, habits) => {
  const wrong = rng.next() < habits.mistype;
  return wrong ? (rng.next() < 0.7 ? CONFUSED[a.kind] : KINDS[Math.floor(rng.next() * 4)]!) : a.kind;
};

/**
 * A surgeon of one group: survey and mark, coagulate, then (Solomon) the line. Degenerate players reuse the
 * expert's hands with another judgement: `typing` names what they mark, `lineFirst` draws the line before sealing.
 */
export function surgeon(
  group: Group,
  options: { name?: string; typing?: Typing; lineFirst?: boolean; tasks?: Player['tasks']; careful?: Partial<Habits>; device?: Device } = {},
): Player {
  const habits = { ...HABITS[group], ...options.careful };
  const typing = options.typing ?? byHabit;
  return {
    name: options.name ?? group,
    group: options.careful ? 'careful' : options.device ? group : options.name ? 'degenerate' : group,
    tasks: options.tasks ?? ['selective', 'solomon'],
    play(scenario: Scenario, rng: Rng) {
      const hand = new Hand(scenario, rng, habits.skill, options.device);
      hand.wait(rng.range(1500, 4000));
      const entry = entryFor(scenario, rng, habits.entryCare);
      hand.open(entry.scope, entry.site);
      hand.react(2);
      if (habits.clearsFluid) hand.clearFluid();
      // Survey: along the equator, marking each anastomosis seen with the kind taken for it.
      const { placenta } = scenario;
      const overlooked = (a: Anastomosis) =>
        rng.next() < habits.missBase + habits.missFaint * (1 - a.visibility) * 2 + (a.diameterMm < 1 ? habits.missSmall : 0);
      const markAs = (a: Anastomosis, kind: AnastomosisKind) => {
        steerOnto(hand, a.position, 18, habits);
        hand.react();
        hand.act('mark');
        hand.react(0.8);
        hand.classify(kind);
        hand.react();
      };
      const found: { a: Anastomosis; typed: AnastomosisKind }[] = [];
      for (const a of placenta.anastomoses) {
        if (overlooked(a)) continue;
        const typed = typing(a, rng, habits);
        markAs(a, typed);
        found.push({ a, typed });
      }
      // A judgement that is not the surgeon's own (typed alike, at random) is not checked: a second look repeats it.
      const reviews = habits.reviews && !options.typing;
      const seal = (a: Anastomosis, typed: AnastomosisKind) => {
        if (options.lineFirst && hand.state.sealed.includes(a.id)) return;
        if (reviews && typed !== a.kind && typing(a, rng, habits) !== typed) markAs(a, a.kind);
        const d = Math.max(3, habits.fireDistanceMm + habits.fireSpreadMm * gaussian(rng));
        // An expert fires from close enough for the spot to cover the vessel and stay within its zone.
        coagulate(hand, a, group === 'expert' ? expertDistance(a) : d, habits);
      };
      const line = () => drawLine(hand, habits, group === 'expert' ? 10 : habits.fireDistanceMm);
      if (scenario.params.task === 'solomon' && options.lineFirst) line();
      for (const { a, typed } of coagulationOrder(found, habits)) seal(a, typed);
      if (reviews) {
        // The final survey goes along the whole equator, looking at every junction again.
        for (const a of placenta.anastomoses) {
          steerOnto(hand, a.position, 18, habits);
          hand.react();
          if (found.some((f) => f.a === a) || overlooked(a)) continue;
          const typed = typing(a, rng, habits);
          markAs(a, typed);
          found.push({ a, typed });
          seal(a, typed);
        }
      }
      if (scenario.params.task === 'solomon' && !options.lineFirst) line();
      if (hand.state.laserOn) hand.act('laserOff');
      hand.react();
      if (reviews) surveyEquator(hand, habits);
      hand.act('finish');
      return hand.done();
    },
  };
}

export const surgeons: readonly Player[] = [surgeon('expert'), surgeon('intermediate'), surgeon('novice')];

/** The careful expert with each other input the page offers: the on-screen controls of a touch screen, a gamepad. */
export const deviceExperts: readonly Player[] = [
  surgeon('expert', { name: 'expert-touch', device: 'touch' }),
  surgeon('expert', { name: 'expert-gamepad', device: 'gamepad' }),
];

/**
 * People at a slow, hesitant or corrective pace, read for how often the plausibility checks accuse them (never
 * more than 0.5 %): an expert who looks long before every move and holds the keys only briefly; one who fires in
 * bursts and looks in between, as a learner unsure of the blanching does; one whose unsteady hand overshoots and
 * corrects every move; and a hesitant intermediate.
 */
export const carefulSurgeons: readonly Player[] = [
  surgeon('expert', {
    name: 'laser-careful-slow',
    careful: { pedalUpToLook: true, skill: { ...HABITS.expert.skill, reactionMs: [900, 2200], maxHoldMs: 450 } },
  }),
  surgeon('expert', { name: 'laser-careful-hesitant', careful: { burstMs: [250, 800], skill: { ...HABITS.expert.skill, reactionMs: [500, 1100] } } }),
  surgeon('expert', {
    name: 'laser-careful-corrective',
    careful: { skill: { ...HABITS.expert.skill, motorNoise: 0.3, toleranceMm: 0.4, patience: 24 } },
  }),
  surgeon('intermediate', { name: 'laser-careful-hesitant-intermediate', careful: { burstMs: [300, 1200] } }),
];
