import { and, asc, eq, ne } from 'drizzle-orm';
import type { NewUser, UserUpdate } from '../../api/users.ts';
import { lockKeepingAnAdmin } from '../access/admins.ts';
import { claimInvitations } from '../access/verified.ts';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { toUser } from './user-row.ts';
import { users } from '../db/schema.ts';
import { addressKeySql } from '../db/address-key.ts';
import { addressKey } from '../../domain/addresses.ts';

/** The SQL of /users: the admin's search and save, and sign-up. */
type UserRow = typeof users.$inferSelect;

/** Profiles by sign-up date; by email (any case), verified or not (the admin sees whom they look at; roles ask for a verified address). */
export function findUsers(db: Db, query: { email?: string; limit: number; offset: number }): Promise<UserRow[]> {
  const { email, limit, offset } = query;
  // `email <> ''` lets PostgreSQL use the unique index on the address key, which leaves out profiles without an address;
  // an address NFKC changes is no one's (none is stored).
  const key = email === undefined ? undefined : addressKey(email);
  if (key === null) return Promise.resolve([]);
  const where = key === undefined ? undefined : and(eq(addressKeySql(users.email), key), ne(users.email, ''));
  return db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id)).limit(limit).offset(offset);
}

/**
 * Creates the caller's profile under the token's email, verified when the token says so (a Google sign-in), with the
 * terms they accepted and when, and the invitations of a verified address taking effect at once; else says whether
 * the uid or the email is taken.
 */
export function createProfile(db: Db, caller: Caller & { email: string }, input: NewUser): Promise<UserRow | 'exists' | 'email-taken'> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        id: caller.uid,
        email: caller.email,
        emailVerified: caller.emailVerified,
        name: input.name ?? '',
        contact: input.contact ?? '',
        isAdmin: false,
        isPremium: false,
        termsVersion: input.acceptedTerms,
        termsAcceptedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      if (row.emailVerified) await claimInvitations(tx, caller, row.email);
      return row;
    }
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.id, caller.uid));
    return existing ? ('exists' as const) : ('email-taken' as const);
  });
}

/**
 * The admin's save of a profile, with its audit entry; refused when it would take the flag from the last administrator,
 * or give it to a profile whose address nobody verified (an impostor may have signed up with it).
 */
export function saveUser(db: Db, caller: Caller, id: string, input: UserUpdate): Promise<UserRow | 'missing' | 'last-admin' | 'unverified'> {
  return db.transaction(async (tx) => {
    const before = await lockKeepingAnAdmin(tx, id, !input.isAdmin);
    if (typeof before === 'string') return before;
    if (input.isAdmin && !before.isAdmin && !before.emailVerified) return 'unverified' as const;
    const [after] = await tx
      .update(users)
      .set({
        isAdmin: input.isAdmin,
        isPremium: input.isPremium,
        ...(input.isExpert === undefined ? {} : { isExpert: input.isExpert }),
        subscriptions: input.subscriptions,
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.contact === undefined ? {} : { contact: input.contact }),
      })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(tx, caller, 'user', id, 'update', toUser(before), after && toUser(after));
    return after!;
  });
}

/** A user's row as stored, or undefined (the users cache reads it). */
export async function userRow(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}
