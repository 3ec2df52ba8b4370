import { and, desc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Caller } from '../access/token.ts';
import { recordAudit } from '../audit/index.ts';
import type { Db } from '../db/client.ts';
import { attempts, certificates, startupTasks, users } from '../db/schema.ts';
import { certificateSummary, type CertificateRow } from './summary.ts';

/** The SQL of certificates: reading them, issuing one once per learner and course, revoking, and whom one may be owed. */
type NewCertificate = typeof certificates.$inferInsert;

/** The certificate of this id, revoked or not, or null. */
export async function certificateById(db: Db, id: string): Promise<CertificateRow | null> {
  return (await db.select().from(certificates).where(eq(certificates.id, id)))[0] ?? null;
}

/** A learner's certificates, the latest issued first. */
export function certificatesOfUser(db: Db, uid: string): Promise<CertificateRow[]> {
  return db.select().from(certificates).where(eq(certificates.userId, uid)).orderBy(desc(certificates.issuedAt));
}

/** The certificates of some learners, in any order. */
export async function certificatesOf(db: Db, uids: string[]): Promise<CertificateRow[]> {
  if (uids.length === 0) return [];
  return db.select().from(certificates).where(inArray(certificates.userId, uids));
}

/** A learner's certificate of one course, or null. */
export async function certificateOf(db: Db, uid: string, courseId: string): Promise<CertificateRow | null> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.userId, uid), eq(certificates.courseId, courseId)));
  return row ?? null;
}

/** What a certificate names of its holder: their profile's name and address; undefined without a profile. */
export async function holderOf(db: Db, uid: string): Promise<{ name: string; email: string } | undefined> {
  const [user] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, uid));
  return user;
}

/** Stores a certificate unless the learner holds one of its course already (issued by a request at the same time): the one stored is answered. */
export async function insertCertificate(db: Db, values: NewCertificate): Promise<CertificateRow | null> {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning();
  return row ?? certificateOf(db, values.userId, values.courseId);
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

/** Every learner and course (or learner of one course) with attempts and no certificate: those one may be owed to. */
export function uncertified(db: Db, courseId?: string): Promise<Array<{ userId: string; courseId: string }>> {
  return db
    .selectDistinct({ userId: attempts.userId, courseId: attempts.courseId })
    .from(attempts)
    .where(
      and(
        courseId === undefined ? undefined : eq(attempts.courseId, courseId),
        notExists(
          db
            .select({ id: certificates.id })
            .from(certificates)
            .where(and(eq(certificates.userId, attempts.userId), eq(certificates.courseId, attempts.courseId))),
        ),
      ),
    )
    .orderBy(attempts.userId, attempts.courseId);
}

/** Whether the start-up task `name` is still to be done (a migration added it), and marking it done. */
export async function taskPending(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select({ doneAt: startupTasks.doneAt }).from(startupTasks).where(eq(startupTasks.name, name));
  return row !== undefined && row.doneAt === null;
}

export async function taskDone(db: Db, name: string): Promise<void> {
  await db.update(startupTasks).set({ doneAt: new Date() }).where(eq(startupTasks.name, name));
}
