// Sighted surgeons: validity players that plan only from what the view shows (eyes.ts), never from the model's
// hidden state. They survey where the two territories meet, read the junctions from the vessels' ends, type them
// from the kinds of the two ends, mark, coagulate in sequence until the spot visibly blanches, and (Solomon) draw
// the line through what they found, watching it blanch. Their hands are the Hand's, with the groups' Skill.
import { beamRadius, SEQUENCE_RANK, type AnastomosisKind, type Scenario, type ScopeKind } from '../../../src/domain/simulator/index.ts';
import { reachShare } from '../../../src/domain/simulator/entry.ts';
import { resample, type Vec2 } from '../../../src/domain/simulator/geometry.ts';
import type { Twin } from '../../../src/domain/simulator/placenta.ts';
import type { Rng } from '../../../src/domain/simulator/rng.ts';
import { CELL_MM } from '../../../src/domain/simulator/tissue.ts';
import { Eyes, type VesselEnd } from './eyes.ts';
import { gaussian, Hand } from './hand.ts';
import { HABITS, STEERS_PER_FIRE, steerOnto, type Habits } from './surgeons.ts';
import type { Group, Player } from './types.ts';

/** How a surgeon of one group sees, besides the hands and habits of surgeons.ts. */
interface Sight {
  /** Chance of overlooking a vessel end in one look, and the more when it looks small (narrower than 6 % of its distance). */
  overlook: number;
  overlookSmall: number;
  /** Relative error in judging a vessel's calibre (standard deviation). */
  calibreNoise: number;
  /** Chance of taking an artery for a vein or the reverse, per end. */
  colourError: number;
  /** How long a look at a stop of the survey lasts, in reaction times. */
  lookScale: number;
}

const SIGHT: Record<Group, Sight> = {
  expert: { overlook: 0.02, overlookSmall: 0.1, calibreNoise: 0.04, colourError: 0.005, lookScale: 2 },
  intermediate: { overlook: 0.1, overlookSmall: 0.3, calibreNoise: 0.12, colourError: 0.08, lookScale: 1.2 },
  novice: { overlook: 0.25, overlookSmall: 0.5, calibreNoise: 0.25, colourError: 0.2, lookScale: 0.8 },
};

/**
 * What tells an anastomosis from two tips that merely end near each other (a learner's reading of the plate):
 * the two ends belong to different twins; they meet end to end (AA, VV: one superficial vessel) or dive into one
 * shared cotyledon a couple of millimetres across (AV, VA); and each keeps its twin's calibre, the recipient's
 * end visibly wider than the donor's, by about half.
 */
const JUNCTION = { endToEndMm: 0.4, cotyledonMm: [2, 2.8] as const, ratio: [1.25, 1.8] as const };

/** How far in from the rim a careful surgeon leaves the line undrawn where the image does not show the boundary. */
const RIM_UNREAD_MM = 15;

/** A junction as the surgeon reads it: the two ends seen, the middle between them and the kind they make. */
interface Junction {
  donor: VesselEnd;
  recipient: VesselEnd;
  at: Vec2;
  kind: AnastomosisKind;
}

const sub2 = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
const dot2 = (a: Vec2, b: Vec2) => a.x * b.x + a.y * b.y;
const along = (o: Vec2, d: Vec2, k: number): Vec2 => ({ x: o.x + d.x * k, y: o.y + d.y * k });
const norm2 = (v: Vec2): Vec2 => {
  const n = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / n, y: v.y / n };
};

class SightedSurgeon {
  readonly eyes: Eyes;
  /** The cords' line, donor-wards, and the line across it through the cords' middle: the first guess at the equator. */
  readonly u: Vec2;
  readonly s: Vec2;
  readonly mid: Vec2;
  readonly seen = new Map<number, VesselEnd & { widthSum: number; looks: number }>();

  readonly hand: Hand;
  readonly habits: Habits;
  readonly sight: Sight;

  constructor(hand: Hand, habits: Habits, sight: Sight, scenario: Scenario) {
    this.hand = hand;
    this.habits = habits;
    this.sight = sight;
    this.eyes = new Eyes(scenario);
    const cord = (twin: Twin) => this.eyes.cords.find((c) => c.twin === twin)!.position;
    this.u = norm2(sub2(cord('donor'), cord('recipient')));
    this.s = { x: -this.u.y, y: this.u.x };
    this.mid = { x: (cord('donor').x + cord('recipient').x) / 2, y: (cord('donor').y + cord('recipient').y) / 2 };
  }

