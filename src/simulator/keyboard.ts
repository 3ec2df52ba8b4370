// Keyboard to simulator actions: held arrows give the scope's direction, Shift toggles the laser,
// a held space burns, Escape pauses. Auto-repeat is ignored so a held key is one event.
import type { Session } from './session.ts';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
};

export interface Keyboard {
  /** Forgets held keys (the session releases them itself when pausing). */
  reset(): void;
  dispose(): void;
}

export function bindKeyboard(session: Session, hooks: { togglePause(): void }): Keyboard {
  const held = new Set<string>();
  let fireHeld = false;
  const direction = () => {
    let dx = 0;
    let dy = 0;
    for (const key of held) {
      const [x, y] = ARROWS[key]!;
      dx += x;
      dy += y;
    }
    session.act({ type: 'move', dx, dy });
  };
  const down = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && (session.phase === 'running' || session.phase === 'paused')) {
      e.preventDefault();
      if (!e.repeat) hooks.togglePause();
      return;
    }
    if (session.phase !== 'running') return;
    if (e.key in ARROWS) {
      e.preventDefault();
      if (e.repeat || held.has(e.key)) return;
      held.add(e.key);
      direction();
    } else if (e.key === 'Shift') {
      if (e.repeat) return;
      session.act({ type: session.state.laserOn ? 'laserOff' : 'laserOn' });
    } else if (e.key === ' ') {
      e.preventDefault();
      if (e.repeat || fireHeld) return;
      fireHeld = true;
      session.act({ type: 'fireStart' });
    }
  };
  const up = (e: KeyboardEvent) => {
    if (e.key in ARROWS) {
      if (session.phase === 'running') e.preventDefault();
      if (held.delete(e.key)) direction();
    } else if (e.key === ' ') {
      if (session.phase === 'running') e.preventDefault();
      if (fireHeld) {
        fireHeld = false;
        session.act({ type: 'fireStop' });
      }
    }
  };
  window.addEventListener('keydown', down);
  window.addEventListener('keyup', up);
  return {
    reset() {
      held.clear();
      fireHeld = false;
    },
    dispose() {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    },
  };
}
