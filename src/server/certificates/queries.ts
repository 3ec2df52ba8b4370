import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { certificates } from '../db/schema.ts';
import { certificateSummary, type CertificateRow } from '../progress/index.ts';

/** The certificate of this id, revoked or not, or null. */
export async function certificateById(db: Db, id: string): Promise<CertificateRow | null> {
  return (await db.select().from(certificates).where(eq(certificates.id, id)))[0] ?? null;
}

/** A learner's certificates, the latest issued first. */
export function certificatesOfUser(db: Db, uid: string): Promise<CertificateRow[]> {
  return db.select().from(certificates).where(eq(certificates.userId, uid)).orderBy(desc(certificates.issuedAt));
}

/** Revokes a certificate with its audit entry; says when there is none, or it was revoked already. */
export function revokeCertificate(db: Db, caller: Caller, id: string, reason: string): Promise<CertificateRow | 'unknown' | 'revoked'> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
    if (!before) return 'unknown' as const;
    const [after] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedBy: caller.uid, revokeReason: reason })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
      .returning();
    if (!after) return 'revoked' as const;
    await recordAudit(tx, caller, 'certificate', id, 'revoke', certificateSummary(before), { ...certificateSummary(after), reason });
    return after;
  });
}
