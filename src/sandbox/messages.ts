import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Messages kept by the form stand-ins, so they can be read back; outside the production schema and its migrations. */
export const sandboxMessages = pgTable('sandbox_messages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  service: text('service').notNull(),
  body: jsonb('body').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Creates sandboxMessages unless it is there. Instances sharing one PostgreSQL may start together, and two CREATE TABLE
 * IF NOT EXISTS at once can both try to create it: a transaction-scoped lock lets one go first.
 */
export async function createSandboxTables<Schema extends Record<string, unknown>>(db: PgDatabase<PgQueryResultHKT, Schema>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sandbox_messages'))`);
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS "sandbox_messages" (
      "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      "service" text NOT NULL,
      "body" jsonb NOT NULL,
      "at" timestamp with time zone DEFAULT now() NOT NULL
    )`);
  });
}
