import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audit } from '../db/schema.ts';

/** A person as audit entries may name them: by user id (the actor, the entity, a `userId`) or by the address typed in. */
export interface Person {
  uid: string;
  email: string;
}

/** Whether a JSON value names the person anywhere: a field or a string equal to their id or (whatever its case) address. */
function names(value: unknown, person: Person): boolean {
  if (typeof value === 'string') return value === person.uid || (person.email !== '' && value.toLowerCase() === person.email.toLowerCase());
  if (Array.isArray(value)) return value.some((v) => names(v, person));
  if (value && typeof value === 'object') return Object.values(value).some((v) => names(v, person));
  return false;
}

/**
 * The payload with the person taken out: an object that names them directly (a member entry, a row of a group's
 * people) becomes `{ forgotten: true }`, so the fact that someone was there stays and who it was goes; other people
 * in the same payload are kept.
 */
export function forgetIn(value: unknown, person: Person): unknown {
  if (Array.isArray(value)) return value.map((v) => forgetIn(v, person));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.some(([, v]) => (typeof v === 'string' ? names(v, person) : false))) return { forgotten: true };
    return Object.fromEntries(entries.map(([k, v]) => [k, forgetIn(v, person)]));
  }
  return names(value, person) ? null : value;
}

/** Entries whose payload mentions the person's id or address: a cheap text filter, confirmed by `names`. */
const mentions = (person: Person) => {
  const texts = [person.uid, ...(person.email ? [person.email.toLowerCase()] : [])];
  return or(
    ...texts.flatMap((t) => [
      sql`strpos(lower(coalesce(${audit.before}::text, '')), lower(${t})) > 0`,
      sql`strpos(lower(coalesce(${audit.after}::text, '')), lower(${t})) > 0`,
    ]),
  );
};

/** Every audit entry about the person, oldest first: by them, about their account, or naming them under another entity (a group's members). */
export async function entriesAbout(db: Pick<Db, 'select'>, person: Person) {
  const rows = await db
    .select()
    .from(audit)
    .where(or(eq(audit.entityId, person.uid), eq(audit.actor, person.uid), mentions(person)))
    .orderBy(asc(audit.at));
  return rows.filter((row) => row.entityId === person.uid || row.actor === person.uid || names(row.before, person) || names(row.after, person));
}

/** Takes the person out of every audit entry filed under another entity (their own account's entries are handled by the caller). */
export async function forgetInAudit(tx: Pick<Db, 'select' | 'update'>, person: Person): Promise<void> {
  const rows = await tx.select().from(audit).where(mentions(person));
  for (const row of rows) {
    if (!names(row.before, person) && !names(row.after, person)) continue;
    await tx
      .update(audit)
      .set({ before: forgetIn(row.before, person) ?? null, after: forgetIn(row.after, person) ?? null })
      .where(eq(audit.id, row.id));
  }
}

/** The objects in a payload that name the person directly (their row of a group's people, their member entry). */
function mentionsIn(value: unknown, person: Person): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => mentionsIn(v, person));
  if (value && typeof value === 'object') {
    if (Object.values(value).some((v) => typeof v === 'string' && names(v, person))) return [value];
    return Object.values(value).flatMap((v) => mentionsIn(v, person));
  }
  return [];
}

type Entry = Awaited<ReturnType<typeof entriesAbout>>[number];

/**
 * The audit trail as the person's own export shows it: entries about their account and their own actions as they are
 * (what they did to another person's account without its contents), and entries that only mention them (a group's)
 * with nothing but the parts about them, so no one else's address travels with it.
 */
export function trailFor(rows: readonly Entry[], person: Person): Entry[] {
  return rows.map((row) => {
    if (row.entityId === person.uid) return row;
    if (row.actor === person.uid) return row.entity === 'user' ? { ...row, before: null, after: null } : row;
    const [before, after] = [mentionsIn(row.before, person), mentionsIn(row.after, person)];
    return { ...row, actorEmail: '', before: before.length > 0 ? before : null, after: after.length > 0 ? after : null };
  });
}
