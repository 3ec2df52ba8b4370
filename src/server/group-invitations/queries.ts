import { and, eq } from 'drizzle-orm';
import type { GroupRole } from '../../api/groups.ts';
import type { Caller } from '../access/token.ts';
import { profileByAddress } from '../access/verified.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { groupInvitations, groupMembers, groups } from '../db/schema.ts';
import { addressKey } from '../../domain/addresses.ts';

/** The SQL of a group's invitations: each change in one transaction with its audit entry. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Outcome = 'added' | 'invited' | 'unverified' | 'already';

/** Who is inviting: an administrator may name any role and change anyone's; a director only brings in new members. */
export type Inviter = 'admin' | 'director';

/** One address: joins at once when a verified account has it, else waits as an invitation (also when its account has not verified it). */
async function inviteOne(tx: Tx, caller: Caller, groupId: string, email: string, role: GroupRole, inviter: Inviter): Promise<Outcome> {
  const profile = await profileByAddress(tx, email);
  if (profile && profile !== 'unverified') {
    const [before] = await tx
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, profile.id)));
    if (before && (before.role === role || inviter === 'director')) return 'already';
    await tx
      .insert(groupMembers)
      .values({ groupId, userId: profile.id, role })
      .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { role } });
    await recordAudit(tx, caller, 'group', groupId, before ? 'update' : 'create', before ? { userId: profile.id, role: before.role } : null, {
      userId: profile.id,
      email,
      role,
    });
    return 'added';
  }
  const [pending] = await tx
    .select()
    .from(groupInvitations)
    .where(and(eq(groupInvitations.groupId, groupId), eq(groupInvitations.email, email)));
  if (pending && (pending.role === role || inviter === 'director')) return 'already';
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
  return profile === 'unverified' && inviter === 'admin' ? 'unverified' : 'invited';
}

/** Invites each address once (any case), in the order given; 'group' when there is no such group. */
export function invite(db: Db, caller: Caller, groupId: string, emails: string[], role: GroupRole, inviter: Inviter) {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) return 'group' as const;
    const results: Array<{ email: string; outcome: Outcome }> = [];
    for (const email of new Set(emails.map((e) => addressKey(e)!))) {
      results.push({ email, outcome: await inviteOne(tx, caller, groupId, email, role, inviter) });
    }
    return { group, results };
  });
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
