import { useEffect } from 'react';
import { startSession } from '../../stores/session.ts';

/** Starts the session once the page is idle, so the sign-in SDK is not loaded while the page is still rendering. */
export function useSessionWhenIdle(): void {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(startSession, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(startSession, 200);
    return () => clearTimeout(id);
  }, []);
}
