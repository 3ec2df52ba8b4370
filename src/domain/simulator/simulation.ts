// The pure reducer: the browser drives it in real time, the server replays the log through it.
import { normalizeEvent, type SimEvent } from './events.ts';
import { advanceInPlace, noteSightings } from './motion.ts';
import type { Placenta } from './placenta.ts';
import { cloneState, createSimulation, type SimState } from './state.ts';

function applyInPlace(state: SimState, raw: unknown): void {
  const event = normalizeEvent(raw, state.t);
  if (!event || state.finishedAt !== null) return;
  advanceInPlace(state, event.t);
  if (event.type === 'open') {
    if (state.openedAt !== null) return;
    state.openedAt = state.t;
    noteSightings(state);
    state.log.push(event);
    return;
  }
  if (state.openedAt === null) return;
  switch (event.type) {
    case 'move':
      state.input = { x: event.dx, y: event.dy };
      break;
    case 'laserOn':
      state.laserOn = true;
      state.laserEverOn = true;
      break;
    case 'laserOff':
      state.laserOn = false;
      break;
    case 'fireStart':
      state.firing = true;
      break;
    case 'fireStop':
      state.firing = false;
      break;
    case 'finish':
      state.finishedAt = state.t;
      state.firing = false;
      state.input = { x: 0, y: 0 };
      break;
  }
  state.log.push({ ...event, t: state.t });
}

/**
 * Advances the clock to `t` (ms) with no new input: the browser calls it every frame. Pure; a time
 * earlier than the state's changes nothing.
 */
export function advance(state: SimState, t: number): SimState {
  const next = cloneState(state);
  advanceInPlace(next, t);
  return next;
}

/**
 * Applies one learner action at its time (never earlier than the state's clock), after advancing to it.
 * Malformed events, events before 'open' and anything after 'finish' are dropped; accepted events are
 * appended, normalized, to `log`. Pure: the given state is not changed.
 */
export function applyEvent(state: SimState, event: SimEvent): SimState {
  const next = cloneState(state);
  applyInPlace(next, event);
  return next;
}

/**
 * Rebuilds an attempt from its log, as the server does to score it: the same placenta and the same events
 * give exactly the state the browser reached. Accepts untrusted input; bad events are dropped.
 */
export function replay(placenta: Placenta, events: readonly unknown[]): SimState {
  const state = createSimulation(placenta);
  for (const event of events) applyInPlace(state, event);
  return state;
}
