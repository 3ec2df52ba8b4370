import { useEffect, useState } from 'react';

/** False in the server's HTML and until the island runs, so a form is not submitted before its handler exists. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
