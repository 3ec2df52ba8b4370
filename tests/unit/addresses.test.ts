import { describe, expect, it } from 'vitest';
import { addressKey, splitAddresses } from '../../src/domain/addresses.ts';

describe('splitAddresses', () => {
  it('reads a spreadsheet column, a comma or semicolon list and a mail client’s names, each address once', () => {
    const pasted = 'Ana.Ruiz@Hospital.es\nben@example.org, cara@example.org;dan@example.org\n\n"Eve Doe" <eve@example.org>, ANA.RUIZ@hospital.es';
    expect(splitAddresses(pasted)).toEqual({
      valid: ['ana.ruiz@hospital.es', 'ben@example.org', 'cara@example.org', 'dan@example.org', 'eve@example.org'],
      invalid: [],
    });
  });

  it('keeps what is not an address as typed, once, and nothing from blank input', () => {
    expect(splitAddresses('ok@example.org not-an-address a@b x@y.z @example.org a@@b.org not-an-address')).toEqual({
      valid: ['ok@example.org', 'x@y.z'],
      invalid: ['not-an-address', 'a@b', '@example.org', 'a@@b.org'],
    });
    expect(splitAddresses(' \n ,; ')).toEqual({ valid: [], invalid: [] });
    expect(splitAddresses(`${'a'.repeat(320)}@example.org`).invalid).toHaveLength(1);
  });
});

describe('addressKey', () => {
  it('lower-cases ASCII letters only, and refuses an address that Unicode NFKC changes (the Kelvin sign, full-width letters)', () => {
    expect(addressKey(' Ana.Ruiz@Hospital.ES ')).toBe('ana.ruiz@hospital.es');
    expect(addressKey('Élodie@clinique.fr')).toBe('Élodie@clinique.fr');
    expect(addressKey('kate@\u212Aa-hosp.example')).toBeNull();
    expect(addressKey('ｋate@ka-hosp.example')).toBeNull();
  });
});
