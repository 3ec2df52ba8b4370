// The attempt's event log: what the learner did and when; the browser records it, the server replays it.
import { ENTRY_SITE_LIMIT } from './entry.ts';
import { ANASTOMOSIS_KINDS, type AnastomosisKind } from './placenta.ts';
import type { ScopeKind } from './scope.ts';

/** Longest session the model simulates; later times are clamped, so a forged log cannot stall the server. */
export const MAX_SESSION_MS = 3_600_000;

/**
 * Open the fetoscopy with the chosen scope through the chosen entry site, an index into the scenario's sites
 * (starts the surgery time). Logs from before sites could be chosen have none: they keep the drawn trocar.
 */
export interface OpenEvent {
  t: number;
  type: 'open';
  scope: ScopeKind;
  site?: number;
}

/**
 * Every control value a device of the page produces is a multiple of this step: keys give -1, 0 or 1; touch
 * sliders and gamepad sticks are rounded to it. A log holding any other value was not played on the page.
 */
export const CONTROL_STEP = 0.25;

/** A touch or stick reading in -1..1 rounded to the step the log accepts. */
export function quantizeControl(v: number): number {
  const q = Math.round(Math.max(-1, Math.min(1, v)) / CONTROL_STEP) * CONTROL_STEP;
  return q === 0 ? 0 : q;
}

/** Whether a control value is one a device of the page can produce. */
export const isDeviceControl = (v: number): boolean => v >= -1 && v <= 1 && Number.isInteger(v / CONTROL_STEP);

/** The held controls changed: each a multiple of CONTROL_STEP from -1 to 1 (turn right/up, advance, roll clockwise). */
export interface InputEvent {
  t: number;
  type: 'input';
  turnX: number;
  turnY: number;
  insert: number;
  roll: number;
}

/** The learner's answer to "which kind is the anastomosis you marked?". */
export interface ClassifyEvent {
  t: number;
  type: 'classify';
  kind: AnastomosisKind;
}

/** Every other event carries only its time. */
export interface PlainEvent {
  t: number;
  type: 'laserOn' | 'laserOff' | 'fireStart' | 'fireStop' | 'mark' | 'cancelMark' | 'exchange' | 'wipe' | 'review' | 'finish';
}

/**
 * One learner action, `t` in milliseconds of simulation time (the clock stops while paused): 'laserOn'/'laserOff'
 * the aiming beam, 'fireStart'/'fireStop' the burn, 'mark' the point under the beam as an anastomosis (then
 * 'classify' or 'cancelMark'), 'exchange' an amnio-exchange that clears the fluid (turbidity.ts), 'wipe' a wipe of the lens (optics.ts),
 * 'review' the learner is done and surveys the equator (review.ts), 'finish' the surgery.
 */
export type SimEvent = OpenEvent | InputEvent | ClassifyEvent | PlainEvent;

/** The type names, for validating logs that come from outside. */
export const EVENT_TYPES = [
  'open',
  'input',
  'laserOn',
  'laserOff',
  'fireStart',
  'fireStop',
  'mark',
  'classify',
  'cancelMark',
  'exchange',
  'wipe',
  'review',
  'finish',
] as const;

const unit = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? Math.max(-1, Math.min(1, v)) : null);

/**
 * Cleans an event before it is applied: whole milliseconds, never earlier than `notBefore` nor later than
 * MAX_SESSION_MS, controls within -1..1; null for anything malformed. Live and replay both pass through here.
 * A control off the device step is applied as it is: POST /attempts refuses such a log outright (naming the event),
 * where dropping the event here would only score a forged log differently from how it played.
 */
export function normalizeEvent(event: unknown, notBefore: number): SimEvent | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as Record<string, unknown>;
  const type = e['type'];
  const rawT = e['t'];
  if (typeof rawT !== 'number' || !Number.isFinite(rawT)) return null;
  if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type)) return null;
  const t = Math.min(MAX_SESSION_MS, Math.max(notBefore, Math.round(rawT)));
  switch (type) {
    case 'open': {
      const scope = e['scope'] === 'angled' ? 'angled' : 'straight';
      const site = e['site'];
      if (site === undefined) return { t, type, scope };
      return Number.isInteger(site) && (site as number) >= 0 && (site as number) < ENTRY_SITE_LIMIT ? { t, type, scope, site: site as number } : null;
    }
    case 'input': {
      const [turnX, turnY, insert, roll] = [unit(e['turnX']), unit(e['turnY']), unit(e['insert']), unit(e['roll'])];
      if (turnX === null || turnY === null || insert === null || roll === null) return null;
      return { t, type, turnX, turnY, insert, roll };
    }
    case 'classify':
      return (ANASTOMOSIS_KINDS as readonly unknown[]).includes(e['kind']) ? { t, type, kind: e['kind'] as AnastomosisKind } : null;
    default:
      return { t, type: type as PlainEvent['type'] };
  }
}
