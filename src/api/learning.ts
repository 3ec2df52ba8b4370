import { createRoute, z } from '@hono/zod-openapi';
import { CertificateOutlook, CertificateSummary } from './certificates.ts';
import { bearer, dbString, errors, json, LangQuery } from './shared.ts';

/** The contract of /learning: the signed-in learner's home, what they hold and where they stand, in one answer. */

const HeldCourse = z
  .object({
    courseId: z.string(),
    title: z.string(),
    thumbnail: z.string().nullable(),
    held: z.boolean().describe('Whether the learner may play the course now (false: their access ended)'),
    until: z.string().nullable().describe('When the access ends (or ended); null for administrators and premium accounts, whose access has no end'),
    passed: z.number().describe('Active cases whose pass mark the learner reached'),
    total: z.number(),
    percent: z.number(),
    attempts: z.number(),
    complete: z.boolean(),
    next: z
      .object({ level: z.number(), case: z.number(), module: z.number().describe('The module as the course page numbers it') })
      .nullable()
      .describe('The case to continue with: the first, in course order, not passed and open'),
    certificate: CertificateSummary.nullable(),
    certificateOutlook: CertificateOutlook.nullable().describe('The way to the certificate; null once the course is complete, and for a course without cases'),
  })
  .meta({ id: 'HeldCourse' });

const OfferedCourse = z.object({ courseId: z.string(), title: z.string() }).meta({ id: 'OfferedCourse' });

export const Learning = z
  .object({
    courses: z.array(HeldCourse).describe('The courses held now, then those whose access ended that the learner played, in catalogue order'),
    offers: z.array(OfferedCourse).describe('Courses a plan on sale includes that the learner does not hold'),
  })
  .meta({ id: 'Learning' });

export type HeldCourse = z.infer<typeof HeldCourse>;
export type Learning = z.infer<typeof Learning>;

export const learning = createRoute({
  method: 'get',
  path: '/learning',
  description:
    "The caller's own learning home (My learning): each course they hold with its access end, progress, the case to continue with and the " +
    'certificate; courses whose access ended that they played; the courses on sale they could buy next. Administrators hold every course.',
  security: bearer,
  request: { query: z.strictObject(LangQuery.shape) },
  responses: { 200: json(Learning), 400: errors[400], 401: errors[401], 404: errors[404] },
});

const ScorePoint = z
  .object({
    at: z.string(),
    score: z.number(),
    assessed: z.boolean().describe('Played in an assessment window'),
    passes: z.boolean().describe('Reached the pass mark in an attempt that counts for passing'),
  })
  .meta({ id: 'ScorePoint' });

const CaseScores = z
  .object({
    level: z.number(),
    module: z.number().describe('The module as the course page numbers it'),
    case: z.number(),
    title: z.string(),
    passMark: z.number(),
    passMarkSource: z.enum(['set', 'benchmark', 'default']),
    benchmark: z.number().nullable().describe("The experts' median score; null while no expert has played the case"),
    attempts: z.number().describe('Unflagged attempts in all, of which `points` holds the latest'),
    points: z.array(ScorePoint).describe('The latest unflagged attempts, oldest first'),
  })
  .meta({ id: 'CaseScores' });

/** GET /learning/scores: the learner's scores per case over time, against the pass mark and the experts' benchmark. */
export const Scores = z.object({ courseId: z.string(), title: z.string(), cases: z.array(CaseScores) }).meta({ id: 'Scores' });

export type Scores = z.infer<typeof Scores>;
export type CaseScores = z.infer<typeof CaseScores>;

export const scores = createRoute({
  method: 'get',
  path: '/learning/scores',
  description:
    "The caller's own scores in one course: each active case they played, in course order, with its latest unflagged attempts (oldest " +
    "first), its pass mark and the experts' benchmark, titles in the language asked for. What My learning's chart draws.",
  security: bearer,
  request: { query: z.strictObject({ course: dbString().min(1).max(128), ...LangQuery.shape }) },
  responses: { 200: json(Scores), 400: errors[400], 401: errors[401], 404: errors[404] },
});
