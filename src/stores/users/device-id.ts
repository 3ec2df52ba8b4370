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
