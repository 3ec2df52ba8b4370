const LRI = '\u2066';
const PDI = '\u2069';

const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * A price in the reader's language. In right-to-left languages the currency sign is an isolate of its own, so "US$"
 * stays "US$" beside the number instead of being split by the bidirectional algorithm into "$US".
 */
export function formatPrice(locale: string, amount: number, currency = 'USD'): string {
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(amount);
  const rtl = RIGHT_TO_LEFT.has(locale.split('-')[0]!.toLowerCase());
  return parts.map((part) => (rtl && part.type === 'currency' ? `${LRI}${part.value}${PDI}` : part.value)).join('');
}

/** An estimated length in hours (or minutes under an hour), in the reader's language. */
export function formatLength(locale: string, minutes: number): string {
  if (minutes < 60) return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes);
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long', maximumFractionDigits: 1 }).format(minutes / 60);
}
