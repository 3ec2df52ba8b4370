// Blood in the amniotic fluid: what a contact, a vessel burst by firing too close or too long, and the entry
// bleed put there, how it thins with time, and the amnio-exchange that clears it. The level is a closed form
// of time since its last change, so advancing frame by frame or in one jump gives the same bits.
import { wiping } from './optics.ts';
import type { Blood, SimState } from './state.ts';

/** Every bleeding and turbidity constant in one place. Levels run 0 (clear fluid) to 1 (nothing seen past a few mm). */
export const TURBIDITY = {
  /** A touch of the plate: a cotyledon's surface bleeds. */
  contactRise: 0.2,
  /** Per second of firing onto a vessel from closer than the working distance: the vessel bursts before it seals. */
  closeRisePerS: 0.25,
  /** Firing closer than this onto a vessel bleeds. */
  closeMm: 4,
  /** Per second of firing into one spot once it has taken more than `longJ`: an over-cooked vessel ruptures. */
  longRisePerS: 0.15,
  longJ: 150,
  /** Entry bleeding: at 'open', a seeded share of attempts start with up to this much blood in the fluid. */
  entryMax: 0.3,
  /** The fluid clears by itself slowly: half the blood gone in this long (cells settle, fluid turns over). */
  halfLifeMs: 180_000,
  /** An amnio-exchange: warmed Hartmann's in through the side port, bloody fluid out: the fluid is clear at its end. */
  exchangeMs: 20_000,
  /** Share of the laser's power the blood takes at level 1 (haemoglobin absorbs the diode and Nd:YAG lines); kept low enough that an expert's burns still seal the smallest anastomoses of the hardest seeded case through an entry bleed (bench:validity). */
  absorption: 0.2,
} as const;

const decay = (blood: Blood, t: number): number => blood.level * 2 ** (-(t - blood.at) / TURBIDITY.halfLifeMs);

/** How turbid the fluid is at `t` (0-1): the blood still there, plus what an exchange under way has not yet washed out. */
export function turbidityAt(s: Pick<SimState, 'blood' | 'exchange'>, t: number): number {
  let level = decay(s.blood, t);
  if (s.exchange) {
    const left = 1 - (t - s.exchange.from) / TURBIDITY.exchangeMs;
    if (left > 0) level += s.exchange.level * left;
  }
  return Math.min(1, level);
}

/** Whether an exchange is running at `t`: the laser is held while the fluid is changed. */
export const exchanging = (s: Pick<SimState, 'exchange'>, t: number): boolean => s.exchange !== null && t < s.exchange.from + TURBIDITY.exchangeMs;

/** What the laser does now, as its badge says: 'firing' only while it burns, so not with the pedal held in an exchange or a wipe. */
export function laserStatus(s: Pick<SimState, 'laserOn' | 'firing' | 'exchange' | 'wipe' | 't'>): 'off' | 'on' | 'firing' {
  if (!s.laserOn) return 'off';
  return s.firing && !exchanging(s, s.t) && !wiping(s, s.t) ? 'firing' : 'on';
}

/** Adds blood at the state's time (capped at 1 with what is there). */
export function bleed(s: SimState, amount: number): void {
  const now = decay(s.blood, s.t);
  s.blood = { level: Math.min(1, now + amount), at: s.t };
  if (s.blood.level > s.peakTurbidity) s.peakTurbidity = s.blood.level;
}

/** Starts an amnio-exchange at the state's time; none while one runs. Returns whether it started. */
export function startExchange(s: SimState): boolean {
  if (exchanging(s, s.t)) return false;
  s.exchange = { from: s.t, level: decay(s.blood, s.t) };
  s.blood = { level: 0, at: s.t };
  s.exchanges += 1;
  return true;
}

/** The entry bleed for a scenario's seed: none in half the attempts, up to TURBIDITY.entryMax in the rest. */
export function entryBleed(seed: number): number {
  const u = (((seed >>> 0) * 2654435761) >>> 0) / 2 ** 32;
  return u < 0.5 ? 0 : Math.round((u - 0.5) * 2 * TURBIDITY.entryMax * 100) / 100;
}

/** The share of the laser's power that reaches the plate through the fluid at `t`. */
export const transmission = (s: Pick<SimState, 'blood' | 'exchange'>, t: number): number => 1 - TURBIDITY.absorption * turbidityAt(s, t);

/** The debrief's curve keeps the level every this many ms of surgery, up to TRACE_LIMIT points. */
export const TRACE_EVERY_MS = 5000;
const TRACE_LIMIT = 720;

/** Appends the samples due up to the state's time (each sampled at its own instant, so jumps give the same curve). */
export function sampleTurbidity(s: SimState): void {
  if (s.openedAt === null) return;
  while (s.turbidityTrace.length < TRACE_LIMIT) {
    const at = s.openedAt + s.turbidityTrace.length * TRACE_EVERY_MS;
    if (at > s.t) return;
    s.turbidityTrace.push(Math.round(turbidityAt(s, at) * 100) / 100);
  }
}
