import { describe, expect, it } from 'vitest';
import { CONTROL_STEP, isDeviceControl, quantizeControl } from '../../../src/domain/simulator/index.ts';

describe('the control step of the page’s devices', () => {
  it('takes the keys’ -1, 0 and 1 and every multiple of the step in between', () => {
    for (let k = -1 / CONTROL_STEP; k <= 1 / CONTROL_STEP; k += 1) expect(isDeviceControl(k * CONTROL_STEP)).toBe(true);
  });

  it('refuses values between the steps and beyond -1..1', () => {
    for (const v of [0.45, -0.1, 0.125, 1 / 3, 0.999, 1.25, -1.25, 2, Number.NaN, Number.POSITIVE_INFINITY]) expect(isDeviceControl(v)).toBe(false);
  });

  it('rounds any touch or stick reading to a value the server accepts, clamped, and never -0', () => {
    for (let v = -1.6; v <= 1.6; v += 0.013) {
      const q = quantizeControl(v);
      expect(isDeviceControl(q)).toBe(true);
      expect(Math.abs(q - Math.max(-1, Math.min(1, v)))).toBeLessThanOrEqual(CONTROL_STEP / 2 + 1e-12);
    }
    expect(Object.is(quantizeControl(-0.1), 0)).toBe(true);
    expect([quantizeControl(0.45), quantizeControl(-0.62), quantizeControl(3)]).toEqual([0.5, -0.5, 1]);
  });
});
