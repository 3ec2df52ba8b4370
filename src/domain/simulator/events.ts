// The attempt's event log: what the learner did and when; the browser records it, the server replays it.

/** Longest session the model simulates; later times are clamped, so a forged log cannot stall the server. */
export const MAX_SESSION_MS = 3_600_000;

/** Held direction of the scope (arrow keys give -1, 0 or 1 per axis; +y is "up" on the placenta). */
export interface MoveEvent {
  t: number;
  type: 'move';
  dx: number;
  dy: number;
}

/** Every event other than a move carries only its time. */
export interface PlainEvent {
  t: number;
  type: 'open' | 'laserOn' | 'laserOff' | 'fireStart' | 'fireStop' | 'finish';
}

/**
 * One learner action, `t` in milliseconds of simulation time (the driver's clock stops while paused):
 * 'open' the fetoscopy (starts surgery time), 'move' the held direction, 'laserOn'/'laserOff' the aiming
 * beam (Shift), 'fireStart'/'fireStop' the burn (space), 'finish' the surgery.
 */
export type SimEvent = MoveEvent | PlainEvent;

/** The type names, for validating logs that come from outside. */
export const EVENT_TYPES = ['open', 'move', 'laserOn', 'laserOff', 'fireStart', 'fireStop', 'finish'] as const;

/** One of the event type names, for code that switches on them. */
export type SimEventType = (typeof EVENT_TYPES)[number];

function clampUnit(value: number): number {
  return Math.max(-1, Math.min(1, value));
}

/**
 * Cleans an event before it is applied: whole milliseconds, never earlier than `notBefore` nor later than
 * MAX_SESSION_MS, a direction no longer than 1; null for anything malformed. Live and replay both pass
 * through here, so they see the same numbers.
 */
export function normalizeEvent(event: unknown, notBefore: number): SimEvent | null {
  if (typeof event !== 'object' || event === null) return null;
  const e = event as Record<string, unknown>;
  const type = e['type'];
  const rawT = e['t'];
  if (typeof rawT !== 'number' || !Number.isFinite(rawT)) return null;
  if (typeof type !== 'string' || !(EVENT_TYPES as readonly string[]).includes(type)) return null;
  const t = Math.min(MAX_SESSION_MS, Math.max(notBefore, Math.round(rawT)));
  if (type !== 'move') return { t, type: type as PlainEvent['type'] };
  const dx = e['dx'];
  const dy = e['dy'];
  if (typeof dx !== 'number' || typeof dy !== 'number' || !Number.isFinite(dx) || !Number.isFinite(dy)) return null;
  let x = clampUnit(dx);
  let y = clampUnit(dy);
  const len2 = x * x + y * y;
  if (len2 > 1) {
    const len = Math.sqrt(len2);
    x /= len;
    y /= len;
  }
  return { t, type: 'move', dx: x, dy: y };
}
