import { describe, expect, it } from 'vitest';
import { needsConsent, TERMS_VERSION } from '../../src/domain/legal.ts';

describe('consent to the terms', () => {
  it('asks those who were never asked and those who accepted an older version, once they accept the one in force no more', () => {
    expect(needsConsent(null)).toBe(true);
    expect(needsConsent('2025-01-01')).toBe(true);
    expect(needsConsent('')).toBe(true);
    expect(needsConsent(TERMS_VERSION)).toBe(false);
  });
});
