import { and, eq, sql } from 'drizzle-orm';
import type { GroupRole } from '../../api/groups.ts';
import type { Caller } from '../access/token.ts';
import { profileByAddress } from '../access/verified.ts';
import { invitationsSentSince, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { groupInvitations, groupMembers, groups, users } from '../db/schema.ts';
import { addressKey } from '../../domain/addresses.ts';
import { addressKeySql } from '../db/address-key.ts';

/** The SQL of a group's invitations: each change in one transaction with its audit entry. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Outcome = 'added' | 'invited' | 'unverified' | 'already';

/** Who is inviting: an administrator may name any role and change anyone's; a director only brings in new members. */
export type Inviter = 'admin' | 'director';

/** An invitation made now, to be mailed once its transaction commits. */
export interface NewInvitation {
  id: string;
  email: string;
  role: GroupRole;
}

/**
 * One address. A director whose verified account has it joins at once; anyone else (a member, by an account verified
 * or not, or an address with no account) is invited, and a member joins only by accepting in My learning: until then no
 * director reads anything of theirs.
 */
async function inviteOne(
  tx: Tx,
  caller: Caller,
  groupId: string,
  email: string,
  role: GroupRole,
  inviter: Inviter,
): Promise<{ outcome: Outcome; created?: NewInvitation }> {
  const profile = await profileByAddress(tx, email);
  if (profile && profile !== 'unverified') {
    const [before] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, profile.id)));
    if (before && (before.role === role || inviter === 'director')) return { outcome: 'already' };
    // Someone already in the group changes role at an administrator's word; only a director is added without asking.
    if (before || role === 'director') {
      await tx
        .insert(groupMembers)
        .values({ groupId, userId: profile.id, role })
        .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role } });
      await recordAudit(tx, caller, 'group', groupId, before ? 'update' : 'create', before ? { userId: profile.id, role: before.role } : null, {
        userId: profile.id,
        email,
        role,
      });
      return { outcome: 'added' };
    }
  }
  const [pending] = await tx
    .select()
    .from(groupInvitations)
    .where(and(eq(groupInvitations.groupId, groupId), eq(groupInvitations.email, email)));
  if (pending && (pending.role === role || inviter === 'director')) return { outcome: 'already' };
  const id = pending?.id ?? crypto.randomUUID();
  await tx
    .insert(groupInvitations)
    .values({ id, groupId, email, role, invitedBy: caller.uid })
    .onConflictDoUpdate({ target: [groupInvitations.groupId, groupInvitations.email], set: { role, invitedBy: caller.uid } });
  await recordAudit(tx, caller, 'group', groupId, pending ? 'update' : 'create', pending ? { invitation: id, email, role: pending.role } : null, {
    invitation: id,
    email,
    role,
  });
  // Administrators learn that an account waits for its owner to verify the address; a director is not told who has an account.
  const outcome = profile === 'unverified' && inviter === 'admin' ? 'unverified' : 'invited';
  return pending ? { outcome } : { outcome, created: { id, email, role } };
}

/** Thrown inside invite's transaction to undo it: the director's hour of invitations would run over. */
class OverLimit extends Error {
  readonly retryAfterS: number;
  constructor(retryAfterS: number) {
    super('invitations over the hourly limit');
    this.retryAfterS = retryAfterS;
  }
}

/**
 * Invites each address once (as addressKey compares them), in the order given, all or none; 'group' when there is no
 * such group; for a director, `limit` when the invitations made in the last hour and these would be more than it allows
 * (counted under a lock on the director's account, so requests at once add up).
 */
export async function invite(
  db: Db,
  caller: Caller,
  groupId: string,
  emails: string[],
  role: GroupRole,
  inviter: Inviter,
  limit: { max: number; windowMs: number },
) {
  try {
    return await db.transaction(async (tx) => {
      const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
      if (!group) return 'group' as const;
      const results: Array<{ email: string; outcome: Outcome }> = [];
      const created: NewInvitation[] = [];
      // The contract refuses an address NFKC changes, so each has a key.
      for (const email of new Set(emails.map((e) => addressKey(e)!))) {
        const one = await inviteOne(tx, caller, groupId, email, role, inviter);
        results.push({ email, outcome: one.outcome });
        if (one.created) created.push(one.created);
      }
      if (inviter === 'director' && created.length > 0) {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.uid)).for('update');
        const now = Date.now();
        const { sent, first } = await invitationsSentSince(tx, caller.uid, new Date(now - limit.windowMs));
        // The count includes this request's own entries, written above in this transaction.
        if (sent > limit.max) throw new OverLimit(Math.max(1, Math.ceil(((first?.getTime() ?? now) + limit.windowMs - now) / 1000)));
      }
      return { group, results, created };
    });
  } catch (err) {
    if (err instanceof OverLimit) return { limit: err.retryAfterS };
    throw err;
  }
}

/** Cancels a pending invitation; a director may not cancel an administrator's invitation of a director. */
export function cancelInvitation(db: Db, caller: Caller, groupId: string, invitationId: string, inviter: Inviter) {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    const [invitation] = await tx
      .select()
      .from(groupInvitations)
      .where(and(eq(groupInvitations.groupId, groupId), eq(groupInvitations.id, invitationId)));
    if (!group || !invitation) return 'missing' as const;
    if (inviter === 'director' && invitation.role === 'director') return 'forbidden' as const;
    await tx.delete(groupInvitations).where(eq(groupInvitations.id, invitationId));
    await recordAudit(tx, caller, 'group', groupId, 'delete', { invitation: invitationId, email: invitation.email, role: invitation.role }, null);
    return group;
  });
}

/**
 * Deletes the invitations waiting for `address` (a deleted account's verified address: whoever verifies it next must
 * not find them), each with an audit entry that names no address.
 */
export async function dropInvitationsOf(tx: Tx, caller: Caller, address: string): Promise<void> {
  const dropped = await tx
    .delete(groupInvitations)
    .where(eq(groupInvitations.email, addressKeySql(sql`${address}::text`)))
    .returning();
  for (const { id, groupId, role } of dropped) await recordAudit(tx, caller, 'group', groupId, 'delete', { invitation: id, role }, null);
}
