import { useStore } from '@nanostores/react';
import type { Store, StoreValue } from 'nanostores';

/**
 * A store's value in an island. The server rendered every island with the stores' initial values, so hydration starts
 * from those and then moves to the current one: another island may already have changed a shared store (the session)
 * before this one hydrates, and hydrating with that value would not match the server's HTML.
 */
export function useIslandStore<S extends Store>(store: S): StoreValue<S> {
  return useStore(store, { ssr: 'initial' });
}
