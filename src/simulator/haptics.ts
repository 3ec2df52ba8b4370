// Force feedback a game controller can give: a hard rumble when the tip touches the plate, a light buzz while the
// laser fires. Only where the browser offers the Gamepad API's vibrationActuator.playEffect (Chromium); elsewhere,
// and with no controller, nothing happens and nothing fails.
import { exchanging, type SimState } from '../domain/simulator/index.ts';

/** The part of a GamepadHapticActuator this page uses. */
interface Actuator {
  playEffect?: (type: 'dual-rumble', params: { startDelay: number; duration: number; strongMagnitude: number; weakMagnitude: number }) => Promise<unknown>;
}

/** The part of a Gamepad this module reads, so a test can hand in one of its own. */
export interface RumblePad {
  vibrationActuator?: Actuator | null;
}

/** Each cue's effect: a contact jolts both motors; firing hums the light one, renewed each tenth while the pedal is held. */
export const RUMBLE = {
  contact: { duration: 250, strongMagnitude: 1, weakMagnitude: 0.6 },
  fire: { duration: 150, strongMagnitude: 0, weakMagnitude: 0.3 },
} as const;

/** Plays a cue on a pad; false when it cannot rumble. A refused effect (no user gesture yet, another effect) is let go. */
export function rumble(pad: RumblePad | null | undefined, cue: keyof typeof RUMBLE): boolean {
  const actuator = pad?.vibrationActuator;
  if (!actuator || typeof actuator.playEffect !== 'function') return false;
  actuator.playEffect('dual-rumble', { startDelay: 0, ...RUMBLE[cue] }).catch(() => undefined);
  return true;
}

/** The connected controllers, or none where the browser has no Gamepad API. */
export function connectedPads(nav: { getGamepads?: () => readonly (RumblePad | null)[] }): RumblePad[] {
  return typeof nav.getGamepads === 'function' ? nav.getGamepads().filter((p): p is RumblePad => p !== null) : [];
}

/** Follows the attempt each tenth of a second and rumbles the connected controllers at a new contact and while the laser fires (not while an exchange holds it). */
export function createHaptics(): { update(state: Pick<SimState, 'contacts' | 'firing' | 'laserOn' | 'exchange' | 't'>, pads: readonly RumblePad[]): void } {
  let contacts = 0;
  return {
    update(state, pads) {
      const cue = state.contacts > contacts ? 'contact' : state.laserOn && state.firing && !exchanging(state, state.t) ? 'fire' : null;
      contacts = state.contacts;
      if (cue) for (const pad of pads) rumble(pad, cue);
    },
  };
}
