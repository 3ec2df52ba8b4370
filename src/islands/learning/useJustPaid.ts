import { useEffect, useState } from 'react';

/** The plan a payment just bought (`?paid=` from the pricing page), read once and taken off the address. */
export function useJustPaid(): string | null {
  const [paid, setPaid] = useState<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    setPaid(params.get('paid'));
    if (params.has('paid')) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  return paid;
}
