import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Caller } from '../access/token.ts';
import { rowsOf, type Db } from '../db/client.ts';
import { audit } from '../db/schema.ts';

export { entriesAbout, forgetInAudit, trailFor } from './forget.ts';
export { invitationsSentSince } from './invitations-sent.ts';

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
