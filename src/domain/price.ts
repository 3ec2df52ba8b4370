const LRI = '\u2066';
const PDI = '\u2069';

/**
 * A price in the reader's language. The currency sign is an isolate of its own, so in right-to-left text "US$"
 * stays "US$" beside the number instead of being split by the bidirectional algorithm into "$US".
 */
export function formatPrice(locale: string, amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? `${LRI}${part.value}${PDI}` : part.value))
    .join('');
}

/** An estimated length in hours (or minutes under an hour), in the reader's language. */
export function formatLength(locale: string, minutes: number): string {
  if (minutes < 60) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }).format(minutes / 60);
}
