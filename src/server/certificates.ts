import { createRoute, z } from '@hono/zod-openapi';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { ErrorCode } from '../api/errors.ts';
import { CertificateSummary, CertificateVerification, RevokeInput } from '../api/learning.ts';
import { dbString } from '../api/schemas.ts';
import { DEFAULT_LOCALE, localePath, type Locale } from '../i18n/locales.ts';
import { canReadUser } from './access.ts';
import { recordAudit } from './audit.ts';
import { certificatePdf } from './certificate-pdf.ts';
import { certificates } from './db/schema.ts';
import { bearer, errors, fail, idParam, json, jsonBody, requireAdmin, requireUser, subApp, type Env } from './http.ts';
import { pdfAnswer, documentLanguage, pdfLimit, sendPdf } from './pdf-route.ts';
import { rateLimit } from './rate-limit.ts';
import { certificateSummary, type CertificateRow } from './records.ts';

const PDF_LIMIT = pdfLimit('certificate-pdf');

/** The PDFs made lately, by certificate, language and address: a certificate never changes once issued (revocation is checked first). */
const made = new Map<string, Buffer>();
async function pdfOf(row: CertificateRow, locale: Locale, verifyUrl: string): Promise<Buffer> {
  const key = `${row.id}|${locale}|${verifyUrl}`;
  const hit = made.get(key);
  if (hit) return hit;
  const pdf = await certificatePdf({ ...row, verifyUrl }, locale);
  made.set(key, pdf);
  if (made.size > 64) made.delete(made.keys().next().value!);
  return pdf;
}

/** What the public verification shows: genuine or revoked, holder, course, date. */
const verificationOf = (row: CertificateRow) => ({
  id: row.id,
  status: row.revokedAt ? ('revoked' as const) : ('valid' as const),
  holderName: row.holderName,
  courseTitle: row.courseTitle,
  completedAt: row.completedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

const find = async (c: Context<Env>, id: string): Promise<CertificateRow | null> =>
  (await c.get('deps').db.db.select().from(certificates).where(eq(certificates.id, id)))[0] ?? null;

/** Where the certificate is verified: the public page in the language it was printed in. */
function verifyUrl(c: Context<Env>, id: string, locale: Locale): string {
  const origin = c.get('deps').config.siteUrl ?? new URL(c.req.url).origin;
  return `${origin}${localePath(locale, `/certificates/${id}`)}`;
}

const pdfQuery = z.strictObject({ lang: documentLanguage });

/** /certificates: issued by the server when a course is completed (see /progress), verified by anyone, revoked by admins. */
export const certificatesApp = subApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/certificates',
      description: "A learner's certificates, newest first: the caller's own; administrators and the learner's group directors may pass `userId`.",
      security: bearer,
      middleware: [requireUser] as const,
      request: { query: z.strictObject({ userId: dbString().min(1).max(128).optional() }) },
      responses: { 200: json(z.array(CertificateSummary)), 400: errors[400], 401: errors[401], 403: errors[403] },
    }),
    async (c) => {
      const uid = c.req.valid('query').userId ?? c.get('caller')!.uid;
      if (!(await canReadUser(c, uid)))
        return fail(c, 403, ErrorCode.forbidden, "Only administrators and the learner's group directors may read another learner's certificates");
      const rows = await c.get('deps').db.db.select().from(certificates).where(eq(certificates.userId, uid)).orderBy(desc(certificates.issuedAt));
      return c.json(rows.map(certificateSummary), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/certificates/{id}',
      description: 'Public verification: whether the certificate is genuine (valid or revoked), its holder, course and date; nothing else about the holder.',
      request: { params: idParam },
      responses: { 200: json(CertificateVerification), 404: errors[404] },
    }),
    async (c) => {
      const row = await find(c, c.req.valid('param').id);
      if (!row) return fail(c, 404, ErrorCode.notFound, 'No certificate has this id');
      return c.json(verificationOf(row), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/certificates/{id}/pdf',
      description: "The certificate as a PDF in the language asked for (`lang`, default English): its holder, administrators and the holder's group directors.",
      security: bearer,
      middleware: [requireUser, rateLimit(PDF_LIMIT)] as const,
      request: { params: idParam, query: pdfQuery },
      responses: {
        200: pdfAnswer,
        400: errors[400],
        401: errors[401],
        403: errors[403],
        404: errors[404],
        409: { description: 'The certificate was revoked', content: errors[409].content },
        429: errors[429],
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const lang = c.req.valid('query').lang;
      const locale = lang ?? DEFAULT_LOCALE;
      const row = await find(c, id);
      if (!row) return fail(c, 404, ErrorCode.notFound, 'No certificate has this id');
      if (!(await canReadUser(c, row.userId)))
        return fail(c, 403, ErrorCode.forbidden, 'Only the holder, their group directors and administrators may download this certificate');
      if (row.revokedAt) return fail(c, 409, ErrorCode.conflict, 'This certificate was revoked');
      const pdf = await pdfOf(row, locale, verifyUrl(c, row.id, locale));
      return sendPdf(c, pdf, 'certificate', row.courseId);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/certificates/{id}/revoke',
      description: 'Revokes a certificate for good (administrators; audited). Its verification page then says it was revoked.',
      security: bearer,
      middleware: [requireAdmin] as const,
      request: { params: idParam, body: jsonBody(RevokeInput) },
      responses: { 200: json(CertificateVerification), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const caller = c.get('caller')!;
      const outcome = await c.get('deps').db.db.transaction(async (tx) => {
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
      if (outcome === 'unknown') return fail(c, 404, ErrorCode.notFound, 'No certificate has this id');
      if (outcome === 'revoked') return fail(c, 409, ErrorCode.conflict, 'This certificate is already revoked');
      return c.json(verificationOf(outcome), 200);
    },
  );
