import type { Caller } from './auth.ts';
import type { Db } from './db/client.ts';
import { audit } from './db/schema.ts';

export type AuditEntity = 'course' | 'plan' | 'user' | 'group' | 'certificate' | 'image';

/** Writes one audit entry; call it inside the transaction of the change it describes. */
export async function recordAudit(
  tx: Pick<Db, 'insert'>,
  caller: Caller,
  entity: AuditEntity,
  entityId: string,
  action: 'create' | 'update' | 'delete' | 'revoke',
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
