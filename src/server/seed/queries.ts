import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { addressKeySql } from '../db/address-key.ts';
import { courses, plans, users } from '../db/schema.ts';

/** The SQL of the demo data: its courses and plans added once, its accounts kept on the Auth emulator's uids. */

/** How many of these courses exist. */
export async function countCourses(db: Db, ids: readonly string[]): Promise<number> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
  return existing?.n ?? 0;
}

/** Adds the courses that do not exist yet. */
export async function insertCourses(db: Db, rows: Array<typeof courses.$inferInsert>): Promise<void> {
  await db.insert(courses).values(rows).onConflictDoNothing();
}

/** Adds the plans that do not exist yet. */
export async function insertPlans(db: Db, rows: Array<typeof plans.$inferInsert>): Promise<void> {
  await db.insert(plans).values(rows).onConflictDoNothing();
}

/** The demo account under its emulator uid: another profile with its address goes, and an existing one is kept as it is. */
export async function putAccount(db: Db, row: typeof users.$inferInsert & { email: string }): Promise<void> {
  await db.delete(users).where(and(eq(addressKeySql(users.email), row.email), ne(users.id, row.id)));
  await db.insert(users).values(row).onConflictDoNothing();
}
