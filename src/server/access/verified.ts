import { and, eq, sql } from 'drizzle-orm';
import type { Caller } from './token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { groupInvitations, groupMembers, users } from '../db/schema.ts';
import { addressKeySql } from '../db/address-key.ts';
import { addressKey } from '../../domain/addresses.ts';

/**
 * Privileges follow verified addresses only: a role given by address (admin:grant, a group's director or member, an
 * invitation) reaches a profile only once Firebase has vouched for that address in a sign-in token.
 */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The profile whose verified address is `email` (compared as addressKey does); a profile that has not verified it is `unverified`. */
export async function profileByAddress(db: Pick<Db, 'select'>, email: string) {
  const key = addressKey(email);
  if (key === null) return null;
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(and(eq(addressKeySql(users.email), key), sql`${users.email} <> ''`));
  if (!row) return null;
  return row.emailVerified ? row : ('unverified' as const);
}

/**
 * Turns the pending director invitations of `email` into memberships of `uid`, each with its audit entry (the invited person as
 * the actor), and deletes them. Call it once the address is verified, inside the transaction that says so.
 */
export async function claimInvitations(tx: Tx, caller: Pick<Caller, 'uid' | 'email'>, email: string): Promise<number> {
  // An address that NFKC changes claims nothing: `kate@\u212Aa-hosp.example` is not `kate@ka-hosp.example`.
  const key = addressKey(email);
  if (key === null) return 0;
  // A member's invitation waits for them to accept it in My learning; a director's is taken up with the address.
  const pending = await tx
    .delete(groupInvitations)
    .where(and(eq(groupInvitations.email, key), eq(groupInvitations.role, 'director')))
    .returning();
  for (const invitation of pending) {
    const [before] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, invitation.groupId), eq(groupMembers.userId, caller.uid)));
    await tx
      .insert(groupMembers)
      .values({ groupId: invitation.groupId, userId: caller.uid, role: invitation.role })
      .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role: invitation.role } });
    await recordAudit(tx, caller, 'group', invitation.groupId, before ? 'update' : 'create', before ? { userId: caller.uid, role: before.role } : null, {
      userId: caller.uid,
      email: invitation.email,
      role: invitation.role,
      invitation: invitation.id,
    });
  }
  return pending.length;
}

/**
 * Records that the caller's token vouches for the address of their profile (the first request after they opened the
 * verification link) and lets their invitations take effect; false when there was nothing new to record.
 */
export async function recordVerified(db: Db, caller: Caller): Promise<boolean> {
  const email = caller.email && addressKey(caller.email);
  if (!caller.emailVerified || !email) return false;
  // One read on the way of every own-record request; the transaction only the once it has something to record.
  const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, caller.uid));
  if (!row || row.emailVerified) return false;
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, caller.uid), eq(users.emailVerified, false), eq(addressKeySql(users.email), email)))
      .returning({ id: users.id });
    if (!changed) return false;
    await claimInvitations(tx, caller, email);
    return true;
  });
}