  private get rng(): Rng {
    return this.hand.rng;
  }

  /**
   * The entry site and scope from the intro's sketch, which shows the plate, the cords and the sites: the one that
   * meets most squarely the band between the cords (where the equator must lie); with `care` below 1, that often.
   */
  entry(scenario: Scenario, care: number): { scope: ScopeKind; site: number } {
    const offer = scenario.params.scopes;
    const scopes: ScopeKind[] = offer === 'both' ? ['straight', 'angled'] : [offer];
    if (this.rng.next() >= care)
      return { scope: scopes[Math.floor(this.rng.next() * scopes.length)]!, site: Math.floor(this.rng.next() * scenario.sites.length) };
    const [a, b] = this.chord(this.mid, this.s, 5);
    const band = resample([along(this.mid, this.s, a), along(this.mid, this.s, b)], 5);
    let best = { scope: scopes[0]!, site: 0, reach: -1 };
    for (const scope of scopes) {
      scenario.sites.forEach((trocar, site) => {
        const reach = reachShare(trocar, scope, band);
        if (reach > best.reach) best = { scope, site, reach };
      });
    }
    return { scope: best.scope, site: best.site };
  }

  /** The chord of the plate through `o` along `d`, kept `margin` inside the rim: its two ends' parameters. */
  private chord(o: Vec2, d: Vec2, margin: number): [number, number] {
    const r = this.eyes.radiusMm - margin;
    const b = dot2(o, d);
    const c = dot2(o, o) - r * r;
    const disc = Math.max(0, b * b - c);
    return [-b - Math.sqrt(disc), -b + Math.sqrt(disc)];
  }

  /**
   * From afar, along the line between the two cords' territories: the plate's vessels of each twin, and where
   * the donor's nearest and the recipient's nearest meet, bin by bin: the equator as the vessels show it.
   */
  overview(): Vec2[] {
    const seen: { at: Vec2; twin: Twin }[] = [];
    const [from, to] = this.chord(this.mid, this.s, 10);
    for (let k = from; k <= to + 1e-6; k += 22) {
      if (!this.hand.aimAt(along(this.mid, this.s, k), 35, 4)) continue;
      this.hand.react(this.sight.lookScale);
      seen.push(...this.eyes.pointsInView(this.hand.state));
    }
    // Where each twin's nearest vessels lie across the cords' line, in bins along it; a bin needs a few vessel
    // points of each twin to be read at all, and the reading is smoothed over its neighbours.
    const bins: { k: number; across: number }[] = [];
    const [a, b] = this.chord(this.mid, this.s, 2);
    for (let k = a; k <= b; k += 6) {
      const donor: number[] = [];
      const recipient: number[] = [];
      for (const p of seen) {
        const rel = sub2(p.at, this.mid);
        if (Math.abs(dot2(rel, this.s) - k) > 6) continue;
        (p.twin === 'donor' ? donor : recipient).push(dot2(rel, this.u));
      }
      if (donor.length < 3 || recipient.length < 3) continue;
      bins.push({ k, across: (Math.min(...donor) + Math.max(...recipient)) / 2 });
    }
    const equator = bins.map(({ k }, i) => {
      const near = bins.slice(Math.max(0, i - 1), i + 2);
      return along(along(this.mid, this.s, k), this.u, near.reduce((sum, n) => sum + n.across, 0) / near.length);
    });
    if (equator.length < 2) return [along(this.mid, this.s, a), along(this.mid, this.s, b)];
    return this.toEdges(equator);
  }

  /** A line extended from its first and last legs to the plate's rim (2 mm inside). */
  toEdges(points: Vec2[]): Vec2[] {
    const extend = (p: Vec2, q: Vec2): Vec2 => {
      const d = norm2(sub2(p, q));
      const [, t] = this.chord(p, d, 2);
      return along(p, d, Math.max(0, t));
    };
    // From the first and last legs of up to 15 mm: a longer baseline than one step steadies the direction.
    const n = points.length;
    const back = Math.min(n - 1, 2);
    return [extend(points[0]!, points[back]!), ...points, extend(points[n - 1]!, points[n - 1 - back]!)];
  }

