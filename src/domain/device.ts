import { detectPlatform } from './platform.ts';

/** What a page can tell about the device it runs on; the browser reads it (stores/launch/device.ts), the rules below judge it. */
export interface Device {
  /** navigator.userAgentData.platform, or navigator.platform where that is missing. */
  platform: string;
  maxTouchPoints: number;
  /** The screen's size in CSS pixels (screen.width and screen.height), whichever way it is held. */
  screen: { width: number; height: number };
}

/** The desktop simulator is a Windows and macOS program, so only those systems are offered it (as the header's download). */
export function runsDesktopSimulator(device: Device): boolean {
  return detectPlatform(device.platform, device.maxTouchPoints) !== 'Unknown';
}

/** A touch screen gets the simulator's on-screen controls (beside the keys, which still work if a keyboard is connected). */
export function hasTouchScreen(device: Device): boolean {
  return device.maxTouchPoints > 0;
}

/**
 * Below this short side (CSS pixels) the round view and the controls under the thumbs cannot both be large
 * enough to operate: phones, held either way; a small tablet (an iPad mini is 744) still plays.
 */
export const SMALLEST_PLAYABLE_SIDE = 600;

/** A screen too small to operate the fetoscope: the learner is told so and offered a larger window. */
export function tooSmallToPlay(device: Device): boolean {
  const side = Math.min(device.screen.width, device.screen.height);
  return side > 0 && side < SMALLEST_PLAYABLE_SIDE;
}
