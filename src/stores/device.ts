import type { Device } from '../domain/device.ts';

/** This browser's device as the rules in domain/device.ts read it (userAgentData only exists in Chromium browsers). */
export function currentDevice(): Device {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    platform: nav.userAgentData?.platform || navigator.platform || '',
    maxTouchPoints: navigator.maxTouchPoints,
    screen: { width: screen.width, height: screen.height },
  };
}

const DEVICE_KEY = 'fsa-device-id';

/**
 * This browser's own random id, made once and kept in its storage: the sign-up limit counts per device as well as per
 * network address. Undefined where storage is refused (the address's budget applies alone).
 */
export function deviceId(): string | undefined {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}
