/**
 * Numbers a store's reads, by key: `ask(key)` starts one and gives back whether it is still the last one asked, so an
 * answer that arrives after a newer read's never replaces what the newer one shows.
 */
export function lastAsked(): (key?: string) => () => boolean {
  const asked = new Map<string, number>();
  return (key = '') => {
    const mine = (asked.get(key) ?? 0) + 1;
    asked.set(key, mine);
    return () => asked.get(key) === mine;
  };
}
