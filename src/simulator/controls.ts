// The page's input devices (keyboard, on-screen touch controls, gamepad) as sources of held controls. Each source
// says what it holds now; one mixer adds the sources up, rounds to the step the log accepts and sends one 'input'
// event when the sum changes, and 'fireStart' / 'fireStop' when the first source starts or the last one stops firing.
import { NO_CONTROLS, quantizeControl, type Controls } from '../domain/simulator/index.ts';
import type { Action } from './session.ts';

export type SourceName = 'keyboard' | 'touch' | 'gamepad';

export interface InputSource {
  /** What this source holds now, each axis in -1..1 (missing axes are 0); readings are rounded to the log's step. */
  hold(controls: Partial<Controls>): void;
  /** Whether this source holds the laser's fire. */
  fire(on: boolean): void;
}

export interface InputMixer {
  /** The named source; `forget` is called when the mixer resets, for the device to let go of what it holds too. */
  source(name: SourceName, forget?: () => void): InputSource;
  /** Forgets what every source holds, without sending: the session lets go of held controls itself. */
  reset(): void;
}

const AXES = ['turnX', 'turnY', 'insert', 'roll'] as const;

/** One source's reading on the log's step: clamped to -1..1 and rounded to CONTROL_STEP. */
export function quantizeControls(controls: Partial<Controls>): Controls {
  return {
    turnX: quantizeControl(controls.turnX ?? 0),
    turnY: quantizeControl(controls.turnY ?? 0),
    insert: quantizeControl(controls.insert ?? 0),
    roll: quantizeControl(controls.roll ?? 0),
  };
}

/** The controls of several sources held at once: their sum on each axis, kept within -1..1. */
export function mergeControls(readings: Iterable<Controls>): Controls {
  const sum = { ...NO_CONTROLS };
  for (const r of readings) for (const axis of AXES) sum[axis] += r[axis];
  return quantizeControls(sum);
}

const keyOf = (c: Controls) => AXES.map((axis) => c[axis]).join(',');

/**
 * The one place held controls become events. `live()` says whether the learner is steering now (the surgery
 * running, no dialog open); while it is false what sources report is ignored.
 */
export function createInputMixer(act: (action: Action) => void, live: () => boolean): InputMixer {
  const held = new Map<SourceName, Controls>();
  const firing = new Set<SourceName>();
  let sent = keyOf(NO_CONTROLS);
  const forgetters: (() => void)[] = [];
  return {
    source(name, forget) {
      if (forget) forgetters.push(forget);
      return {
        hold(controls) {
          if (!live()) return;
          held.set(name, quantizeControls(controls));
          const merged = mergeControls(held.values());
          const key = keyOf(merged);
          if (key === sent) return;
          sent = key;
          act({ type: 'input', ...merged });
        },
        fire(on) {
          if (!live() || on === firing.has(name)) return;
          const before = firing.size > 0;
          if (on) firing.add(name);
          else firing.delete(name);
          if (before !== firing.size > 0) act({ type: on ? 'fireStart' : 'fireStop' });
        },
      };
    },
    reset() {
      held.clear();
      firing.clear();
      sent = keyOf(NO_CONTROLS);
      for (const forget of forgetters) forget();
    },
  };
}

/** The one-shot commands every device gives the same way: main.ts carries them out. */
export interface Commands {
  /** The aiming beam on or off. */
  laser(): void;
  /** Marks the point under the beam and opens the marking dialog. */
  mark(): void;
  /** Starts an amnio-exchange (the model ignores it while one runs). */
  exchange(): void;
  /** Starts a wipe of the lens (the model ignores it while one runs); the laser page's alone. */
  wipe?(): void;
  /** Cancels a mark, or pauses, or resumes. */
  escape(): void;
}
