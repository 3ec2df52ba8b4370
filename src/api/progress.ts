import { createRoute, z } from '@hono/zod-openapi';
import { CertificateSummary } from './certificates.ts';
import { bearer, dbString, errors, json, LangQuery } from './shared.ts';

/** The contract of /progress: a learner's standing per course, computed from the stored attempts. */

const Lock = z
  .object({
    module: z.number().describe('The module to pass first, numbered as the course page shows it'),
    title: z.string(),
    remaining: z.number().describe('Cases of that module still to pass'),
  })
  .meta({ id: 'Lock' });

const CaseStanding = z
  .object({
    level: z.number(),
    case: z.number(),
    title: z.string(),
    passMark: z.number(),
    passMarkSource: z.enum(['set', 'benchmark', 'default']),
    simulator: z.enum(['browser', 'desktop']).describe('Which simulator plays the case: the browser simulator has the fetoscopic laser tasks only'),
    state: z.enum(['notStarted', 'attempted', 'passed']),
    best: z.number().nullable(),
    attempts: z.number(),
    passedAt: z.string().nullable(),
    assessedBest: z.number().nullable().describe('The best score of an attempt played in an assessment window'),
    assessed: z.boolean().describe('Passed in an assessment window'),
    lock: Lock.nullable(),
  })
  .meta({ id: 'CaseStanding' });

const ModuleStanding = z
  .object({
    level: z.number(),
    shown: z.number(),
    title: z.string(),
    passed: z.number(),
    total: z.number(),
    percent: z.number(),
    lock: Lock.nullable(),
    cases: z.array(CaseStanding),
  })
  .meta({ id: 'ModuleStanding' });

/** GET /progress?course=: one learner's standing in one course, computed from the stored attempts. */
export const CourseProgress = z
  .object({
    courseId: z.string(),
    userId: z.string(),
    proficiencyOrder: z.boolean(),
    assessmentRequired: z.boolean().describe('Only attempts played in an assessment window pass a case'),
    passed: z.number(),
    total: z.number(),
    percent: z.number(),
    complete: z.boolean(),
    completedAt: z.string().nullable(),
    next: z.object({ level: z.number(), case: z.number() }).nullable(),
    modules: z.array(ModuleStanding),
    certificate: CertificateSummary.nullable(),
  })
  .meta({ id: 'CourseProgress' });

/** GET /progress without a course: one line per course with active cases. */
export const CourseProgressLine = z
  .object({
    courseId: z.string(),
    title: z.string(),
    passed: z.number(),
    total: z.number(),
    percent: z.number(),
    attempts: z.number(),
    complete: z.boolean(),
    certificate: CertificateSummary.nullable(),
  })
  .meta({ id: 'CourseProgressLine' });

const ProgressQuery = z.strictObject({
  course: dbString().min(1).max(128).optional(),
  userId: dbString().min(1).max(128).optional(),
  ...LangQuery.shape,
});

export type CaseStanding = z.infer<typeof CaseStanding>;
export type ModuleStanding = z.infer<typeof ModuleStanding>;
export type CourseProgress = z.infer<typeof CourseProgress>;
export type CourseProgressLine = z.infer<typeof CourseProgressLine>;

export const progress = createRoute({
  method: 'get',
  path: '/progress',
  description:
    "With `course`: the learner's standing in that course (every active case's state, best score and pass mark, module and course " +
    "shares, the case to continue with, proficiency locks, the certificate). Without: one line per course. The caller's own record; " +
    'administrators and directors of a group the learner is a member of may pass `userId`. Flagged attempts never count. Course, module, ' +
    'case and certificate titles in the language asked for (`?lang=` or Accept-Language), English where a text has no translation.',
  security: bearer,
  request: { query: ProgressQuery },
  responses: {
    200: json(z.union([CourseProgress, z.array(CourseProgressLine)]), 'One course, or every course'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
  },
});
