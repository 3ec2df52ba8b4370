import { createRoute, z } from '@hono/zod-openapi';
import { TASKS } from '../domain/simulator/params.ts';
import { ANASTOMOSIS_KINDS, COMPONENTS, CONTROL_STEP, ENTRY_SITE_LIMIT, GATES, MAX_SESSION_MS, PLAUSIBILITY_FLAGS } from '../domain/simulator/index.ts';
import { FETO_GATES } from '../domain/airway/score.ts';
import { FETO_PROCEDURE } from '../domain/airway/record.ts';
import { DebriefSchema, SimMetricsSchema } from './attempt-debrief.ts';
import { bearer, dbString, errors, idParam, json, jsonBody, LangQuery } from './shared.ts';

/** The contract of /attempts: a simulator log sent to be scored, the stored attempts, and the experts' benchmarks. */

/** Most events one attempt may send: a long, busy session stays well under it, and replaying it stays cheap. */
export const MAX_ATTEMPT_EVENTS = 10_000;

const eventTime = z.number().min(0).max(MAX_SESSION_MS);
/** A held control as a device of the page sends it: keys -1, 0 or 1, touch and sticks rounded to CONTROL_STEP. */
const control = z.number().min(-1).max(1).multipleOf(CONTROL_STEP);

// The entry site chosen on the intro's sketch; logs from before sites could be chosen have none.
const openEvent = z.object({
  t: eventTime,
  type: z.literal('open'),
  scope: z.enum(['straight', 'angled']),
  site: z
    .number()
    .int()
    .min(0)
    .max(ENTRY_SITE_LIMIT - 1)
    .optional(),
});
const classifyEvent = z.object({ t: eventTime, type: z.literal('classify'), kind: z.enum(ANASTOMOSIS_KINDS) });
const laserBare = z.object({
  t: eventTime,
  type: z.enum(['laserOn', 'laserOff', 'fireStart', 'fireStop', 'mark', 'cancelMark', 'exchange', 'wipe', 'review', 'finish']),
});

/** One simulator event as the browser recorded it (see src/domain/simulator/events.ts); the server replays it through the model. */
const AttemptEvent = z.discriminatedUnion('type', [
  openEvent,
  z.object({ t: eventTime, type: z.literal('input'), turnX: control, turnY: control, insert: control, roll: control }),
  classifyEvent,
  laserBare,
]);

/** The FETO page's events (src/domain/airway/attempt.ts): held controls without roll, and the balloon's actions. */
const inflateEvent = z.object({ t: eventTime, type: z.literal('inflate'), volumeMl: z.number().min(0.05).max(2).multipleOf(0.05) });
const FetoAttemptEvent = z.discriminatedUnion('type', [
  z.object({ t: eventTime, type: z.literal('input'), turnX: control, turnY: control, insert: control }),
  inflateEvent,
  z.object({ t: eventTime, type: z.enum(['detach', 'puncture', 'finish']) }),
]);

/** A log of the laser simulator, or of the FETO page: which one a launch takes is its case's (checked once the launch is read). */
export const LaserLog = z.array(AttemptEvent);
export const FetoLog = z.array(FetoAttemptEvent);

/** An event of either page, as the contract accepts it before the launch says which; `roll` is the laser page's only. */
const AnyAttemptEvent = z
  .discriminatedUnion('type', [
    openEvent,
    z.object({ t: eventTime, type: z.literal('input'), turnX: control, turnY: control, insert: control, roll: control.optional() }),
    classifyEvent,
    laserBare,
    inflateEvent,
    z.object({ t: eventTime, type: z.enum(['detach', 'puncture']) }),
  ])
  .meta({ id: 'AttemptEvent' });

/** What an attempt's task may be: a laser task, or the procedure played on the airway model. */
const ATTEMPT_TASKS = [...TASKS, FETO_PROCEDURE] as const;

/** POST /attempts: the launch token says who played which case and placenta; anything else sent (a score...) is ignored. */
const AttemptInput = z.object({
  token: z.string().min(1).max(4096),
  /** A laser log, or a FETO log for a fetal tracheal occlusion case: which one the launch decides. */
  events: z.array(AnyAttemptEvent).min(1).max(MAX_ATTEMPT_EVENTS),
  /** How long before sending the page opened the fetoscopy, on its own clock: an attempt sent after its launch expired must have started before. */
  startedAgoMs: z.number().int().min(0).optional(),
});

