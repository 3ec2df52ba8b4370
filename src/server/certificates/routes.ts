import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { localePath, type Locale } from '../../i18n/locales.ts';
import { canReadUser, refuseUser } from '../access/groups.ts';
import { siteOrigin } from '../config.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { certificateById, certificatesOfUser, revokeCertificate } from './queries.ts';
import { type Env, guarded, subApp } from '../http/sub-app.ts';
import { fail } from '../http/errors.ts';
import { requireAdmin, requireUser } from '../access/caller.ts';
import { pdfLimit, sendPdf } from '../pdf/answer.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { contentLocale } from '../http/content-locale.ts';
import { certificateSummary, type CertificateRow } from './summary.ts';
import { pick, type ContentLocale } from '../../domain/localize.ts';
import * as routes from '../../api/certificates.ts';

const PDF_LIMIT = pdfLimit('certificate-pdf');

/** The PDFs made lately, by certificate, language and address: a certificate never changes once issued (revocation is checked first). */
const made = new Map<string, Buffer>();
/** The PDF, and whether it came from memory (sent as X-Cache, so the cache can be seen working). */
async function pdfOf(row: CertificateRow, locale: Locale, verifyUrl: string): Promise<{ pdf: Buffer; hit: boolean }> {
  const key = `${row.id}|${locale}|${verifyUrl}`;
  const kept = made.get(key);
  if (kept) return { pdf: kept, hit: true };
  const pdf = await certificatePdf({ ...certificateTexts(row, locale), verifyUrl }, locale);
  made.set(key, pdf);
  if (made.size > 64) made.delete(made.keys().next().value!);
  return { pdf, hit: false };
}

/** The certificate with its course and case titles in `locale`, as they were kept at issue (English where one had none). */
function certificateTexts(row: CertificateRow, locale: ContentLocale) {
  return {
    ...row,
    courseTitle: pick(row.courseTitle, row.courseTranslations, locale, 'title'),
    cases: row.cases.map((k) => ({ ...k, title: pick(k.title, k.translations, locale, 'title') })),
  };
}

/** What the public verification shows, in `locale`: genuine or revoked, holder, course, date. */
function verificationOf(stored: CertificateRow, locale: ContentLocale) {
  const row = certificateTexts(stored, locale);
  return {
    id: row.id,
    status: row.revokedAt ? ('revoked' as const) : ('valid' as const),
    holderName: row.holderName,
    courseTitle: row.courseTitle,
    completedAt: row.completedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    kind: row.kind,
    sittings: row.sittings,
    assessedCases: row.cases.filter((k) => k.assessed === true).map((k) => ({ module: k.module, case: k.case, title: k.title })),
  };
}

const find = (c: Context<Env>, id: string) => certificateById(c.get('deps').db.db, id);

/** Where the certificate is verified: the public page in the language it was printed in. */
function verifyUrl(c: Context<Env>, id: string, locale: Locale): string {
  return `${siteOrigin(c.get('deps').config)}${localePath(locale, `/certificates/${id}`)}`;
}

/** /certificates: issued by the server when the attempt that completes a course is stored (issue.ts), verified by anyone, revoked by admins. */
export const certificatesApp = subApp()
  .openapi(guarded(routes.list, requireUser), async (c) => {
    const uid = c.req.valid('query').userId ?? c.get('caller')!.uid;
    if (!(await canReadUser(c, uid)))
      return refuseUser(c, uid, "Only administrators and the learner's group directors may read another learner's certificates");
    const rows = await certificatesOfUser(c.get('deps').db.db, uid);
    const locale = contentLocale(c);
    return c.json(
      rows.map((row) => certificateSummary(row, locale)),
      200,
    );
  })
  .openapi(routes.verify, async (c) => {
    const row = await find(c, c.req.valid('param').id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No certificate has this id');
    return c.json(verificationOf(row, contentLocale(c)), 200);
  })
  .openapi(guarded(routes.pdf, requireUser, rateLimit(PDF_LIMIT)), async (c) => {
    const { id } = c.req.valid('param');
    const locale = contentLocale(c);
    const row = await find(c, id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No certificate has this id');
    if (!(await canReadUser(c, row.userId)))
      return refuseUser(c, row.userId, 'Only the holder, their group directors and administrators may download this certificate');
    if (row.revokedAt) return fail(c, 409, ErrorCode.conflict, 'This certificate was revoked');
    const { pdf, hit } = await pdfOf(row, locale, verifyUrl(c, row.id, locale));
    c.header('x-cache', hit ? 'hit' : 'miss');
    return sendPdf(c, pdf, 'certificate', row.courseId);
  })
  .openapi(guarded(routes.revoke, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const caller = c.get('caller')!;
    const outcome = await revokeCertificate(c.get('deps').db.db, caller, id, reason);
    if (outcome === 'unknown') return fail(c, 404, ErrorCode.notFound, 'No certificate has this id');
    if (outcome === 'revoked') return fail(c, 409, ErrorCode.conflict, 'This certificate is already revoked');
    return c.json(verificationOf(outcome, contentLocale(c)), 200);
  });