  /** Whether one look notices an end: small ones far off are overlooked more. */
  private noticed(end: VesselEnd & { distanceMm: number }): boolean {
    const apparent = end.widthMm / end.distanceMm; // radians
    const small = apparent < 0.06 ? this.sight.overlookSmall : 0;
    return this.rng.next() >= this.sight.overlook + small;
  }

  /** One look at a stop of the survey: every vessel end in the image noted (or overlooked), its calibre judged again. */
  private look(): void {
    this.hand.react(this.sight.lookScale);
    for (const end of this.eyes.endsInView(this.hand.state)) {
      const known = this.seen.get(end.vessel);
      if (!known && !this.noticed(end)) continue;
      // Each look judges the calibre afresh; the judgements of several looks are averaged.
      const judged = end.widthMm * Math.max(0.2, 1 + this.sight.calibreNoise * gaussian(this.rng));
      if (known) {
        known.widthSum += judged;
        known.looks += 1;
      } else this.seen.set(end.vessel, { ...end, widthSum: judged, looks: 1 });
    }
  }

  /**
   * How far across the line (along `normal`, donor-wards) the boundary lies from `at`, as the image shows it: midway
   * between the two twins' nearest vessels within 5 mm along the line; past the nearest vessel when only one
   * twin's show (unless `bothTwins`). Null when no vessel shows there.
   */
  private boundary(at: Vec2, tangent: Vec2, normal: Vec2, bothTwins = false): number | null {
    const donor: number[] = [];
    const recipient: number[] = [];
    for (const p of this.eyes.pointsInView(this.hand.state)) {
      const rel = sub2(p.at, at);
      if (Math.abs(dot2(rel, tangent)) > 5) continue;
      (p.twin === 'donor' ? donor : recipient).push(dot2(rel, normal));
    }
    if (bothTwins && (donor.length === 0 || recipient.length === 0)) return null;
    const shift =
      donor.length > 0 && recipient.length > 0
        ? (Math.min(...donor) + Math.max(...recipient)) / 2
        : donor.length > 0
          ? Math.min(...donor) - 2
          : recipient.length > 0
            ? Math.max(...recipient) + 2
            : null;
    return shift === null ? null : Math.max(-8, Math.min(8, shift));
  }

  /**
   * The close survey, one way along the equator from `start`: a stop every 10 mm, looking from 20 mm, each stop
   * moved onto the boundary the image shows and the next one taken along the boundary as followed so far.
   */
  private follow(start: Vec2, heading: Vec2): Vec2[] {
    const points: Vec2[] = [];
    let at = start;
    let dir = heading;
    for (let step = 0; step < 20 && Math.hypot(at.x, at.y) <= this.eyes.radiusMm - 3; step += 1) {
      if (this.hand.aimAt(at, 20, 2.5)) {
        this.look();
        let normal = { x: -dir.y, y: dir.x };
        if (dot2(normal, this.u) < 0) normal = { x: -normal.x, y: -normal.y };
        const shift = this.boundary(at, dir, normal);
        if (shift !== null) at = along(at, normal, shift);
      }
      const last = points[points.length - 1];
      points.push(at);
      if (last) dir = norm2({ x: dir.x + norm2(sub2(at, last)).x, y: dir.y + norm2(sub2(at, last)).y });
      at = along(at, dir, 10);
    }
    return points;
  }

  /**
   * The close survey: from the middle of the equator read from afar, along it both ways to the rim, noting each
   * vessel end seen. Returns the equator as followed from close, extended to the rim.
   */
  survey(equator: readonly Vec2[]): Vec2[] {
    const middle = equator.reduce((best, p) => (Math.hypot(p.x, p.y) < Math.hypot(best.x, best.y) ? p : best), equator[0]!);
    const i = equator.indexOf(middle);
    const heading = norm2(sub2(equator[Math.min(equator.length - 1, i + 1)]!, equator[Math.max(0, i - 1)]!));
    const ahead = this.follow(middle, heading);
    const behind = this.follow(along(middle, heading, -10), { x: -heading.x, y: -heading.y });
    const followed = [...behind.reverse(), ...ahead];
    return followed.length >= 2 ? this.toEdges(followed) : [...equator];
  }

