import type { Db } from '../db/client.ts';
import { entriesMentioning, entriesNaming, rewritePayload, type Person } from './queries.ts';

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

/** Every audit entry about the person, oldest first: by them, about their account, or naming them under another entity (a group's members). */
export async function entriesAbout(db: Pick<Db, 'select'>, person: Person) {
  const rows = await entriesNaming(db, person);
  return rows.filter((row) => row.entityId === person.uid || row.actor === person.uid || names(row.before, person) || names(row.after, person));
}

/** Takes the person out of every audit entry filed under another entity (their own account's entries are handled by the caller). */
export async function forgetInAudit(tx: Pick<Db, 'select' | 'update'>, person: Person): Promise<void> {
  for (const row of await entriesMentioning(tx, person)) {
    if (!names(row.before, person) && !names(row.after, person)) continue;
    await rewritePayload(tx, row.id, forgetIn(row.before, person) ?? null, forgetIn(row.after, person) ?? null);
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
