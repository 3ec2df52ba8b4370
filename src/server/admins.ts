import { asc, eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { users } from './db/schema.ts';

/**
 * Locks a user's row, inside a transaction, for a change that may take an administrator away (a demotion, a
 * deletion). Every admin row is locked first, in id order, so two such changes at once run one after the other and
 * the second sees the first's result. Answers the row, `missing`, or `last-admin` when the change would leave none.
 */
export async function lockKeepingAnAdmin(tx: Pick<Db, 'select'>, uid: string, removesAdmin: boolean) {
  const admins = removesAdmin ? await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id)).for('update') : [];
  const [row] = await tx.select().from(users).where(eq(users.id, uid)).for('update');
  if (!row) return 'missing' as const;
  if (removesAdmin && row.isAdmin && admins.length <= 1) return 'last-admin' as const;
  return row;
}
