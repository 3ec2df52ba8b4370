import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

/** Whether the user has a profile: a record is asked of someone who exists. */
export async function userExists(db: Db, uid: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, uid));
  return user !== undefined;
}

/** Whether the user is an administrator (undefined without a profile). */
export async function adminFlagOf(db: Db, uid: string): Promise<{ isAdmin: boolean } | undefined> {
  const [user] = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, uid));
  return user;
}
