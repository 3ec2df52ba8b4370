import { describe, expect, it } from 'vitest';
import { hasTouchScreen, runsDesktopSimulator, SMALLEST_PLAYABLE_SIDE, tooSmallToPlay, type Device } from '../../src/domain/device.ts';

const laptop = { width: 1440, height: 900 };
const ipad = { width: 820, height: 1180 };
const iphone = { width: 390, height: 844 };
const androidPhone = { width: 412, height: 915 };
const androidTablet = { width: 800, height: 1280 };

// What each browser reports, written out by hand: userAgentData.platform in Chromium browsers, navigator.platform in
// Safari and Firefox (which have no userAgentData).
const devices: Array<[string, Device, { desktop: boolean; touch: boolean; small: boolean }]> = [
  ['Windows, Chrome', { platform: 'Windows', maxTouchPoints: 0, screen: laptop }, { desktop: true, touch: false, small: false }],
  ['Windows, Firefox', { platform: 'Win32', maxTouchPoints: 0, screen: laptop }, { desktop: true, touch: false, small: false }],
  ['Windows laptop with a touch screen', { platform: 'Windows', maxTouchPoints: 10, screen: laptop }, { desktop: true, touch: true, small: false }],
  ['macOS, Safari', { platform: 'MacIntel', maxTouchPoints: 0, screen: laptop }, { desktop: true, touch: false, small: false }],
  ['macOS, Chrome', { platform: 'macOS', maxTouchPoints: 0, screen: laptop }, { desktop: true, touch: false, small: false }],
  ['iPadOS, Safari (reports a Mac with touch)', { platform: 'MacIntel', maxTouchPoints: 5, screen: ipad }, { desktop: false, touch: true, small: false }],
  ['iPad mini held sideways', { platform: 'MacIntel', maxTouchPoints: 5, screen: { width: 1133, height: 744 } }, { desktop: false, touch: true, small: false }],
  ['iPhone, Safari', { platform: 'iPhone', maxTouchPoints: 5, screen: iphone }, { desktop: false, touch: true, small: true }],
  ['Android phone, Chrome', { platform: 'Android', maxTouchPoints: 5, screen: androidPhone }, { desktop: false, touch: true, small: true }],
  [
    'Android phone held sideways, Firefox',
    { platform: 'Linux armv81', maxTouchPoints: 5, screen: { width: 915, height: 412 } },
    { desktop: false, touch: true, small: true },
  ],
  ['Android tablet, Chrome', { platform: 'Android', maxTouchPoints: 10, screen: androidTablet }, { desktop: false, touch: true, small: false }],
  ['Android tablet, Firefox', { platform: 'Linux aarch64', maxTouchPoints: 10, screen: androidTablet }, { desktop: false, touch: true, small: false }],
  ['Linux, Chrome', { platform: 'Linux', maxTouchPoints: 0, screen: laptop }, { desktop: false, touch: false, small: false }],
  ['ChromeOS tablet mode', { platform: 'Chrome OS', maxTouchPoints: 10, screen: { width: 1280, height: 800 } }, { desktop: false, touch: true, small: false }],
  ['nothing reported', { platform: '', maxTouchPoints: 0, screen: { width: 0, height: 0 } }, { desktop: false, touch: false, small: false }],
];

describe('which device gets which way to open a case', () => {
  it.each(devices)('%s', (_, device, expected) => {
    expect({ desktop: runsDesktopSimulator(device), touch: hasTouchScreen(device), small: tooSmallToPlay(device) }).toEqual(expected);
  });

  it('draws the line for a small screen at its short side, whichever way it is held', () => {
    const at = (width: number, height: number) => tooSmallToPlay({ platform: 'Android', maxTouchPoints: 5, screen: { width, height } });
    expect([at(SMALLEST_PLAYABLE_SIDE - 1, 1000), at(1000, SMALLEST_PLAYABLE_SIDE - 1)]).toEqual([true, true]);
    expect([at(SMALLEST_PLAYABLE_SIDE, 1000), at(1000, SMALLEST_PLAYABLE_SIDE)]).toEqual([false, false]);
  });
});
