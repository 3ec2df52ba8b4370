import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { MyGroups } from '../../api/memberships.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import { addressKeySql } from '../db/address-key.ts';
import type { Db } from '../db/client.ts';
import { groupInvitations, groupMembers, groups, users } from '../db/schema.ts';

/** The SQL of a learner's own groups: what waits for their answer, what they belong to, and their answers, each audited. */

/** The member invitations to `uid`'s address, once their profile has verified it (compared as addressKey does). */
const invitationsOf = (uid: string) =>
  and(eq(groupInvitations.role, 'member'), eq(groupInvitations.email, addressKeySql(users.email)), eq(users.id, uid), eq(users.emailVerified, true));

/** The directors of the groups, by group id, by name. */
async function directorsOf(db: Pick<Db, 'select'>, groupIds: string[]) {
  const rows = groupIds.length
    ? await db
        .select({ groupId: groupMembers.groupId, name: users.name, email: users.email })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(and(inArray(groupMembers.groupId, groupIds), eq(groupMembers.role, 'director')))
        .orderBy(asc(users.name), asc(users.email))
    : [];
  const by = new Map<string, Array<{ name: string; email: string }>>();
  for (const { groupId, name, email } of rows) by.set(groupId, [...(by.get(groupId) ?? []), { name, email }]);
  return by;
}

/** The learner's invitations and member groups, each with its directors. */
export async function myGroups(db: Pick<Db, 'select'>, uid: string): Promise<MyGroups> {
  const invited = await db
    .select({ id: groupInvitations.id, groupId: groups.id, groupName: groups.name, invitedAt: groupInvitations.invitedAt })
    .from(groupInvitations)
    .innerJoin(users, invitationsOf(uid))
    .innerJoin(groups, eq(groups.id, groupInvitations.groupId))
    .orderBy(desc(groupInvitations.invitedAt), asc(groups.name));
  const member = await db
    .select({ id: groups.id, name: groups.name, since: groupMembers.addedAt })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'member')))
    .orderBy(asc(groups.name), asc(groups.id));
  const directors = await directorsOf(db, [...invited.map((i) => i.groupId), ...member.map((g) => g.id)]);
  return {
    invitations: invited.map((i) => ({ ...i, directors: directors.get(i.groupId) ?? [], invitedAt: i.invitedAt.toISOString() })),
    groups: member.map((g) => ({ ...g, directors: directors.get(g.id) ?? [], since: g.since.toISOString() })),
  };
}

/**
 * Answers an invitation to the caller's verified address: accepted, they become a member; declined, it is gone. False
 * when there is no such invitation for them.
 */
export function answerInvitation(db: Db, caller: Caller, id: string, accept: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({ groupId: groupInvitations.groupId, email: groupInvitations.email })
      .from(groupInvitations)
      .innerJoin(users, invitationsOf(caller.uid))
      .where(eq(groupInvitations.id, id));
    if (!invitation) return false;
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, invitation.groupId)).for('update');
    const [gone] = await tx.delete(groupInvitations).where(eq(groupInvitations.id, id)).returning({ id: groupInvitations.id });
    if (!gone) return false;
    const { groupId, email } = invitation;
    if (!accept) {
      await recordAudit(tx, caller, 'group', groupId, 'delete', { invitation: id, email, role: 'member' }, { declined: true });
      return true;
    }
    await tx.insert(groupMembers).values({ groupId, userId: caller.uid, role: 'member' }).onConflictDoNothing();
    await recordAudit(tx, caller, 'group', groupId, 'create', { invitation: id, email, role: 'member' }, { userId: caller.uid, email, role: 'member' });
    return true;
  });
}

/** Takes the caller out of a group they are a member of, audited; the group's name and directors to tell, or null when they are not in it. */
export function leaveGroup(db: Db, caller: Caller, groupId: string) {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) return null;
    const [left] = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, caller.uid), eq(groupMembers.role, 'member')))
      .returning();
    if (!left) return null;
    await recordAudit(tx, caller, 'group', groupId, 'delete', { userId: caller.uid, role: 'member' }, { left: true });
    const [me] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, caller.uid));
    return { group, learner: me ?? { name: '', email: caller.email ?? '' }, directors: (await directorsOf(tx, [groupId])).get(groupId) ?? [] };
  });
}
