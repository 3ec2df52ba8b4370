// The reducer: the browser drives it in real time, the server replays the log through it. Time runs in fixed
// 4 ms ticks at absolute multiples of TICK_MS, so advancing frame by frame or in one jump gives the same bits.
import { COMPLICATION, complicationBleed } from './complications.ts';
import { distance } from './geometry.ts';
import { INTRUDERS } from './intruders.ts';
import { normalizeEvent, MAX_SESSION_MS, type SimEvent } from './events.ts';
import { inSight, obstruction } from './sight.ts';
import { inWorkingRange, LASER, sealThreshold, spotRadius } from './laser.ts';
import { lineBegun } from './line.ts';
import { holdTargets } from './navigation.ts';
import { firingFog, OPTICS, soil, startWipe, wiping } from './optics.ts';
import { startReview, surveyAim } from './review.ts';
import type { Scenario } from './scenario.ts';
import { initialPose, NO_CONTROLS, SCOPE, stepPose, viewOf } from './scope.ts';
import { cloneState, createSimulation, type SimState } from './state.ts';
import { bleed, entryBleed, exchanging, sampleTurbidity, startExchange, transmission, turbidityAt, TURBIDITY } from './turbidity.ts';
import { cellsAcross, cellsWithin, TISSUE, type TissueMap } from './tissue.ts';

/** Length of one tick: 250 steps a second, smooth at any frame rate and cheap to replay. */
export const TICK_MS = 4;
/** Share of the gap between held and applied rate closed each tick: the scope settles in about 100 ms. */
const SMOOTHING = 0.04;
/** A mark counts for an anastomosis within this distance (or its diameter, if wider). */
export const MARK_TOLERANCE_MM = 4;
/** The debrief's track keeps one aim point every this many ms of movement, up to PATH_LIMIT points. */
const PATH_EVERY_MS = 200;
const PATH_LIMIT = 5000;
/** A new spot starts once the aim leaves the current one by this share of its radius. */
const SPOT_RESUME = 0.5;
const SPOT_LIMIT = 5000;

function refreshView(s: SimState): void {
  const view = viewOf(s.pose, s.trocar, s.scope ?? 'straight', s.scenario.placenta.radiusMm);
  s.aim = view.aim;
  s.tipHeightMm = view.tip.z;
  const over = view.tip.x * view.tip.x + view.tip.y * view.tip.y <= s.scenario.placenta.radiusMm ** 2;
  const touching = over && view.tip.z <= SCOPE.contactMm;
  if (touching && !s.inContact) {
    s.contacts += 1;
    s.lastContactAt = s.t;
    bleed(s, TURBIDITY.contactRise);
    soil(s, OPTICS.contactFog);
  }
  s.inContact = touching;
}

/** Whether the laser is held at `t`: during an amnio-exchange or a wipe of the lens. */
const held = (s: SimState, t: number): boolean => exchanging(s, t) || wiping(s, t);

/** When the hold under way at the state's time ends. */
const heldUntil = (s: SimState): number =>
  Math.max(exchanging(s, s.t) ? s.exchange!.from + TURBIDITY.exchangeMs : 0, wiping(s, s.t) ? s.wipe!.from + OPTICS.wipeMs : 0);

/** Energy by tissue class in one burn, indexed by TissueClass; reused every tick. */
const byClass = new Float64Array(5);

/**
 * The cells of the last spot fired at: a burn held still (most of one) covers the same cells tick after tick, so
 * they are found again only when the aim or the spot's size changed. The same cells in the same order: the same sums.
 */
const spot = { map: null as TissueMap | null, x: 0, y: 0, radius: 0, cells: new Int32Array(256), count: 0 };

