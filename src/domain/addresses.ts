/** Email addresses as people paste them (a column from a spreadsheet, a list from a mail client), and how two are compared. */

/**
 * The form an address is compared in: Unicode NFKC, then ASCII letters lower-cased and nothing else (addressKeySql in
 * src/server/db/address-key.ts is the same rule in SQL). Null for an address that NFKC changes: such an address is refused, since
 * `kate@\u212Aa-hosp.example` (the Kelvin sign) would otherwise compare equal to `kate@ka-hosp.example`.
 */
export function addressKey(address: string): string | null {
  const trimmed = address.trim();
  if (trimmed.normalize('NFKC') !== trimmed) return null;
  return trimmed.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 32));
}

/** Close to what the server's zod `email()` accepts: one @, a dotted domain, no spaces or angle brackets. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * The addresses in pasted text, split on new lines, commas, semicolons and spaces, `Name <address>` read as the
 * address, each once whatever its case (as addressKey compares it, in the order first met); what is not an address, as typed.
 */
export function splitAddresses(text: string): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  const bracketed = text.replace(/[^<>,;\n]*<([^<>]*)>/g, ' $1 ');
  for (const part of bracketed.split(/[\s,;]+/)) {
    const token = part.trim();
    if (!token) continue;
    if (!ADDRESS.test(token) || token.length > 320) {
      if (!invalid.includes(token)) invalid.push(token);
      continue;
    }
    const address = addressKey(token)!;
    if (!valid.includes(address)) valid.push(address);
  }
  return { valid, invalid };
}
