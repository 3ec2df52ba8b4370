// Keys to simulator actions, by physical key (`event.code`), so the letters sit in the same place on any layout.
// Held keys make the four controls; each time the held set changes, one 'input' event carries all four.
import type { Controls } from '../domain/simulator/index.ts';
import type { Session } from './session.ts';

/** What each held key adds to the controls: turn right/up, advance, roll clockwise. */
const HELD: Record<string, Partial<Controls>> = {
  ArrowLeft: { turnX: -1 },
  ArrowRight: { turnX: 1 },
  ArrowUp: { turnY: 1 },
  ArrowDown: { turnY: -1 },
  KeyW: { insert: 1 },
  KeyS: { insert: -1 },
  KeyQ: { roll: -1 },
  KeyE: { roll: 1 },
};

const clampUnit = (v: number) => Math.max(-1, Math.min(1, v));

export interface KeyboardHooks {
  /** M: mark the point under the beam. */
  mark(): void;
  /** Escape: cancel a mark, pause or resume. */
  escape(): void;
  /** While true (the marking dialog is open) the steering keys are left to the page. */
  blocked(): boolean;
}

export interface Keyboard {
  /** Forgets held keys: the session lets go of them itself when pausing or opening a dialog. */
  reset(): void;
}

export function bindKeyboard(session: Session, hooks: KeyboardHooks): Keyboard {
  const held = new Set<string>();
  let fireHeld = false;
  let sent = '0,0,0,0';
  const send = () => {
    const c = { turnX: 0, turnY: 0, insert: 0, roll: 0 };
    for (const code of held) for (const [k, v] of Object.entries(HELD[code]!)) c[k as keyof Controls] += v;
    const controls = { turnX: clampUnit(c.turnX), turnY: clampUnit(c.turnY), insert: clampUnit(c.insert), roll: clampUnit(c.roll) };
    const key = `${controls.turnX},${controls.turnY},${controls.insert},${controls.roll}`;
    if (key === sent) return;
    sent = key;
    session.act({ type: 'input', ...controls });
  };
  const reset = () => {
    held.clear();
    fireHeld = false;
    sent = '0,0,0,0';
  };

  window.addEventListener('keydown', (e) => {
    if (e.code === 'Escape') {
      if (session.phase === 'running' || session.phase === 'paused') {
        e.preventDefault();
        if (!e.repeat) hooks.escape();
      }
      return;
    }
    if (session.phase !== 'running' || hooks.blocked() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.code in HELD) {
      e.preventDefault();
      if (held.has(e.code)) return;
      held.add(e.code);
      send();
    } else if (e.code === 'ShiftLeft' || e.code === 'ShiftRight') {
      if (!e.repeat) session.act({ type: session.state.laserOn ? 'laserOff' : 'laserOn' });
    } else if (e.code === 'Space') {
      e.preventDefault();
      if (fireHeld) return;
      fireHeld = true;
      session.act({ type: 'fireStart' });
    } else if (e.code === 'KeyM') {
      e.preventDefault();
      if (!e.repeat) hooks.mark();
    }
  });
  window.addEventListener('keyup', (e) => {
    if (session.phase !== 'running') return;
    if (e.code in HELD) {
      e.preventDefault();
      if (held.delete(e.code)) send();
    } else if (e.code === 'Space' && fireHeld) {
      e.preventDefault();
      fireHeld = false;
      session.act({ type: 'fireStop' });
    }
  });
  return { reset };
}
