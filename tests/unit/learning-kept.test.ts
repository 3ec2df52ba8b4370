import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEARNING_KEPT, rememberSignedIn, SIGNED_IN_HINT } from '../../src/stores/stored-session.ts';

/** Web Storage as the browser's: strings by key. */
function storage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, String(v)),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

describe("My learning's courses kept on the device", () => {
  beforeEach(() => vi.stubGlobal('localStorage', storage()));
  afterEach(() => vi.unstubAllGlobals());
  const keep = (uid: string) => localStorage.setItem(LEARNING_KEPT, JSON.stringify({ uid, lang: 'en', value: { courses: [], offers: [] } }));

  it('stay for the person signed in', () => {
    keep('ana');
    rememberSignedIn('ana');
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('1');
    expect(localStorage.getItem(LEARNING_KEPT)).not.toBeNull();
  });

  it('go when they sign out, and when someone else signs in', () => {
    keep('ana');
    rememberSignedIn(null);
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
    expect(localStorage.getItem(LEARNING_KEPT)).toBeNull();
    keep('ana');
    rememberSignedIn('bruno');
    expect(localStorage.getItem(LEARNING_KEPT)).toBeNull();
  });
});
