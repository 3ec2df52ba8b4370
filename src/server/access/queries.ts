import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addressKey } from '../../domain/addresses.ts';
import { recordAudit } from '../audit/index.ts';
import { addressKeySql } from '../db/address-key.ts';
import type { Db } from '../db/client.ts';
import { audit, groupInvitations, groupMembers, groups, plans, users } from '../db/schema.ts';
import type { Caller } from './token.ts';

/** The SQL of access: administrators, entitlement, group directors and what the audit trail says they directed, verified addresses. */

type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** Whether the user is an administrator now. */
export async function isAdminNow(db: Pick<Db, 'select'>, uid: string): Promise<boolean> {
  const [row] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, uid));
  return row?.isAdmin === true;
}

/** Every administrator's row locked, in id order (inside a transaction). */
export function lockAdmins(tx: Pick<Db, 'select'>) {
  return tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).orderBy(asc(users.id)).for('update');
}

/** A user's row locked (inside a transaction); undefined without one. */
export async function lockUser(tx: Pick<Db, 'select'>, uid: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, uid)).for('update');
  return row;
}

/** The profiles of a uid, or of an email (as addressKey compares them, never the empty address). */
export function profilesOf(db: Pick<Db, 'select'>, target: string, byEmail: boolean) {
  const where = byEmail ? and(eq(addressKeySql(users.email), addressKey(target) ?? target), ne(users.email, '')) : eq(users.id, target);
  return db.select().from(users).where(where);
}

/** Makes the user an administrator, with the audit entry of admin:grant. */
export async function makeAdmin(db: Db, uid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [after] = await tx.update(users).set({ isAdmin: true }).where(eq(users.id, uid)).returning();
    await recordAudit(tx, { uid: 'admin:grant', email: null }, 'user', uid, 'update', { isAdmin: false }, { isAdmin: after!.isAdmin });
  });
}

/** The user's row and every plan (hidden ones too): what entitlement is decided from. */
export async function entitlementFacts(db: Pick<Db, 'select'>, uid: string) {
  const [user] = await db.select().from(users).where(eq(users.id, uid));
  if (!user) return null;
  return { user, plans: await db.select({ id: plans.id, courses: plans.courses }).from(plans) };
}

const directorRow = alias(groupMembers, 'director_row');

/** Whether `directorId` directs a group `uid` is a member of; read on every request, so a removal counts at once. */
export async function directsUser(db: Db, directorId: string, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(groupMembers)
    .innerJoin(directorRow, and(eq(directorRow.groupId, groupMembers.groupId), eq(directorRow.userId, directorId), eq(directorRow.role, 'director')))
    .where(and(eq(groupMembers.userId, uid), eq(groupMembers.role, 'member')))
    .limit(1);
  return row !== undefined;
}

/** Whether `uid` directs the group. */
export async function directsGroup(db: Db, uid: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: groupMembers.role })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, uid)));
  return row?.role === 'director';
}

/**
 * Audit entries of groups where `uid` was a director until an administrator removed them or made them a member: the
 * audit trail keeps each membership change with the role it ended.
 */
const endedDirection = (uid: string) => and(eq(audit.entity, 'group'), sql`${audit.before} @> ${JSON.stringify({ userId: uid, role: 'director' })}::jsonb`);

/** Whether `uid` directed the group until an administrator removed them from it or made them a member. */
export async function directedBefore(db: Db, uid: string, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(audit)
    .where(and(endedDirection(uid), eq(audit.entityId, groupId)))
    .limit(1);
  return row !== undefined;
}

/** Whether `directorId` directed, until removed, a group the learner `uid` is a member of. */
export async function directedLearnerBefore(db: Db, directorId: string, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(audit)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, audit.entityId), eq(groupMembers.userId, uid), eq(groupMembers.role, 'member')))
    .where(endedDirection(directorId))
    .limit(1);
  return row !== undefined;
}

/** The group of this id, or undefined. */
export async function groupById(db: Db, id: string): Promise<typeof groups.$inferSelect | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row;
}

/** The profile with the address of key `key` (never the empty address), verified or not. */
export async function profileWithAddress(db: Pick<Db, 'select'>, key: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(and(eq(addressKeySql(users.email), key), sql`${users.email} <> ''`));
  return row;
}

/**
 * Turns the pending director invitations of the address `key` into memberships of the caller, each with its audit entry (the
 * invited person as the actor), and deletes them; answers how many.
 */
export async function takeDirectorInvitations(tx: Tx, caller: Pick<Caller, 'uid' | 'email'>, key: string): Promise<number> {
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

/** Whether the user's profile has recorded its address verified (undefined without a profile). */
export async function addressVerified(db: Pick<Db, 'select'>, uid: string): Promise<boolean | undefined> {
  const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, uid));
  return row?.emailVerified;
}

/** Records the profile's address verified, if it is still `key` and was not yet; whether it changed. */
export async function markVerified(tx: Tx, uid: string, key: string): Promise<boolean> {
  const [changed] = await tx
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, uid), eq(users.emailVerified, false), eq(addressKeySql(users.email), key)))
    .returning({ id: users.id });
  return changed !== undefined;
}
