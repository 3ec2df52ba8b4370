import { createRoute, z } from '@hono/zod-openapi';
import { ASSESSMENT_MAX_DAYS_AHEAD, ASSESSMENT_MAX_MINUTES, ASSESSMENT_MIN_MINUTES } from '../domain/assessment.ts';
import { PLAUSIBILITY_FLAGS } from '../domain/simulator/index.ts';
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
    openedByName: z.string(),
    openedAt: z.string(),
    startsAt: z.string().describe('When the code starts to work: when it was opened, or later for a sitting scheduled ahead'),
    expiresAt: z.string(),
    closedAt: z.string().nullable(),
    learners: z.array(z.object({ id: z.string(), name: z.string() })).describe('The learners the sitting is for; empty: every member of its group'),
    state: z.enum(['scheduled', 'open', 'expired', 'closed']),
  })
  .meta({ id: 'AssessmentWindow' });

const OpenInput = z.strictObject({
  course: dbString().min(1).max(128),
  /** Required of a director (one of the groups they direct); an administrator may leave it out to admit every learner. */
  group: dbString().min(1).max(128).optional(),
  minutes: z.number().int().min(ASSESSMENT_MIN_MINUTES).max(ASSESSMENT_MAX_MINUTES),
  /** A sitting for these learners only (user ids; members of the group when one is named). */
  learners: z.array(dbString().min(1).max(128)).max(200).optional(),
  /** When the code starts to work; now when left out. */
  startsAt: z.iso.datetime({ offset: true }).optional(),
});

/** A launch made with a code, and what became of it. */
export const SittingLaunch = z
  .object({
    id: z.string(),
    userId: z.string(),
    learnerName: z.string(),
    caseId: z.string(),
    level: z.number(),
    case: z.number(),
    seq: z.number().describe("The learner's launches of this case in the sitting so far, this one included"),
    launchedAt: z.string(),
    fate: z
      .enum(['pending', 'sent', 'abandoned', 'expired', 'flagged'])
      .describe(
        'pending: its attempt may still come; sent: stored as assessed; abandoned: never sent; expired: sent after the window ended (practice); flagged: input no hand makes',
      ),
    score: z.number().nullable(),
    flags: z
      .array(z.enum(PLAUSIBILITY_FLAGS))
      .describe('Why a flagged launch was flagged (none for the others, or for attempts flagged before reasons were kept)'),
  })
  .meta({ id: 'SittingLaunch' });

/** One more launch of a case granted to a learner in a sitting. */
export const GrantedLaunch = z
  .object({ id: z.string(), userId: z.string(), learnerName: z.string(), caseId: z.string(), reason: z.string(), grantedBy: z.string(), grantedAt: z.string() })
  .meta({ id: 'GrantedLaunch' });

/** What a learner's record as a whole holds that a person rarely does (domain/record-review.ts), for the director to review. */
const ReviewFlag = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('jump'), from: z.number(), to: z.number() }),
  z.object({ kind: z.literal('sameTiming'), count: z.number(), seconds: z.number() }),
  z.object({ kind: z.literal('regular'), count: z.number(), seconds: z.number() }),
]);

export const LearnerReview = z.object({ userId: z.string(), learnerName: z.string(), flags: z.array(ReviewFlag).min(1) }).meta({ id: 'LearnerReview' });

const SittingRecord = z
  .object({
    window: AssessmentWindow,
    launches: z.array(SittingLaunch),
    grants: z.array(GrantedLaunch),
    reviews: z
      .array(LearnerReview)
      .describe("The sitting's learners whose attempts at the course, read as a whole, hold what a person rarely does: for review, never a verdict"),
  })
  .meta({ id: 'SittingRecord' });

const GrantInput = z.strictObject({
  learner: dbString().min(1).max(128),
  caseId: dbString().min(1).max(128),
  reason: dbString().trim().min(1).max(500),
});

/** A sitting as a learner it admits sees it: when, and who opened it; never its code, which is given in person. */
export const MySitting = z
  .object({
    id: z.string(),
    courseId: z.string(),
    groupName: z.string().nullable(),
    openedByName: z.string(),
    startsAt: z.string(),
    expiresAt: z.string(),
    state: z.enum(['scheduled', 'open']),
  })
  .meta({ id: 'MySitting' });

export type MySitting = z.infer<typeof MySitting>;
export type SittingLaunch = z.infer<typeof SittingLaunch>;
export type GrantedLaunch = z.infer<typeof GrantedLaunch>;
export type SittingRecord = z.infer<typeof SittingRecord>;
export type LearnerReview = z.infer<typeof LearnerReview>;

export type AssessmentWindow = z.infer<typeof AssessmentWindow>;

export const open = createRoute({
  method: 'post',
  path: '/assessments',
  description:
    `Opens an assessment window for a course that requires assessment, for ${ASSESSMENT_MIN_MINUTES} to ${ASSESSMENT_MAX_MINUTES} minutes ` +
    '(directors for a group they direct; administrators for any group or for every learner; audited), now or from `startsAt` ' +
    `(up to ${ASSESSMENT_MAX_DAYS_AHEAD} days ahead), ` +
    'for every member of the group or for the named `learners`. The answer holds its code.',
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
  description:
    "The windows of a course scheduled ahead or ended in the last day, latest start first: administrators see all, directors those of their groups' and their own.",
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

export const launches = createRoute({
  method: 'get',
  path: '/assessments/{id}/launches',
  description:
    "Every launch made with the window's code, with its fate, and the extra launches granted (administrators, the window's opener and its group's directors).",
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(SittingRecord), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const grant = createRoute({
  method: 'post',
  path: '/assessments/{id}/grants',
  description:
    'Grants a learner one more launch of a case in the sitting (one per case otherwise), with the reason (administrators, the opener, its group directors; audited).',
  security: bearer,
  request: { params: idParam, body: jsonBody(GrantInput) },
  responses: { 201: json(GrantedLaunch, 'Granted'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const mine = createRoute({
  method: 'get',
  path: '/assessments/mine',
  description:
    "The caller's sittings of a course that are scheduled or open (those of their groups, or named for them, or for every learner), earliest first, without their codes.",
  security: bearer,
  request: { query: z.strictObject({ course: dbString().min(1).max(128) }) },
  responses: { 200: json(z.array(MySitting)), 400: errors[400], 401: errors[401] },
});
