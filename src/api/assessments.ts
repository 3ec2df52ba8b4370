import { createRoute, z } from '@hono/zod-openapi';
import { ASSESSMENT_MAX_MINUTES, ASSESSMENT_MIN_MINUTES } from '../domain/assessment.ts';
import { bearer, dbString, errors, idParam, json, jsonBody } from './shared.ts';

/** The contract of /assessments: windows during which a course's cases are played as an assessment, by a short code. */

export const AssessmentWindow = z
  .object({
    id: z.string(),
    code: z.string().describe('Six characters learners type in the open-case dialog'),
    courseId: z.string(),
    groupId: z.string().nullable().describe("Only this group's members may use the code; null: any learner entitled to the course"),
    groupName: z.string().nullable(),
    openedBy: z.string(),
    openedAt: z.string(),
    expiresAt: z.string(),
    closedAt: z.string().nullable(),
    state: z.enum(['open', 'expired', 'closed']),
  })
  .meta({ id: 'AssessmentWindow' });

const OpenInput = z.strictObject({
  course: dbString().min(1).max(128),
  /** Required of a director (one of the groups they direct); an administrator may leave it out to admit every learner. */
  group: dbString().min(1).max(128).optional(),
  minutes: z.number().int().min(ASSESSMENT_MIN_MINUTES).max(ASSESSMENT_MAX_MINUTES),
});

export type AssessmentWindow = z.infer<typeof AssessmentWindow>;

export const open = createRoute({
  method: 'post',
  path: '/assessments',
  description:
    `Opens an assessment window for a course that requires assessment, for ${ASSESSMENT_MIN_MINUTES} to ${ASSESSMENT_MAX_MINUTES} minutes ` +
    '(directors for a group they direct; administrators for any group or for every learner; audited). The answer holds its code.',
  security: bearer,
  request: { body: jsonBody(OpenInput) },
  responses: {
    201: json(AssessmentWindow, 'Opened'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: { description: 'The course does not require assessment', content: errors[409].content },
  },
});

export const list = createRoute({
  method: 'get',
  path: '/assessments',
  description: "The windows of a course opened in the last day, newest first: administrators see all, directors those of their groups' and their own.",
  security: bearer,
  request: { query: z.strictObject({ course: dbString().min(1).max(128) }) },
  responses: { 200: json(z.array(AssessmentWindow)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const close = createRoute({
  method: 'post',
  path: '/assessments/{id}/close',
  description: 'Closes a window before it expires: no launch takes its code after that (attempts launched already still count; audited).',
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(AssessmentWindow), 401: errors[401], 403: errors[403], 404: errors[404] },
});
