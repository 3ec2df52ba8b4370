import { describe, expect, it } from 'vitest';
import { CONTROL_STEP, isDeviceControl } from '../../../src/domain/simulator/index.ts';
import { createInputMixer, mergeControls, quantizeControls } from '../../../src/simulator/controls.ts';
import { readPad, type PadReading } from '../../../src/simulator/gamepad.ts';
import type { Action } from '../../../src/simulator/session.ts';
import { stickReading } from '../../../src/simulator/touch.ts';

/** A standard-layout pad at rest, with the given axes and pressed buttons (indices). */
function pad(axes: number[], pressed: number[] = [], triggers: Record<number, number> = {}): PadReading {
  return {
    axes,
    buttons: Array.from({ length: 17 }, (_, i) => ({
      pressed: pressed.includes(i) || (triggers[i] ?? 0) > 0.5,
      value: triggers[i] ?? (pressed.includes(i) ? 1 : 0),
    })),
  };
}

/** A mixer recording what it sends, live unless told otherwise. */
function mixer() {
  const sent: Action[] = [];
  let live = true;
  const input = createInputMixer(
    (a) => sent.push(a),
    () => live,
  );
  return { input, sent, pause: (on: boolean) => (live = !on) };
}

describe('touch and stick readings', () => {
  it('reads a finger on a stick in the unit disc, up positive, pinned at full deflection beyond the travel', () => {
    expect(stickReading(0, 0, 50)).toEqual({ x: 0, y: 0 });
    expect(stickReading(25, -25, 50)).toEqual({ x: 0.5, y: 0.5 });
    expect(stickReading(0, 80, 50)).toEqual({ x: 0, y: -1 });
    const corner = stickReading(100, -100, 50);
    expect(Math.hypot(corner.x, corner.y)).toBeCloseTo(1, 12);
    expect(corner.x).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('rounds every reading to the step the server accepts, within -1..1', () => {
    const readings = [0.06, 0.13, -0.37, 0.62, 0.99, -1.4, 0.7071067811865476];
    const q = readings.map((v) => quantizeControls({ turnX: v }).turnX);
    expect(q).toEqual([0, 0.25, -0.25, 0.5, 1, -1, 0.75]);
    for (const v of q) expect(isDeviceControl(v)).toBe(true);
    // A stick dragged anywhere on its travel yields only values the log accepts.
    for (let dx = -60; dx <= 60; dx += 7) {
      for (let dy = -60; dy <= 60; dy += 11) {
        const r = stickReading(dx, dy, 50);
        const c = quantizeControls({ turnX: r.x, turnY: r.y });
        expect([c.turnX, c.turnY].every(isDeviceControl)).toBe(true);
        expect(Number.isInteger(c.turnX / CONTROL_STEP)).toBe(true);
      }
    }
  });

  it('reads a gamepad: left stick turns (up is up), right stick advances, shoulders roll, the right trigger fires', () => {
    const r = readPad(pad([0.62, -0.9, 0.3, -0.55], [5], { 7: 0.8 }));
    expect(r.controls).toEqual({ turnX: 0.62, turnY: 0.9, insert: 0.55, roll: 1 });
    expect(r.fire).toBe(true);
    expect(quantizeControls(r.controls)).toEqual({ turnX: 0.5, turnY: 1, insert: 0.5, roll: 1 });
    expect(readPad(pad([0, 0, 0, 0], [4], { 7: 0.3 }))).toMatchObject({ controls: { roll: -1 }, fire: false });
  });

  it('takes a resting stick that drifts a little for centred, and names the pressed buttons', () => {
    const r = readPad(pad([0.15, -0.18, 0.05, 0.19], [0, 3, 9, 13]));
    expect(r.controls).toEqual({ turnX: 0, turnY: 0, insert: 0, roll: 0 });
    expect([...r.pressed].sort()).toEqual(['a', 'down', 'start', 'y']);
  });

  it("reads the X button, the controller's amnio-exchange", () => {
    expect([...readPad(pad([0, 0, 0, 0], [2])).pressed]).toEqual(['x']);
  });
});

describe('the input mixer', () => {
  it('adds the sources held at once, keeps the sum within -1..1, on the step', () => {
    expect(
      mergeControls([
        { turnX: 1, turnY: 0, insert: 0, roll: 0 },
        { turnX: 0.5, turnY: -0.25, insert: 0, roll: 1 },
        { turnX: 0, turnY: -1, insert: 0.75, roll: 0 },
      ]),
    ).toEqual({ turnX: 1, turnY: -1, insert: 0.75, roll: 1 });
    expect(
      mergeControls([
        { turnX: 1, turnY: 0, insert: 0, roll: 0 },
        { turnX: -0.5, turnY: 0, insert: 0, roll: 0 },
      ]).turnX,
    ).toBe(0.5);
  });

  it('sends one input event when the combined value changes, and none when a reading rounds to the same', () => {
    const { input, sent } = mixer();
    const touch = input.source('touch');
    const keys = input.source('keyboard');
    touch.hold({ turnX: 0.3 });
    touch.hold({ turnX: 0.27 });
    touch.hold({ turnX: 0.2 });
    keys.hold({ insert: 1 });
    keys.hold({ insert: 1 });
    touch.hold({});
    expect(sent).toEqual([
      { type: 'input', turnX: 0.25, turnY: 0, insert: 0, roll: 0 },
      { type: 'input', turnX: 0.25, turnY: 0, insert: 1, roll: 0 },
      { type: 'input', turnX: 0, turnY: 0, insert: 1, roll: 0 },
    ]);
  });

  it('starts firing with the first source that fires and stops with the last one that lets go', () => {
    const { input, sent } = mixer();
    const touch = input.source('touch');
    const pad = input.source('gamepad');
    touch.fire(true);
    pad.fire(true);
    touch.fire(false);
    touch.fire(false);
    pad.fire(false);
    expect(sent.map((a) => a.type)).toEqual(['fireStart', 'fireStop']);
  });

  it('ignores the sources while not live, forgets them on reset, and sends afresh after', () => {
    const { input, sent, pause } = mixer();
    let forgotten = 0;
    const touch = input.source('touch', () => (forgotten += 1));
    touch.hold({ turnY: -0.6 });
    touch.fire(true);
    pause(true);
    input.reset();
    touch.hold({ turnY: 1 });
    touch.fire(false);
    pause(false);
    touch.hold({ turnY: -0.6 });
    touch.fire(true);
    expect(forgotten).toBe(1);
    expect(sent).toEqual([
      { type: 'input', turnX: 0, turnY: -0.5, insert: 0, roll: 0 },
      { type: 'fireStart' },
      { type: 'input', turnX: 0, turnY: -0.5, insert: 0, roll: 0 },
      { type: 'fireStart' },
    ]);
  });
});