/** One attempt in a list: what the course page, My account and the admin show. */
const AttemptSummary = z
  .object({
    id: z.string(),
    userId: z.string(),
    courseId: z.string(),
    /** The case played, by id: it stays the same when the case moves. */
    caseId: z.string(),
    /** The case's place (module and case, 1-based): in lists, where it stands now (where it was, once deleted); in a result, where it was when played. */
    level: z.number(),
    case: z.number(),
    /** null for attempts stored by the first simulator, which had no tasks. */
    task: z.enum(ATTEMPT_TASKS).nullable(),
    score: z.number(),
    surgeryTimeMs: z.number(),
    /** Input no hand makes: kept, but left out of progress, certificates and benchmarks. */
    flagged: z.boolean(),
    /** Why: events faster than a hand makes them, reactions faster than sight, a timer's regularity. */
    flags: z.array(z.enum(PLAUSIBILITY_FLAGS)),
    /** Played in an assessment window and sent while it was still open; launched in one and sent after it closed, false. */
    assessed: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AttemptSummary' });

/** An attempt in a list, with its course's and case's titles in the reader's language (the course id only where the course is gone). */
const AttemptListItem = AttemptSummary.extend({ courseTitle: z.string(), caseTitle: z.string().nullable() }).meta({ id: 'AttemptListItem' });

/** A case's benchmark: the median score and surgery time of the experts' attempts that were not flagged. */
const Benchmark = z.object({ score: z.number(), surgeryTimeMs: z.number(), attempts: z.number().int() }).meta({ id: 'Benchmark' });

/** GET /benchmarks: one row per case of the course that experts have played with its current task. */
const CaseBenchmark = Benchmark.extend({ courseId: z.string(), caseId: z.string(), level: z.number(), case: z.number(), task: z.enum(TASKS) }).meta({
  id: 'CaseBenchmark',
});

const componentValues = z.partialRecord(z.enum(COMPONENTS), z.number());

/** A limit that held the score below what its components earned (src/domain/simulator/score.ts), and the ceiling it set. */
const ScoreGate = z.object({ id: z.enum([...GATES, ...FETO_GATES]), ceiling: z.number().int() }).meta({ id: 'ScoreGate' });

/**
 * The stored attempt as the server scored it by replaying the log: each component (0-1) and its weight, the
 * debrief map (null for attempts stored by the first simulator, whose metrics are its own older figures, hence
 * partial here), the launch's variant, and the case's benchmark as it stands.
 */
const AttemptResult = AttemptSummary.extend({
  variant: z.number().int(),
  metrics: SimMetricsSchema.partial(),
  components: componentValues,
  weights: componentValues,
  /** The gates that capped the score, lowest ceiling first: the score is the first one's ceiling. */
  gates: z.array(ScoreGate),
  debrief: DebriefSchema.nullable(),
  benchmark: Benchmark.nullable(),
}).meta({ id: 'AttemptResult' });

/** Per case, the caller's best score and how many attempts (flagged attempts left out); its place as it stands now (as last played, once deleted). */
const CaseProgress = z
  .object({ courseId: z.string(), caseId: z.string(), level: z.number(), case: z.number(), bestScore: z.number(), attempts: z.number(), lastAt: z.string() })
  .meta({ id: 'CaseProgress' });

export type AttemptSummary = z.infer<typeof AttemptSummary>;
export type AttemptListItem = z.infer<typeof AttemptListItem>;
export type AttemptResult = z.infer<typeof AttemptResult>;
export type Benchmark = z.infer<typeof Benchmark>;
export type CaseBenchmark = z.infer<typeof CaseBenchmark>;

const listQuery = z.strictObject({
  userId: dbString().min(1).max(128).optional(),
  courseId: dbString().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  ...LangQuery.shape,
});

const summaryQuery = z.strictObject({
  userId: dbString().min(1).max(128).optional(),
  courseId: dbString().min(1).max(128).optional(),
});

const errorBody = errors[400].content;

export const submit = createRoute({
  method: 'post',
  path: '/attempts',
  description:
    'Replays the log on the placenta the launch token names and stores the attempt. Only the learner the token was ' +
    "launched for may send it, signed in with their own ID token (administrators included: nobody sends another's). " +
    'One token makes one attempt: the same log sent again answers the stored attempt (200), a different one is refused (409). ' +
    "An attempt kept on the device may be sent after its launch expired, for 7 days, if `startedAgoMs` puts its start within the launch's life.",
  security: bearer,
  request: { body: jsonBody(AttemptInput) },
  responses: {
    200: json(AttemptResult, 'Already stored: the same log sent again with the same token'),
    201: json(AttemptResult, 'Stored'),
    400: {
      description:
        'Invalid body (a control value no device of the page produces among them), a log that never opened the fetoscopy, or one longer than the time since the launch',
      content: errorBody,
    },
    401: {
      description:
        'No valid ID token (error `unauthorized`), or the launch token is invalid, expired more than 7 days ago, or expired before the attempt started (error `invalid_token`)',
      content: errorBody,
    },
    403: { description: "The launch token is another user's, or the user is no longer entitled to the course", content: errorBody },
    404: errors[404],
    409: { description: 'This launch token already made an attempt with a different log', content: errorBody },
    422: { description: 'The log took longer to replay than the server allows (error `replay_over_budget`)', content: errorBody },
    429: {
      description:
        'Too many launches and attempts this minute (error `too_many_requests`), or 100 attempts stored in the last 24 hours already (error `attempt_daily_cap`); see Retry-After',
      content: errorBody,
    },
    503: { description: 'Too many attempts are being scored; try again after Retry-After (error `busy`)', content: errorBody },
  },
});

export const list = createRoute({
  method: 'get',
  path: '/attempts',
  description: 'Recent attempts, newest first, titled in the language asked for (`?lang=` or Accept-Language), English where a title has no translation.',
  security: bearer,
  request: { query: listQuery },
  responses: { 200: json(z.array(AttemptListItem)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const summary = createRoute({
  method: 'get',
  path: '/attempts/summary',
  description: 'Best score and attempt count per case; flagged attempts are left out.',
  security: bearer,
  request: { query: summaryQuery },
  responses: { 200: json(z.array(CaseProgress)), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const get = createRoute({
  method: 'get',
  path: '/attempts/{id}',
  description: "One attempt with its score components, debrief map and the case's benchmark: its owner, administrators and the owner's group directors.",
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(AttemptResult), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const benchmarks = createRoute({
  method: 'get',
  path: '/benchmarks',
  description: "Per case of the course: the median score and surgery time of the experts' attempts (flagged ones left out).",
  request: { query: z.strictObject({ courseId: dbString().min(1).max(128) }) },
  responses: { 200: json(z.array(CaseBenchmark)), 400: errors[400], 404: errors[404] },
});