function burn(s: SimState): void {
  const energy = (LASER.powerW * TICK_MS) / 1000;
  s.firingMs += TICK_MS;
  s.energy.total += energy;
  if (turbidityAt(s, s.t) > COMPLICATION.blindAbove) s.energy.blind += energy;
  const struck = obstruction(s);
  if (struck) {
    // Into a cord, a limb, the donor or a sheet of membrane: none of it reaches the plate. All but a sheet bleed.
    s.energy.struck += energy;
    if (!s.striking) {
      s.strikes[struck.kind] += 1;
      if (!INTRUDERS.sheet[struck.kind]) bleed(s, TURBIDITY.contactRise);
    }
    s.striking = true;
    return;
  }
  s.striking = false;
  const aim = s.aim;
  if (!aim) {
    s.energy.offPlate += energy;
    return;
  }
  const { tissue } = s.scenario;
  const radius = spotRadius(aim.distanceMm, aim.cos);
  const fog = firingFog(aim.distanceMm, TICK_MS);
  if (fog > 0) soil(s, fog);
  if (spot.map !== tissue || spot.x !== aim.point.x || spot.y !== aim.point.y || spot.radius !== radius) {
    const found = cellsWithin(tissue, aim.point, radius);
    if (found.count > spot.cells.length) spot.cells = new Int32Array(2 * found.count);
    spot.cells.set(found.cells.subarray(0, found.count));
    spot.map = tissue;
    spot.x = aim.point.x;
    spot.y = aim.point.y;
    spot.radius = radius;
    spot.count = found.count;
  }
  const { cells, count } = spot;
  const perCell = energy / count;
  // The ledger counts what the laser fired (its console's figure); blood in the fluid takes its share before the plate.
  const reaching = perCell * transmission(s, s.t);
  byClass.fill(0);
  let corridor = 0;
  for (let k = 0; k < count; k += 1) {
    const i = cells[k]!;
    s.fluence[i] = s.fluence[i]! + reaching;
    byClass[tissue.cls[i]!] = byClass[tissue.cls[i]!]! + perCell;
    corridor += tissue.corridor[i]! * perCell;
  }
  s.energy.corridor += corridor;
  s.energy.anastomosis += byClass[TISSUE.anastomosis]!;
  s.energy.equator += byClass[TISSUE.equator]!;
  s.energy.vessel += byClass[TISSUE.vessel]!;
  s.energy.tissue += byClass[TISSUE.tissue]! + byClass[TISSUE.outside]!;
  if (inWorkingRange(aim.distanceMm, aim.cos)) s.energy.good += energy;
  s.energy.distanceWeighted += energy * aim.distanceMm;
  s.energy.cosWeighted += energy * aim.cos;
  const onVessel = byClass[TISSUE.vessel]! + byClass[TISSUE.anastomosis]! > 0;
  if (onVessel && aim.distanceMm < TURBIDITY.closeMm) bleed(s, (TURBIDITY.closeRisePerS * TICK_MS) / 1000);
  const last = s.spots[s.spots.length - 1];
  if (onVessel && last && last.energyJ > TURBIDITY.longJ && distance(last, aim.point) <= SPOT_RESUME * last.radiusMm)
    bleed(s, (TURBIDITY.longRisePerS * TICK_MS) / 1000);
  if (last && distance(last, aim.point) <= SPOT_RESUME * last.radiusMm) {
    // The last spot is the state's own copy (see cloneState), so growing it in place is safe.
    last.radiusMm = Math.max(last.radiusMm, radius);
    last.energyJ += energy;
  } else if (s.spots.length < SPOT_LIMIT) {
    s.spots.push({ x: aim.point.x, y: aim.point.y, radiusMm: radius, energyJ: energy });
  }
  for (const a of s.scenario.placenta.anastomoses) {
    if (distance(a.position, aim.point) > radius + a.diameterMm || s.sealed.includes(a.id)) continue;
    const need = sealThreshold(a.diameterMm);
    const across = cellsAcross(tissue, a);
    let sealed = true;
    for (let k = 0; k < across.length && sealed; k += 1) sealed = s.fluence[across[k]!]! >= need;
    if (!sealed) continue;
    s.sealed.push(a.id);
    if (s.reviewAt !== null) s.reviewSealed.push(a.id);
    const { placenta, params } = s.scenario;
    if (params.task === 'solomon' && lineBegun(placenta.equator, tissue, s.fluence, placenta.anastomoses)) s.lineSealed.push(a.id);
  }
}

