import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audit } from '../db/schema.ts';

/**
 * How many group invitations `actor` made since `since`, and when the first of them was, as the audit trail records
 * them: invitations accepted, declined or cancelled since count too, so cancelling and inviting again does not renew
 * the budget (each invitation sends a mail).
 */
export async function invitationsSentSince(db: Pick<Db, 'select'>, actor: string, since: Date): Promise<{ sent: number; first: Date | null }> {
  const [row] = await db
    .select({ sent: count(), first: min(audit.at) })
    .from(audit)
    .where(and(eq(audit.entity, 'group'), eq(audit.actor, actor), eq(audit.action, 'create'), gt(audit.at, since), sql`${audit.after} ? 'invitation'`));
  return { sent: row?.sent ?? 0, first: row?.first ?? null };
}
