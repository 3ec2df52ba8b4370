import { describe, expect, it, vi } from 'vitest';
import { connectedPads, createHaptics, rumble, RUMBLE, type RumblePad } from '../../../src/simulator/haptics.ts';

/** A controller whose actuator records each effect asked of it. */
function pad() {
  const playEffect = vi.fn(() => Promise.resolve('complete'));
  return { pad: { vibrationActuator: { playEffect } } satisfies RumblePad, playEffect };
}

const state = (over: Partial<{ contacts: number; firing: boolean; laserOn: boolean; t: number; exchange: { from: number; level: number } | null }> = {}) => ({
  contacts: 0,
  firing: false,
  laserOn: false,
  t: 1000,
  exchange: null,
  ...over,
});

describe('gamepad haptics', () => {
  it('jolts both motors once at a new contact, not while the count stays', () => {
    const { pad: p, playEffect } = pad();
    const haptics = createHaptics();
    haptics.update(state(), [p]);
    expect(playEffect).not.toHaveBeenCalled();
    haptics.update(state({ contacts: 1 }), [p]);
    expect(playEffect).toHaveBeenCalledExactlyOnceWith('dual-rumble', { startDelay: 0, ...RUMBLE.contact });
    haptics.update(state({ contacts: 1 }), [p]);
    expect(playEffect).toHaveBeenCalledTimes(1);
  });

  it('hums the light motor each tenth while the laser fires, not with the beam off or while an exchange holds it', () => {
    const { pad: p, playEffect } = pad();
    const haptics = createHaptics();
    haptics.update(state({ firing: true }), [p]);
    expect(playEffect).not.toHaveBeenCalled();
    haptics.update(state({ firing: true, laserOn: true }), [p]);
    haptics.update(state({ firing: true, laserOn: true }), [p]);
    expect(playEffect).toHaveBeenCalledTimes(2);
    expect(playEffect).toHaveBeenLastCalledWith('dual-rumble', { startDelay: 0, ...RUMBLE.fire });
    haptics.update(state({ firing: true, laserOn: true, exchange: { from: 500, level: 0.4 } }), [p]);
    expect(playEffect).toHaveBeenCalledTimes(2);
  });

  it('does nothing and throws nothing where the browser cannot rumble or refuses', async () => {
    expect(rumble({}, 'contact')).toBe(false);
    expect(rumble({ vibrationActuator: null }, 'contact')).toBe(false);
    expect(rumble({ vibrationActuator: {} }, 'contact')).toBe(false);
    expect(rumble(null, 'fire')).toBe(false);
    const refused = vi.fn(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    expect(rumble({ vibrationActuator: { playEffect: refused } }, 'contact')).toBe(true);
    await Promise.resolve();
    expect(connectedPads({})).toEqual([]);
    const { pad: p } = pad();
    expect(connectedPads({ getGamepads: () => [null, p, null] })).toEqual([p]);
  });
});