const moving = (s: SimState) =>
  s.rates.turnX !== 0 ||
  s.rates.turnY !== 0 ||
  s.rates.insert !== 0 ||
  s.rates.roll !== 0 ||
  s.input.turnX !== 0 ||
  s.input.turnY !== 0 ||
  s.input.insert !== 0 ||
  s.input.roll !== 0;

function ease(rate: number, held: number): number {
  const next = rate + (held - rate) * SMOOTHING;
  return held === 0 && Math.abs(next) < 1e-3 ? 0 : next;
}

/**
 * Turning speeds up and slows down at a bounded rate (full speed after TURN_RAMP_MS): a held key swings the view
 * as before, but a tap of t ms turns it only (t / TURN_RAMP_MS) × t ms' worth, so keys alone can put the aim on a
 * 5 mm target even where the plate is seen at a slant and a full-speed instant moves the aim several millimetres.
 */
const TURN_RAMP_MS = 250;
const TURN_STEP = TICK_MS / TURN_RAMP_MS;

function ramp(rate: number, held: number): number {
  const gap = held - rate;
  return Math.abs(gap) <= TURN_STEP ? held : rate + Math.sign(gap) * TURN_STEP;
}

function tick(s: SimState): void {
  const r = s.rates;
  const i = s.input;
  s.rates = { turnX: ramp(r.turnX, i.turnX), turnY: ramp(r.turnY, i.turnY), insert: ease(r.insert, i.insert), roll: ease(r.roll, i.roll) };
  const { turnX, turnY, insert, roll } = s.rates;
  if (turnX !== 0 || turnY !== 0 || insert !== 0 || roll !== 0) {
    const before = s.pose;
    s.pose = stepPose(
      before,
      s.trocar,
      turnX * SCOPE.turnPerMs * TICK_MS,
      turnY * SCOPE.turnPerMs * TICK_MS,
      insert * SCOPE.insertPerMs * TICK_MS,
      roll * SCOPE.rollPerMs * TICK_MS,
    );
    const dx = s.pose.dir.x * s.pose.depthMm - before.dir.x * before.depthMm;
    const dy = s.pose.dir.y * s.pose.depthMm - before.dir.y * before.depthMm;
    const dz = s.pose.dir.z * s.pose.depthMm - before.dir.z * before.depthMm;
    s.pathLengthMm += Math.sqrt(dx * dx + dy * dy + dz * dz);
    refreshView(s);
    surveyAim(s);
    if (s.t % PATH_EVERY_MS === 0 && s.path.length < PATH_LIMIT && s.aim) s.path.push({ x: s.aim.point.x, y: s.aim.point.y });
  }
  if (s.laserOn) s.laserArmedMs += TICK_MS;
  if (s.laserOn && s.firing && !held(s, s.t)) burn(s);
  s.t += TICK_MS;
  holdTargets(s, s.t);
  sampleTurbidity(s);
}

/** Runs a working copy's clock up to `until`. Nothing moves before the fetoscopy opens; idle stretches jump. */
function advanceInPlace(s: SimState, until: number): void {
  const end = Math.floor(Math.min(MAX_SESSION_MS, until) / TICK_MS) * TICK_MS;
  if (s.finishedAt !== null || end <= s.t) return;
  if (s.openedAt === null) {
    s.t = end;
    return;
  }
  while (s.t < end) {
    if (!moving(s) && !(s.laserOn && s.firing && !held(s, s.t))) {
      // Firing held by an exchange or a wipe: the idle stretch runs only to the hold's end, where the burn resumes.
      const to = s.laserOn && s.firing && held(s, s.t) ? Math.min(end, heldUntil(s)) : end;
      holdTargets(s, to);
      if (s.laserOn) s.laserArmedMs += to - s.t;
      s.t = to;
      sampleTurbidity(s);
      if (to < end) continue;
      return;
    }
    tick(s);
  }
}

