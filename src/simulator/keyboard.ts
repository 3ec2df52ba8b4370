// Keys to simulator actions, by physical key (`event.code`), so the letters sit in the same place on any layout.
// The held keys are the keyboard's source of controls; the input mixer turns them into events.
import type { Controls } from '../domain/simulator/index.ts';
import type { Commands, InputMixer } from './controls.ts';
import type { Session } from './session.ts';

/** What each held key adds to the controls: turn right/up, advance, roll clockwise. */
const HELD: Readonly<Record<string, Partial<Controls>>> = {
  ArrowLeft: { turnX: -1 },
  ArrowRight: { turnX: 1 },
  ArrowUp: { turnY: 1 },
  ArrowDown: { turnY: -1 },
  KeyW: { insert: 1 },
  KeyS: { insert: -1 },
  KeyQ: { roll: -1 },
  KeyE: { roll: 1 },
};

/** The sum of what the held keys add, per axis (the input mixer keeps each within -1..1). */
export function keysToControls(codes: Iterable<string>): Controls {
  const c = { turnX: 0, turnY: 0, insert: 0, roll: 0 };
  for (const code of codes) for (const [k, v] of Object.entries(HELD[code] ?? {})) c[k as keyof Controls] += v;
  return c;
}

/**
 * Binds the keys; `blocked()` is true while the marking dialog is open, when the steering keys are left to the page.
 */
export function bindKeyboard(session: Pick<Session, 'phase'>, input: InputMixer, commands: Commands, blocked: () => boolean): void {
  const held = new Set<string>();
  const source = input.source('keyboard', () => held.clear());

  window.addEventListener('keydown', (e) => {
    if (e.code === 'Escape') {
      if (session.phase === 'running' || session.phase === 'paused') {
        e.preventDefault();
        if (!e.repeat) commands.escape();
      }
      return;
    }
    if (session.phase !== 'running' || blocked() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.code in HELD) {
      e.preventDefault();
      if (held.has(e.code)) return;
      held.add(e.code);
      source.hold(keysToControls(held));
    } else if (e.code === 'ShiftLeft' || e.code === 'ShiftRight') {
      if (!e.repeat) commands.laser();
    } else if (e.code === 'Space') {
      e.preventDefault();
      source.fire(true);
    } else if (e.code === 'KeyM') {
      e.preventDefault();
      if (!e.repeat) commands.mark();
    } else if (e.code === 'KeyX') {
      e.preventDefault();
      if (!e.repeat) commands.exchange();
    } else if (e.code === 'KeyC') {
      e.preventDefault();
      if (!e.repeat) commands.wipe?.();
    }
  });
  window.addEventListener('keyup', (e) => {
    if (session.phase !== 'running') return;
    if (e.code in HELD) {
      e.preventDefault();
      if (held.delete(e.code)) source.hold(keysToControls(held));
    } else if (e.code === 'Space') {
      e.preventDefault();
      source.fire(false);
    }
  });
}
