import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { lockKeepingAnAdmin } from '../access/admins.ts';
import type { BillingDetails } from '../../api/account.ts';
import type { Caller } from '../access/token.ts';
import type { Locale } from '../../i18n/locales.ts';
import { entriesAbout, forgetInAudit, recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { toUser } from '../users/index.ts';
import { assignmentReminders, attempts, audit, certificates, groupMembers, groups, orders, users } from '../db/schema.ts';
import { dropInvitationsOf } from '../group-invitations/index.ts';

/** The SQL of /users/me: the caller's own profile, everything held about them, and deleting it all. */
type UserRow = typeof users.$inferSelect;

/** Changes the caller's name and contact, with an audit entry; null when they have no profile yet. */
export function updateProfile(db: Db, caller: Caller, change: { name: string; contact: string }): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, caller.uid)).for('update');
    if (!before) return null;
    const [after] = await tx.update(users).set(change).where(eq(users.id, caller.uid)).returning();
    await recordAudit(tx, caller, 'user', caller.uid, 'update', toUser(before), toUser(after!));
    return after!;
  });
}

/** The caller's billing details; null with no profile. */
export async function billingOf(db: Db, uid: string): Promise<BillingDetails | null> {
  const [row] = await db.select({ address: users.billingAddress, taxId: users.taxId }).from(users).where(eq(users.id, uid));
  return row ?? null;
}

/** Sets the caller's billing details, with an audit entry of both versions; null with no profile. */
export function saveBillingOf(db: Db, caller: Caller, details: BillingDetails): Promise<BillingDetails | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ address: users.billingAddress, taxId: users.taxId }).from(users).where(eq(users.id, caller.uid)).for('update');
    if (!before) return null;
    await tx.update(users).set({ billingAddress: details.address, taxId: details.taxId }).where(eq(users.id, caller.uid));
    await recordAudit(tx, caller, 'user', caller.uid, 'update', before, details);
    return details;
  });
}

/** Records the language the caller reads the site in; false with no profile. Not audited: the page says it, not the person. */
export async function saveLanguageOf(db: Db, uid: string, language: Locale): Promise<boolean> {
  const saved = await db.update(users).set({ language }).where(eq(users.id, uid)).returning({ id: users.id });
  return saved.length > 0;
}

/** Records the terms version the caller accepted now (their consent, as sign-up records it); null with no profile. */
export async function recordConsent(db: Db, uid: string, version: string): Promise<UserRow | null> {
  const [row] = await db.update(users).set({ termsVersion: version, termsAcceptedAt: new Date() }).where(eq(users.id, uid)).returning();
  return row ?? null;
}

/** Every row that is about the user, oldest first: profile, payments, attempts, certificates, groups, audit trail; null with no profile. */
export async function heldAbout(db: Db, uid: string) {
  const [profile] = await db.select().from(users).where(eq(users.id, uid));
  if (!profile) return null;
  const payments = await db.select().from(orders).where(eq(orders.userId, uid)).orderBy(asc(orders.createdAt));
  // The logs are the separate download (event-logs.ts): here only whether each attempt has one.
  const { logGzip, events, ...kept } = getTableColumns(attempts);
  const played = await db
    .select({ ...kept, hasLog: sql<boolean>`(${logGzip} is not null or ${events} is not null)` })
    .from(attempts)
    .where(eq(attempts.userId, uid))
    .orderBy(asc(attempts.createdAt), asc(attempts.id));
  const earned = await db.select().from(certificates).where(eq(certificates.userId, uid)).orderBy(asc(certificates.issuedAt));
  const memberships = await db
    .select({ groupId: groupMembers.groupId, name: groups.name, role: groupMembers.role, addedAt: groupMembers.addedAt })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, uid));
  const trail = await entriesAbout(db, { uid, email: profile.email });
  return { profile, payments, played, earned, memberships, trail };
}

/** The caller's attempts that have a log, oldest first: what the event-log download goes through, one at a time. */
export function attemptsWithLogs(db: Db, uid: string) {
  return db
    .select({ id: attempts.id, createdAt: attempts.createdAt })
    .from(attempts)
    .where(and(eq(attempts.userId, uid), sql`(${attempts.logGzip} is not null or ${attempts.events} is not null)`))
    .orderBy(asc(attempts.createdAt), asc(attempts.id));
}

/** One attempt's log as stored (gzip in base64, or the first simulator's events); null once it is gone. */
export async function storedLog(db: Db, uid: string, id: string): Promise<{ logGzip: string | null; events: unknown[] | null } | null> {
  const [row] = await db
    .select({ logGzip: attempts.logGzip, events: attempts.events })
    .from(attempts)
    .where(and(eq(attempts.id, id), eq(attempts.userId, uid)));
  return row ?? null;
}

/**
 * Deletes the caller's account and what is theirs alone, keeping payments (made anonymous) and the fact of each audited
 * change; refused for the last administrator. Says whether the account was an expert's, whose attempts set pass marks.
 */
export function deleteAccount(db: Db, caller: Caller) {
  const uid = caller.uid;
  return db.transaction(async (tx) => {
    const before = await lockKeepingAnAdmin(tx, uid, true);
    if (typeof before === 'string') return before;
    await tx.delete(attempts).where(eq(attempts.userId, uid));
    await tx.delete(certificates).where(eq(certificates.userId, uid));
    await tx.delete(groupMembers).where(eq(groupMembers.userId, uid));
    await tx.delete(assignmentReminders).where(eq(assignmentReminders.userId, uid));
    // Invitations waiting for their verified address go with them: whoever verifies the address next must not find them.
    if (before.emailVerified) await dropInvitationsOf(tx, caller, before.email);
    // Payments are kept for the accounts, with nothing left that names the person.
    await tx
      .update(orders)
      .set({ userId: `deleted-${crypto.randomUUID()}`, buyerName: '', buyerEmail: '', buyerAddress: '', buyerTaxId: '' })
      .where(eq(orders.userId, uid));
    // Earlier audit entries about the account held copies of the profile: the fact of each change stays, its contents go.
    await tx.update(audit).set({ before: null, after: null }).where(eq(audit.entityId, uid));
    // What they changed elsewhere (a course, a plan, another account) stays a fact of its history, made by a former
    // account that no id or address leads back to; the same alias keeps their entries together.
    await tx
      .update(audit)
      .set({ actor: `deleted-${crypto.randomUUID()}`, actorEmail: '' })
      .where(and(eq(audit.actor, uid), ne(audit.entityId, uid)));
    await tx.update(audit).set({ actorEmail: '' }).where(eq(audit.actor, uid));
    // Entries filed under something else (a group the person was in or directed) named them too: they are taken out.
    await forgetInAudit(tx, { uid, email: before.email });
    await tx.delete(users).where(eq(users.id, uid));
    await recordAudit(tx, { ...caller, email: null }, 'user', uid, 'delete', { isAdmin: before.isAdmin, subscriptions: before.subscriptions.length }, null);
    return before.isExpert ? ('deleted-expert' as const) : ('deleted' as const);
  });
}
