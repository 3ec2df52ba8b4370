import { createRoute, z } from '@hono/zod-openapi';
import { CASE_TASKS } from '../domain/simulators.ts';
import { CaseParamsSchema } from './courses.ts';
import { bearer, dbString, errors, json, jsonBody } from './shared.ts';

/** The contract of /launch: the signed token that opens one case in the simulator, and its check. */

const LaunchRequest = z.strictObject({
  course: dbString().min(1).max(128),
  level: z.number().int().min(1).max(100),
  case: z.number().int().min(1).max(200),
  /** The code of an assessment window open for this course: the launch is then assessed (no guided steps). */
  assessmentCode: dbString().max(32).optional(),
});

const Simulator = z.enum(['browser', 'desktop']).describe('Which simulator plays the case: the browser simulator has the fetoscopic laser tasks only');

const LaunchToken = z
  .object({
    token: z.string(),
    expiresAt: z.string(),
    scheme: z.string(),
    assessed: z.boolean().describe("Launched with an open assessment window's code"),
    simulator: Simulator,
  })
  .meta({ id: 'LaunchToken' });

/** What a launch token says, checked: who, which case, which placenta (variant) with which parameters, and entitlement now. */
const LaunchVerification = z
  .object({
    userid: z.string(),
    course: z.string(),
    level: z.number(),
    case: z.number(),
    variant: z.number(),
    sim: CaseParamsSchema,
    task: z.enum(CASE_TASKS).describe("The case's task: a fetoscopic laser task (then `sim` describes it) or a procedure only the desktop simulator plays"),
    simulator: Simulator,
    entitled: z.boolean(),
    assessed: z.boolean().describe('Launched in an assessment window: played without the guided steps'),
  })
  .meta({ id: 'LaunchVerification' });

export const launch = createRoute({
  method: 'post',
  path: '/launch',
  security: bearer,
  description:
    "Signs a launch token with the case's simulator parameters and a variant drawn now (which placenta is played). " +
    'Launches and attempts share one rate limit per user. In a course in proficiency order, a case whose module is not open yet is refused (403). ' +
    'With `assessmentCode`, the launch is assessed: a code no open window of this course admits the learner to is refused (400 ' +
    '`assessment_code_unknown`), an expired or closed one too (410 `assessment_code_expired`), one scheduled for later with 409 ' +
    '`assessment_not_started`, and a second launch of a case in one sitting with 409 `assessment_launch_used` unless a director granted ' +
    'another; every assessed launch is recorded as it is signed. Codes tried are rate limited per user.',
  request: { body: jsonBody(LaunchRequest) },
  responses: {
    201: json(LaunchToken, 'Created'),
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
    409: { description: "The code's sitting has not started, or this case was launched in it already", content: errors[409].content },
    410: { description: "The assessment code's window has expired or was closed", content: errors[400].content },
    429: errors[429],
  },
});

export const verify = createRoute({
  method: 'get',
  path: '/launch/verify',
  request: { query: z.strictObject({ token: z.string().min(1).max(4096) }) },
  responses: { 200: json(LaunchVerification), 400: errors[400], 401: errors[401] },
});
