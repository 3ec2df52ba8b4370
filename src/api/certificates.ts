import { createRoute, z } from '@hono/zod-openapi';
import { bearer, dbString, documentLanguage, errors, idParam, json, jsonBody, LangQuery, pdfAnswer } from './shared.ts';

/** The contract of /certificates: a learner's certificates, their public verification, PDF and revocation. */

const CertificateKindSchema = z
  .enum(['completion', 'assessed'])
  .describe(
    'completion: the course was completed, in practice or otherwise; assessed: every case was passed in a sitting a director or an administrator opened',
  );
/** How far a learner stands from a course's certificate (domain/certificate-outlook.ts): the cases left and the kind they lead to. */
export const CertificateOutlook = z
  .object({
    casesLeft: z.number().describe('Active cases not passed yet: the certificate is issued once every one is passed'),
    kind: CertificateKindSchema,
  })
  .meta({ id: 'CertificateOutlook' });
const SittingSchema = z.object({ openedBy: z.string().describe('The name of who opened it'), startsAt: z.string() });

/** A certificate as its holder (and their directors, and admins) see it. */
export const CertificateSummary = z
  .object({
    id: z.string(),
    courseId: z.string(),
    courseTitle: z.string(),
    completedAt: z.string(),
    issuedAt: z.string(),
    revoked: z.boolean(),
    kind: CertificateKindSchema,
    sittings: z.array(SittingSchema).describe('The assessed sittings its cases were passed in; empty for a certificate of completion'),
  })
  .meta({ id: 'CertificateSummary' });

/** The public answer of GET /certificates/{id}: enough to confirm the certificate, nothing more about its holder. */
const CertificateVerification = z
  .object({
    id: z.string(),
    status: z.enum(['valid', 'revoked']),
    holderName: z.string(),
    courseTitle: z.string(),
    completedAt: z.string(),
    revokedAt: z.string().nullable(),
    kind: CertificateKindSchema,
    sittings: z.array(SittingSchema),
    assessedCases: z
      .array(z.object({ module: z.number(), case: z.number(), title: z.string() }))
      .describe('The cases passed in an assessment window a director or an administrator opened, numbered as the course page showed them'),
  })
  .meta({ id: 'CertificateVerification' });

const RevokeInput = z.strictObject({ reason: dbString().trim().min(1).max(500) });

export type CertificateSummary = z.infer<typeof CertificateSummary>;
export type CertificateVerification = z.infer<typeof CertificateVerification>;

const pdfQuery = z.strictObject({ lang: documentLanguage });

export const list = createRoute({
  method: 'get',
  path: '/certificates',
  description:
    "A learner's certificates, newest first: the caller's own; administrators and the learner's group directors may pass `userId`. " +
    'Course titles in the language asked for (`?lang=` or Accept-Language), as kept at issue, English where one had no translation.',
  security: bearer,
  request: { query: z.strictObject({ userId: dbString().min(1).max(128).optional(), ...LangQuery.shape }) },
  responses: { 200: json(z.array(CertificateSummary)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const verify = createRoute({
  method: 'get',
  path: '/certificates/{id}',
  description:
    'Public verification: whether the certificate is genuine (valid or revoked), its holder, course and date, and which cases were passed in an ' +
    'assessment window; nothing else about the holder (no scores). Course and case titles in the language of Accept-Language, as kept ' +
    'at issue, English where one had no translation.',
  request: { params: idParam },
  responses: { 200: json(CertificateVerification), 404: errors[404] },
});

export const pdf = createRoute({
  method: 'get',
  path: '/certificates/{id}/pdf',
  description: "The certificate as a PDF in the language asked for (`lang`, default English): its holder, administrators and the holder's group directors.",
  security: bearer,
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
});

export const revoke = createRoute({
  method: 'post',
  path: '/certificates/{id}/revoke',
  description: 'Revokes a certificate for good (administrators; audited). Its verification page then says it was revoked.',
  security: bearer,
  request: { params: idParam, body: jsonBody(RevokeInput) },
  responses: { 200: json(CertificateVerification), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});
