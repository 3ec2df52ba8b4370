// A game controller (the Gamepad API's standard layout): the left stick pivots the fetoscope, the right stick
// advances and withdraws, the shoulder buttons roll, the right trigger fires; A switches the aiming beam, Y marks, X exchanges the fluid, the left trigger wipes the lens,
// B or Start cancels a mark, pauses or resumes. In the marking dialog the pad moves between the choices and A picks.
import type { Controls } from '../domain/simulator/index.ts';
import type { Commands, InputMixer } from './controls.ts';
import type { Session } from './session.ts';

/** The part of a Gamepad this page reads, so a test can hand in a reading of its own. */
export interface PadReading {
  axes: readonly number[];
  buttons: readonly { pressed: boolean; value: number }[];
}

/** Below this a stick counts as centred: sticks at rest rarely read exactly 0. */
const DEAD_ZONE = 0.2;

/** Standard-layout button indices the page uses. */
const BUTTON = { a: 0, b: 1, x: 2, y: 3, lb: 4, rb: 5, lt: 6, rt: 7, start: 9, up: 12, down: 13, left: 14, right: 15 } as const;
export type ButtonName = Exclude<keyof typeof BUTTON, 'lb' | 'rb' | 'rt'>;

const stick = (v: number | undefined) => (v === undefined || Math.abs(v) < DEAD_ZONE ? 0 : v);
const down = (pad: PadReading, i: number) => pad.buttons[i]?.pressed === true;

/** What a controller holds: the controls (sticks up read as turn up and advance), fire, and the pressed buttons. */
export function readPad(pad: PadReading): { controls: Controls; fire: boolean; pressed: Set<ButtonName> } {
  const pressed = new Set<ButtonName>();
  for (const name of ['a', 'b', 'x', 'y', 'lt', 'start', 'up', 'down', 'left', 'right'] as const) if (down(pad, BUTTON[name])) pressed.add(name);
  return {
    controls: {
      turnX: stick(pad.axes[0]),
      turnY: -stick(pad.axes[1]) || 0,
      insert: -stick(pad.axes[3]) || 0,
      roll: (down(pad, BUTTON.rb) ? 1 : 0) - (down(pad, BUTTON.lb) ? 1 : 0),
    },
    fire: (pad.buttons[BUTTON.rt]?.value ?? 0) > 0.5,
    pressed,
  };
}

/**
 * Polls the first connected controller each frame while one is connected. `dialog()` is the open marking
 * dialog, whose buttons the pad moves between, or null.
 */
export function bindGamepad(session: Pick<Session, 'phase'>, input: InputMixer, commands: Commands, dialog: () => HTMLElement | null): void {
  const source = input.source('gamepad');
  let before = new Set<ButtonName>();
  let polling = false;
  const pressedNow = (name: ButtonName, now: Set<ButtonName>) => now.has(name) && !before.has(name);
  const poll = () => {
    const pad = [...navigator.getGamepads()].find((p) => p !== null);
    if (!pad) {
      polling = false;
      return;
    }
    const reading = readPad(pad);
    const now = reading.pressed;
    source.hold(reading.controls);
    source.fire(reading.fire);
    const open = dialog();
    if (open) {
      const choices = [...open.querySelectorAll<HTMLButtonElement>('button')];
      const at = choices.indexOf(document.activeElement as HTMLButtonElement);
      const step = pressedNow('down', now) || pressedNow('right', now) ? 1 : pressedNow('up', now) || pressedNow('left', now) ? -1 : 0;
      if (step) choices[(at + step + choices.length) % choices.length]!.focus();
      if (pressedNow('a', now) && at >= 0) choices[at]!.click();
    } else if (session.phase === 'running') {
      if (pressedNow('a', now)) commands.laser();
      if (pressedNow('y', now)) commands.mark();
      if (pressedNow('x', now)) commands.exchange();
      if (pressedNow('lt', now)) commands.wipe?.();
    }
    if ((session.phase === 'running' || session.phase === 'paused') && (pressedNow('b', now) || pressedNow('start', now))) commands.escape();
    before = now;
    requestAnimationFrame(poll);
  };
  const begin = () => {
    if (polling) return;
    polling = true;
    requestAnimationFrame(poll);
  };
  // While a controller is connected the help and hints name its buttons (the page's data-pad).
  const mark = () =>
    document.getElementById('sim')?.toggleAttribute(
      'data-pad',
      [...navigator.getGamepads()].some((p) => p !== null),
    );
  window.addEventListener('gamepadconnected', () => {
    mark();
    begin();
  });
  window.addEventListener('gamepaddisconnected', mark);
  mark();
  if ([...navigator.getGamepads()].some((p) => p !== null)) begin();
}
