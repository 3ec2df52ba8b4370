/** Email addresses as people paste them: a column from a spreadsheet, a list from a mail client. */

/** Close to what the server's zod `email()` accepts: one @, a dotted domain, no spaces or angle brackets. */
const ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * The addresses in pasted text, split on new lines, commas, semicolons and spaces, `Name <address>` read as the
 * address, each once whatever its case (lower-cased, in the order first met); what is not an address, as typed.
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
    const address = token.toLowerCase();
    if (!valid.includes(address)) valid.push(address);
  }
  return { valid, invalid };
}
