import type { Device } from '../../domain/device.ts';

/** This browser's device as the rules in domain/device.ts read it (userAgentData only exists in Chromium browsers). */
export function currentDevice(): Device {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    platform: nav.userAgentData?.platform || navigator.platform || '',
    maxTouchPoints: navigator.maxTouchPoints,
    screen: { width: screen.width, height: screen.height },
  };
}
