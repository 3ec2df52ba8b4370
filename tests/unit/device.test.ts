import { describe, expect, it } from 'vitest';
import { needsKeyboard, runsDesktopSimulator, type Device } from '../../src/domain/device.ts';

const mouse = { coarsePointer: false, noHover: false };
const finger = { coarsePointer: true, noHover: true };

// What each browser reports, written out by hand: userAgentData.platform in Chromium browsers, navigator.platform in
// Safari and Firefox (which have no userAgentData).
const devices: Array<[string, Device, { desktop: boolean; keyboard: boolean }]> = [
  ['Windows, Chrome', { platform: 'Windows', maxTouchPoints: 0, ...mouse }, { desktop: true, keyboard: false }],
  ['Windows, Firefox', { platform: 'Win32', maxTouchPoints: 0, ...mouse }, { desktop: true, keyboard: false }],
  ['Windows laptop with a touch screen', { platform: 'Windows', maxTouchPoints: 10, ...mouse }, { desktop: true, keyboard: false }],
  ['macOS, Safari', { platform: 'MacIntel', maxTouchPoints: 0, ...mouse }, { desktop: true, keyboard: false }],
  ['macOS, Chrome', { platform: 'macOS', maxTouchPoints: 0, ...mouse }, { desktop: true, keyboard: false }],
  ['iPadOS, Safari (reports a Mac with touch)', { platform: 'MacIntel', maxTouchPoints: 5, ...finger }, { desktop: false, keyboard: true }],
  ['iPadOS with a trackpad keyboard', { platform: 'MacIntel', maxTouchPoints: 5, ...mouse }, { desktop: false, keyboard: false }],
  ['iPhone, Safari', { platform: 'iPhone', maxTouchPoints: 5, ...finger }, { desktop: false, keyboard: true }],
  ['Android phone, Chrome', { platform: 'Android', maxTouchPoints: 5, ...finger }, { desktop: false, keyboard: true }],
  ['Android phone, Firefox', { platform: 'Linux armv81', maxTouchPoints: 5, ...finger }, { desktop: false, keyboard: true }],
  ['Android tablet, Chrome', { platform: 'Android', maxTouchPoints: 10, ...finger }, { desktop: false, keyboard: true }],
  ['Android tablet, Firefox', { platform: 'Linux aarch64', maxTouchPoints: 10, ...finger }, { desktop: false, keyboard: true }],
  ['Linux, Chrome', { platform: 'Linux', maxTouchPoints: 0, ...mouse }, { desktop: false, keyboard: false }],
  ['Linux, Firefox', { platform: 'Linux x86_64', maxTouchPoints: 0, ...mouse }, { desktop: false, keyboard: false }],
  ['ChromeOS', { platform: 'Chrome OS', maxTouchPoints: 0, ...mouse }, { desktop: false, keyboard: false }],
  ['ChromeOS tablet mode', { platform: 'Chrome OS', maxTouchPoints: 10, ...finger }, { desktop: false, keyboard: true }],
  ['nothing reported', { platform: '', maxTouchPoints: 0, ...mouse }, { desktop: false, keyboard: false }],
];

describe('which device gets which way to open a case', () => {
  it.each(devices)('%s', (_, device, expected) => {
    expect({ desktop: runsDesktopSimulator(device), keyboard: needsKeyboard(device) }).toEqual(expected);
  });
});
