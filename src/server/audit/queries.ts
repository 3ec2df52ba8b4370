import { and, asc, count, desc, eq, gt, min, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Caller } from '../access/token.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { audit } from '../db/schema.ts';

/** The SQL of the audit trail: writing entries with the changes they describe, reading them, and taking a person out of them. */

export type AuditEntity = 'course' | 'plan' | 'user' | 'group' | 'certificate' | 'image' | 'assessment';

/** Writes one audit entry; call it inside the transaction of the change it describes. */
export async function recordAudit(
  tx: Pick<Db, 'insert'>,
  caller: Pick<Caller, 'uid' | 'email'>,
  entity: AuditEntity,
  entityId: string,
  action: 'create' | 'update' | 'delete' | 'revoke' | 'publish' | 'discard' | 'archive',
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(audit).values({
    actor: caller.uid,
    actorEmail: caller.email ?? '',
    entity,
    entityId,
    action,
    before: before ?? null,
    after: after ?? null,
  });
}

/**
 * Updates the row `id` of `table` and writes its audit entry in one statement: the row is locked and read as it was,
 * changed, and both versions recorded, all or nothing, in one round trip to the database where a transaction takes
 * five (each a turn of a busy event loop). `fields` names the columns by the contract's names, the shape of the entry
 * and of the answer; `values` holds the new values by the same names, an undefined one leaving its column as it was
 * (at least one must be set); `only`, a condition the row must meet besides its id. Null when there is no such row.
 */
export async function updateAudited<T extends Record<string, unknown>>(
  db: Db,
  caller: Caller,
  entity: AuditEntity,
  table: PgTable & { id: PgColumn },
  fields: { [K in keyof T]: PgColumn },
  id: string,
  values: { [K in keyof T]?: T[K] },
  only?: SQL,
): Promise<T | null> {
  const columns = Object.entries(fields) as Array<[string, PgColumn]>;
  const set = columns.flatMap(([name, column]) => {
    const value = values[name];
    return value === undefined ? [] : [sql`${sql.identifier(column.name)} = ${sql.param(value, column)}`];
  });
  const json = (version: string) =>
    sql`jsonb_build_object(${sql.join(
      columns.map(([name, column]) => sql`${name}::text, ${sql.identifier(version)}.${sql.identifier(column.name)}`),
      sql`, `,
    )})`;
  const result = await db.execute(sql`
    with "before" as (select * from ${table} where ${table.id} = ${id}${only ? sql` and ${only}` : sql``} for update),
    "after" as (update ${table} set ${sql.join(set, sql`, `)} from "before" where ${table.id} = "before"."id" returning ${table}.*),
    "logged" as (
      insert into ${audit} ("actor", "actor_email", "entity", "entity_id", "action", "before", "after")
      select ${caller.uid}, ${caller.email ?? ''}, ${entity}, ${id}, 'update', ${json('before')}, ${json('after')} from "before", "after"
    )
    select ${sql.join(
      columns.map(([name, column]) => sql`"after".${sql.identifier(column.name)} as ${sql.identifier(name)}`),
      sql`, `,
    )} from "after"`);
  const [row] = rowsOf(result);
  if (!row) return null;
  return Object.fromEntries(columns.map(([name, column]) => [name, row[name] === null ? null : column.mapFromDriverValue(row[name])])) as T;
}

/** The audit trail, newest first, of one kind of entity and one id when given. */
export function auditEntries(db: Db, filter: { entity?: string; id?: string; limit: number }) {
  return db
    .select()
    .from(audit)
    .where(and(filter.entity ? eq(audit.entity, filter.entity) : undefined, filter.id ? eq(audit.entityId, filter.id) : undefined))
    .orderBy(desc(audit.at), desc(audit.id))
    .limit(filter.limit);
}

/**
 * How many group invitations `actor` made since `since`, and when the first of them was, as the audit trail records
 * them: invitations accepted, declined or cancelled since count too, so cancelling and inviting again does not renew
 * the budget (each invitation sends a mail).
 */
export async function invitationsSentSince(db: Pick<Db, 'select'>, actor: string, since: Date): Promise<{ sent: number; first: Date | null }> {
  const [row] = await db
    .select({ sent: count(), first: min(audit.at) })
    .from(audit)
    .where(and(eq(audit.entity, 'group'), eq(audit.actor, actor), eq(audit.action, 'create'), gt(audit.at, since), sql`${audit.after} ? 'invitation'`));
  return { sent: row?.sent ?? 0, first: row?.first ?? null };
}

/** A person as audit entries may name them: by user id (the actor, the entity, a `userId`) or by the address typed in. */
export interface Person {
  uid: string;
  email: string;
}

/** Entries whose payload mentions the person's id or address: a cheap text filter, which the caller confirms. */
const mentions = (person: Person) => {
  const texts = [person.uid, ...(person.email ? [person.email.toLowerCase()] : [])];
  return or(
    ...texts.flatMap((t) => [
      sql`strpos(lower(coalesce(${audit.before}::text, '')), lower(${t})) > 0`,
      sql`strpos(lower(coalesce(${audit.after}::text, '')), lower(${t})) > 0`,
    ]),
  );
};

/** Every entry by the person, about their account, or that may mention them, oldest first. */
export function entriesNaming(db: Pick<Db, 'select'>, person: Person) {
  return db
    .select()
    .from(audit)
    .where(or(eq(audit.entityId, person.uid), eq(audit.actor, person.uid), mentions(person)))
    .orderBy(asc(audit.at));
}

/** Every entry that may mention the person in its payload. */
export function entriesMentioning(tx: Pick<Db, 'select'>, person: Person) {
  return tx.select().from(audit).where(mentions(person));
}

/** Rewrites an entry's payload (a person taken out of it). */
export async function rewritePayload(tx: Pick<Db, 'update'>, id: number, before: unknown, after: unknown): Promise<void> {
  await tx.update(audit).set({ before, after }).where(eq(audit.id, id));
}