  /**
   * A survey along the equator as it was read from afar (the second look, and the final review): a look every 10 mm from 20 mm, without
   * following the boundary from stop to stop (which, where the equator bends sharply, may have led the close survey
   * off it).
   */
  review(overview: readonly Vec2[]): void {
    for (const at of resample(overview, 10).filter((p) => Math.hypot(p.x, p.y) <= this.eyes.radiusMm - 3)) {
      if (this.hand.aimAt(at, 20, 2.5)) this.look();
    }
  }

  /** The kind of vessel as its colour is read, now and then the wrong way. */
  private colour(end: VesselEnd): 'artery' | 'vein' {
    if (this.rng.next() >= this.sight.colourError) return end.kind;
    return end.kind === 'artery' ? 'vein' : 'artery';
  }

  /**
   * Pairs of ends of the two twins that meet as their colours say they should (like to like end to end, artery and
   * vein at a cotyledon's width) and keep their calibres, nearest first, each end used once.
   */
  junctions(): Junction[] {
    const ends = [...this.seen.values()];
    // Each end's colour is read once, and the reading stands for the pairing and the kind alike.
    const colours = new Map(ends.map((e) => [e.vessel, this.colour(e)]));
    const pairs: { d: number; donor: (typeof ends)[number]; recipient: (typeof ends)[number] }[] = [];
    for (const donor of ends.filter((e) => e.twin === 'donor')) {
      for (const recipient of ends.filter((e) => e.twin === 'recipient')) {
        const d = Math.hypot(donor.at.x - recipient.at.x, donor.at.y - recipient.at.y);
        const ratio = recipient.widthSum / recipient.looks / (donor.widthSum / donor.looks);
        const like = colours.get(donor.vessel) === colours.get(recipient.vessel);
        const meets = like ? d <= JUNCTION.endToEndMm : d >= JUNCTION.cotyledonMm[0] && d <= JUNCTION.cotyledonMm[1];
        if (meets && ratio >= JUNCTION.ratio[0] && ratio <= JUNCTION.ratio[1]) pairs.push({ d, donor, recipient });
      }
    }
    pairs.sort((p, q) => p.d - q.d);
    const used = new Set<number>();
    const out: Junction[] = [];
    for (const { donor, recipient } of pairs) {
      if (used.has(donor.vessel) || used.has(recipient.vessel)) continue;
      used.add(donor.vessel);
      used.add(recipient.vessel);
      // Donor artery to recipient vein is AV, its reverse VA; like to like AA or VV: the ends' kinds name it.
      const kind = `${colours.get(donor.vessel) === 'artery' ? 'A' : 'V'}${colours.get(recipient.vessel) === 'artery' ? 'A' : 'V'}` as AnastomosisKind;
      out.push({ donor, recipient, at: { x: (donor.at.x + recipient.at.x) / 2, y: (donor.at.y + recipient.at.y) / 2 }, kind });
    }
    return out;
  }

  /** Marks a junction and names its kind, from a closer look. */
  mark(j: Junction): void {
    steerOnto(this.hand, j.at, 14, this.habits);
    this.hand.react();
    this.hand.act('mark');
    this.hand.react(0.8);
    this.hand.classify(j.kind);
    this.hand.react();
  }

  /**
   * Fires at a junction until the spot looks pale over it, then at each of its ends the spot did not cover until
   * that end looks pale too (or, stopping early, partly pale): the eye judges what lies under the spot it sees.
   */
  coagulate(j: Junction, group: Group): void {
    const half = Math.hypot(j.donor.at.x - j.recipient.at.x, j.donor.at.y - j.recipient.at.y) / 2;
    // An expert fires from where the spot just covers both ends with a millimetre to spare.
    const expertAt = Math.min(12, Math.max(7, (half + Math.max(j.donor.widthMm, j.recipient.widthMm) / 2 + 1 - beamRadius(0)) / beamRadius(1)));
    const at = group === 'expert' ? expertAt : Math.max(3, this.habits.fireDistanceMm + this.habits.fireSpreadMm * gaussian(this.rng));
    const share = this.rng.next() < this.habits.stopEarly ? 0.7 : 1;
    const reach = half + Math.max(j.donor.widthMm, j.recipient.widthMm) / 2;
    this.burnAt(j.at, [j.at, j.donor.at, j.recipient.at], reach, at, share);
    // Where the spot was smaller than the junction, an end stays dark beside the pale middle: a careful surgeon
    // (one who re-aims) takes that end in turn.
    if (this.habits.reaims === 0) return;
    for (const end of [j.donor, j.recipient]) {
      if (!this.eyes.pale(this.hand.state, [end.at], share)) this.burnAt(end.at, [end.at], end.widthMm / 2, at, share);
    }
  }

