/**
 * The version of the terms of use (and the privacy notice they point to) that a sign-up accepts. Change it when
 * their text changes in substance: every profile keeps the version it accepted and when.
 */
export const TERMS_VERSION = '2026-11-27';

/** The legal pages, each at /legal/<page> in every locale, their text in src/content/legal/<locale>/<page>.md. */
export const LEGAL_PAGES = ['privacy', 'terms', 'refunds', 'cookies'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

/** Whether a person is asked to accept the terms: never asked (signed up before consent was), or accepted an older version. */
export function needsConsent(termsVersion: string | null): boolean {
  return termsVersion !== TERMS_VERSION;
}