function applyInPlace(s: SimState, raw: unknown): void {
  const event = normalizeEvent(raw, s.log.length > 0 ? s.log[s.log.length - 1]!.t : 0);
  if (!event || s.finishedAt !== null) return;
  advanceInPlace(s, event.t);
  if (event.type === 'open') {
    if (s.openedAt !== null) return;
    if (event.site !== undefined) {
      // A site this placenta does not offer (an anterior one has fewer) leaves the fetoscopy closed.
      const trocar = s.scenario.sites[event.site];
      if (!trocar) return;
      s.trocar = trocar;
      s.site = event.site;
      s.pose = initialPose(trocar);
    }
    const offer = s.scenario.params.scopes;
    s.scope = offer === 'both' ? event.scope : offer;
    s.openedAt = s.t;
    bleed(s, entryBleed(s.scenario.seed) + complicationBleed(s.scenario.params.complication, s.scenario.seed));
    refreshView(s);
    holdTargets(s, s.t);
    s.log.push({ ...event, scope: s.scope });
    return;
  }
  if (s.openedAt === null) return;
  switch (event.type) {
    case 'input':
      s.input = { turnX: event.turnX, turnY: event.turnY, insert: event.insert, roll: event.roll };
      break;
    case 'laserOn':
      s.laserOn = true;
      s.laserEverOn = true;
      break;
    case 'laserOff':
      s.laserOn = false;
      s.striking = false;
      break;
    case 'fireStart':
      s.firing = true;
      break;
    case 'fireStop':
      s.firing = false;
      s.striking = false;
      break;
    case 'mark':
      // What is hidden behind something drifting in the way cannot be marked.
      if (!s.aim || !inSight(s)) return;
      s.pendingMark = { x: s.aim.point.x, y: s.aim.point.y };
      break;
    case 'classify': {
      const at = s.pendingMark;
      if (!at) return;
      s.pendingMark = null;
      let match: { id: string; d: number } | null = null;
      for (const a of s.scenario.placenta.anastomoses) {
        const d = distance(a.position, at);
        if (d <= Math.max(MARK_TOLERANCE_MM, a.diameterMm) && (!match || d < match.d)) match = { id: a.id, d };
      }
      s.marks.push({ x: at.x, y: at.y, kind: event.kind, anastomosisId: match?.id ?? null });
      break;
    }
    case 'cancelMark':
      s.pendingMark = null;
      break;
    case 'exchange':
      if (!startExchange(s)) return;
      break;
    case 'wipe':
      if (!startWipe(s)) return;
      break;
    case 'review':
      if (!startReview(s)) return;
      break;
    case 'finish':
      s.finishedAt = s.t;
      s.firing = false;
      s.input = NO_CONTROLS;
      s.rates = NO_CONTROLS;
      s.pendingMark = null;
      break;
  }
  s.log.push(event);
}

/** Advances the clock to `t` (ms) with no new input: the browser calls it every frame. Pure. */
export function advance(state: SimState, t: number): SimState {
  const next = cloneState(state);
  advanceInPlace(next, t);
  return next;
}

/**
 * Applies one learner action at its time (never earlier than the last one), after advancing to it. Malformed
 * events, events before 'open' and anything after 'finish' are dropped; accepted ones are appended to `log`. Pure.
 */
export function applyEvent(state: SimState, event: SimEvent): SimState {
  const next = cloneState(state);
  applyInPlace(next, event);
  return next;
}

/**
 * A simulation the caller owns and changes in place: the live page steps one every frame without copying the
 * tissue grid. It goes through exactly the code the pure functions and the replay use.
 */
export interface LiveSimulation {
  readonly state: SimState;
  advance(t: number): void;
  apply(event: SimEvent): void;
}

export function liveSimulation(scenario: Scenario): LiveSimulation {
  const state = createSimulation(scenario);
  return { state, advance: (t) => advanceInPlace(state, t), apply: (event) => applyInPlace(state, event) };
}

/** Rebuilds an attempt from its log, as the server does to score it. Accepts untrusted input; bad events are dropped. */
export function replay(scenario: Scenario, events: readonly unknown[]): SimState {
  const state = createSimulation(scenario);
  for (const event of events) applyInPlace(state, event);
  return state;
}