  /**
   * Steers onto `target` (within `reach`) and fires until the points of `watch` under the spot look pale; while the
   * target itself is not pale (the aim was off), a surgeon who re-aims steers again and fires again.
   */
  private burnAt(target: Vec2, watch: readonly Vec2[], reach: number, distanceMm: number, share: number): void {
    const hand = this.hand;
    const offTarget = (aim: { point: Vec2 }) => Math.hypot(aim.point.x - target.x, aim.point.y - target.y) > reach;
    // What the eye watches while firing: the points well inside the spot it sees (the blanching is drawn in cells of
    // CELL_MM, so a point near the spot's edge may lie in a cell the spot misses), and always the middle of the spot.
    const underSpot = () => {
      const aim = hand.state.aim;
      if (!aim) return [...watch];
      const r = beamRadius(aim.distanceMm) - CELL_MM * Math.SQRT1_2;
      return [aim.point, ...watch.filter((p) => Math.hypot(p.x - aim.point.x, p.y - aim.point.y) <= r)];
    };
    const paleBeside = () => {
      const aim = hand.state.aim;
      return aim !== null && offTarget(aim) && this.eyes.pale(hand.state, [aim.point], share);
    };
    // A surgeon who re-aims does not press the pedal while the aim they see is off the target: they steer on, a
    // few more times than they would fire again.
    const onTarget = () => hand.state.aim !== null && !offTarget(hand.state.aim);
    let steers = 0;
    for (let attempt = 0; attempt <= this.habits.reaims && !this.eyes.pale(hand.state, [target], share); attempt += 1) {
      const on = steerOnto(hand, target, distanceMm, this.habits) || onTarget();
      steers += 1;
      if (!on && this.habits.reaims > 0 && steers <= STEERS_PER_FIRE * (this.habits.reaims + 1)) {
        attempt -= 1;
        hand.react();
        continue;
      }
      if (!hand.state.laserOn) {
        hand.act('laserOn');
        hand.react(0.5);
      }
      hand.act('fireStart');
      for (let waited = 0; waited < 8000 && !this.eyes.pale(hand.state, underSpot(), share); waited += 50) {
        if (this.habits.reaims > 0 && paleBeside()) break;
        hand.wait(50);
      }
      hand.wait(this.rng.range(...hand.skill.reactionMs) * 0.5);
      hand.act('fireStop');
      hand.react();
    }
  }

