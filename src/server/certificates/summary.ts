import type { CertificateSummary } from '../../api/certificates.ts';
import { pick, type ContentLocale } from '../../domain/localize.ts';
import type { certificates } from '../db/schema.ts';

/** A certificate as stored: issued once per learner and course, with the texts it was issued with. */
export type CertificateRow = typeof certificates.$inferSelect;

/** The certificate as its holder sees it, its course title in `locale` (kept at issue; English where it had none). */
export function certificateSummary(row: CertificateRow, locale: ContentLocale = 'en'): CertificateSummary {
  return {
    id: row.id,
    courseId: row.courseId,
    courseTitle: pick(row.courseTitle, row.courseTranslations, locale, 'title'),
    completedAt: row.completedAt.toISOString(),
    issuedAt: row.issuedAt.toISOString(),
    revoked: row.revokedAt !== null,
    kind: row.kind,
    sittings: row.sittings,
  };
}
