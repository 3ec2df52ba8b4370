import { LOCALES } from '../i18n/locales.ts';

/** Numbers, prices, lengths and dates in the reader's language, the same in the pages, the islands and the PDFs. */

const LRI = '\u2066';
const PDI = '\u2069';

/** The languages written right to left, as the site's one list says (by their base language, so 'ar-EG' is one). */
const RIGHT_TO_LEFT = new Set(LOCALES.filter((l) => l.dir === 'rtl').map((l) => l.code.split('-')[0]!));

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

/** A number of months, e.g. "6 months", in the reader's language. */
export const formatMonths = (locale: string, months: number): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'month', unitDisplay: 'long' }).format(months);

/** A day, e.g. "23 November 2026", in the reader's language; the server says 'UTC', not knowing the reader's time zone. */
export const formatDay = (locale: string, date: Date | string, timeZone?: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(date));

/** A day and time, e.g. when an attempt was made or a subscription ends, in the reader's language and time zone. */
export const formatDateTime = (locale: string, date: Date | string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