  /**
   * The Solomon line: from junction to junction found (it joins the spots already coagulated, as the technique
   * describes), and beyond the outermost ones along the equator as read from the survey, rim to rim.
   */
  line(equator: readonly Vec2[], found: readonly Junction[], distanceMm: number): void {
    const key = (p: Vec2) => dot2(sub2(p, this.mid), this.s);
    const ends = found.map((j) => key(j.at));
    const inner = equator
      .slice(1, -1)
      .filter((p) => found.every((j) => Math.hypot(p.x - j.at.x, p.y - j.at.y) > 6))
      .filter((p) => found.length < 2 || key(p) < Math.min(...ends) || key(p) > Math.max(...ends));
    const through = [...inner, ...found.map((j) => j.at)].sort((p, q) => key(p) - key(q));
    const path = through.length >= 2 ? this.toEdges(through) : [...equator];
    const r = this.eyes.radiusMm - 2;
    const stops = resample(path, this.habits.lineStepMm).filter((p) => Math.hypot(p.x, p.y) <= r);
    const reach = Math.max(2, Math.round(stops.length * this.habits.lineReach));
    const start = Math.floor(this.rng.next() * (stops.length - reach + 1));
    const drawn = stops.slice(start, start + reach);
    const onJunction = (p: Vec2) => found.some((j) => Math.hypot(p.x - j.at.x, p.y - j.at.y) < 4);
    // Stop by stop, the pedal down: each stop is checked against the boundary the image shows around it and the
    // line moved onto it (the correction carried on to the next stops); at a junction found, the line goes through it.
    let offset = 0;
    const visit = (points: readonly Vec2[], watch: boolean) => {
      if (!this.hand.state.laserOn) this.hand.act('laserOn');
      points.forEach((stop, i) => {
        const tangent = norm2(sub2(points[Math.min(points.length - 1, i + 1)]!, points[Math.max(0, i - 1)]!));
        let normal = { x: -tangent.y, y: tangent.x };
        if (dot2(normal, this.u) < 0) normal = { x: -normal.x, y: -normal.y };
        if (onJunction(stop)) offset = 0;
        let p = along(stop, normal, offset);
        let reached = this.hand.aimAt(p, distanceMm, Math.max(0.8, this.hand.skill.toleranceMm));
        if (reached && watch && !onJunction(stop)) {
          const shift = this.boundary(p, tangent, normal, true);
          // Near the rim, where the image does not show both territories around the stop, the boundary cannot be
          // read: a careful surgeon lifts the pedal there rather than burn a guess.
          if (shift === null && Math.hypot(p.x, p.y) > this.eyes.radiusMm - RIM_UNREAD_MM) {
            if (this.hand.pedal) this.hand.act('fireStop');
            return;
          }
          if (shift !== null && Math.abs(shift) > 1.5) {
            if (this.hand.pedal) this.hand.act('fireStop');
            offset = Math.max(-10, Math.min(10, offset + shift));
            p = along(stop, normal, offset);
            reached = this.hand.aimAt(p, distanceMm, Math.max(0.8, this.hand.skill.toleranceMm));
          }
        }
        if (!reached) {
          if (this.hand.pedal) this.hand.act('fireStop');
          return;
        }
        if (!this.hand.pedal) this.hand.act('fireStart');
        for (let waited = 0; waited < 2000 && !this.eyes.pale(this.hand.state, [p], this.habits.lineDwell); waited += 50) this.hand.wait(50);
        drawnAt.push(p);
      });
      if (this.hand.pedal) this.hand.act('fireStop');
      this.hand.react();
    };
    const drawnAt: Vec2[] = [];
    visit(drawn, this.habits.closesGaps);
    // A careful surgeon goes back along the line and fires again wherever it has not turned pale.
    if (this.habits.closesGaps) {
      offset = 0;
      visit(
        drawnAt.filter((p) => !this.eyes.pale(this.hand.state, [p], 1)),
        false,
      );
    }
  }
}

/** A surgeon of one group who sees only the view. */
export function sighted(group: Group): Player {
  const habits = HABITS[group];
  const sight = SIGHT[group];
  return {
    name: `sighted-${group}`,
    group,
    tasks: ['selective', 'solomon'],
    play(scenario: Scenario, rng: Rng) {
      const hand = new Hand(scenario, rng, habits.skill);
      hand.wait(rng.range(1500, 4000));
      const surgeon = new SightedSurgeon(hand, habits, sight, scenario);
      const entry = surgeon.entry(scenario, habits.entryCare);
      hand.open(entry.scope, entry.site);
      hand.react(2);
      if (habits.clearsFluid) hand.clearFluid();
      const overview = surgeon.overview();
      const equator = surgeon.survey(overview);
      const found = surgeon.junctions();
      for (const j of found) surgeon.mark(j);
      const order = habits.sequential ? [...found].sort((p, q) => SEQUENCE_RANK[p.kind] - SEQUENCE_RANK[q.kind]) : found;
      for (const j of order) surgeon.coagulate(j, group);
      if (habits.reviews) {
        // The second look (surgeons.ts, `reviews`): along the equator once more; a junction of ends not yet taken
        // is marked and coagulated.
        const taken = new Set(found.flatMap((j) => [j.donor.vessel, j.recipient.vessel]));
        surgeon.review(overview);
        for (const j of surgeon.junctions()) {
          if (taken.has(j.donor.vessel) || taken.has(j.recipient.vessel)) continue;
          surgeon.mark(j);
          surgeon.coagulate(j, group);
          found.push(j);
        }
      }
      if (scenario.params.task === 'solomon') surgeon.line(equator, found, group === 'expert' ? 10 : habits.fireDistanceMm);
      if (hand.state.laserOn) hand.act('laserOff');
      hand.react();
      if (habits.reviews) {
        // "Done: review the equator" (review.ts), and the same look along the equator as it was read.
        hand.act('review');
        surgeon.review(overview);
      }
      hand.act('finish');
      return hand.done();
    },
  };
}

export const sightedPlayers: readonly Player[] = [sighted('expert'), sighted('intermediate'), sighted('novice')];
