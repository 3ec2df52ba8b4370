import { detectPlatform } from './platform.ts';

/** What a page can tell about the device it runs on; the browser reads it (stores/device.ts), the rules below judge it. */
export interface Device {
  /** navigator.userAgentData.platform, or navigator.platform where that is missing. */
  platform: string;
  maxTouchPoints: number;
  /** matchMedia('(pointer: coarse)'): the primary pointer is a finger, not a mouse or trackpad. */
  coarsePointer: boolean;
  /** matchMedia('(hover: none)') */
  noHover: boolean;
}

/** The desktop simulator is a Windows and macOS program, so only those systems are offered it (as the header's download). */
export function runsDesktopSimulator(device: Device): boolean {
  return detectPlatform(device.platform, device.maxTouchPoints) !== 'Unknown';
}

/** The browser simulator has only keyboard controls so far: a touch screen with no fine pointer needs a keyboard connected. */
export function needsKeyboard(device: Device): boolean {
  return device.maxTouchPoints > 0 && device.coarsePointer && device.noHover;
}
