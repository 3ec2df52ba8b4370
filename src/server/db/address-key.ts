import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * An address column in the form addresses are compared in, as addressKey (src/domain/addresses.ts) computes it: NFKC,
 * then ASCII letters lower-cased. Not `lower()`, which follows the database's locale and lower-cases the Kelvin sign.
 */
export const addressKeySql = (column: SQLWrapper): SQL<string> =>
  sql`translate(normalize(${column}, NFKC), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
