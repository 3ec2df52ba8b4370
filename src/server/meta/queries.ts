import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audit } from '../db/schema.ts';

/** The audit trail, newest first, of one kind of entity and one id when given. */
export function auditEntries(db: Db, filter: { entity?: string; id?: string; limit: number }) {
  return db
    .select()
    .from(audit)
    .where(and(filter.entity ? eq(audit.entity, filter.entity) : undefined, filter.id ? eq(audit.entityId, filter.id) : undefined))
    .orderBy(desc(audit.at), desc(audit.id))
    .limit(filter.limit);
}
