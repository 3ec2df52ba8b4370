import { z } from 'zod';
import { stripInvisible } from '../domain/text.ts';
import { CONTENT_LOCALES, TRANSLATED_LOCALES } from '../domain/localize.ts';
import { PARAM_BOUNDS, PLACENTA_SITES, SCOPE_OFFERS, TASKS } from '../domain/simulator/params.ts';
import { ANASTOMOSIS_KINDS, COMPONENTS, MAX_SESSION_MS, type Debrief, type SimMetrics } from '../domain/simulator/index.ts';

/** The contract of /api: the routes validate with these schemas and the OpenAPI document is generated from them. */

/** False for text PostgreSQL refuses to store or compare (NUL characters, lone UTF-16 surrogates): that is bad input, not a 500. */
export const storable = (s: string) => !/[\0\p{Cs}]/u.test(s);
/**
 * A string the database accepts; every string of the contract that reaches a query is one. Invisible formatting
 * characters (bidirectional overrides and the like, see stripInvisible) are removed first, so no text can be shown as another.
 */
export const dbString = () => z.string().overwrite(stripInvisible).refine(storable, 'must not contain NUL characters or unpaired surrogates');
const text = (max: number) => dbString().trim().max(max);
const title = dbString().trim().min(1).max(200);

/**
 * Every /api failure; `requestId` names a failure the server logged (quote it when reporting a problem), and `issues`
 * lists each field refused input failed on (its dotted path), so the browser never reads a field out of `message`.
 */
export const ErrorBody = z
  .object({
    error: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export const TimestampSchema = z.strictObject({
  seconds: z.number().int().min(0).max(253402300799),
  nanoseconds: z.number().int().min(0).max(999_999_999),
});

export const Subscription = z
  .strictObject({
    provider: text(200).min(1),
    plan_name: text(300),
    product_id: text(100).min(1),
    subscription_id: text(100).min(1),
    next_billing_time: TimestampSchema,
  })
  .meta({ id: 'Subscription' });

export const User = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    contact: z.string(),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    /** An expert's attempts set each case's benchmark. */
    isExpert: z.boolean(),
    subscriptions: z.array(Subscription),
  })
  .meta({ id: 'User' });

/** POST /users: isAdmin and isPremium are accepted but always stored false. */
export const NewUser = z.strictObject({
  id: dbString().min(1).max(128),
  email: z.email().max(320),
  isAdmin: z.boolean().optional(),
  isPremium: z.boolean().optional(),
  contact: text(50).optional(),
  name: text(401).optional(),
});

/** PUT /users/{id}: the admin's full save. */
export const UserUpdate = z.strictObject({
  id: z.string().optional(),
  email: z.string().optional(),
  name: text(401).optional(),
  contact: text(50).optional(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  /** Left as stored when absent. */
  isExpert: z.boolean().optional(),
  subscriptions: z.array(Subscription).max(200),
});

const bounded = (b: { min: number; max: number }) => z.number().min(b.min).max(b.max);

/** A case's simulator parameters as an admin stores them; a case without them runs with its module's defaults. */
export const CaseParamsSchema = z
  .strictObject({
    task: z.enum(TASKS),
    difficulty: bounded(PARAM_BOUNDS.difficulty).int(),
    placenta: z.enum(PLACENTA_SITES),
    anastomoses: bounded(PARAM_BOUNDS.anastomoses).int(),
    smallestMm: bounded(PARAM_BOUNDS.smallestMm).multipleOf(0.1).meta({ multipleOf: 0.1 }),
    scopes: z.enum(SCOPE_OFFERS),
    targets: bounded(PARAM_BOUNDS.targets).int(),
  })
  .meta({ id: 'CaseParams' });

/** The content languages besides English; a key outside them is refused. */
export const TranslatedLocaleSchema = z.enum(TRANSLATED_LOCALES);
/** `?lang=`: which language the content is answered in (absent: Accept-Language, then English). */
export const LangQuery = z.object({ lang: z.enum(CONTENT_LOCALES).optional() });
/** Per-language versions of a text object; empty or absent texts are read in English. */
const translations = <T extends z.ZodType>(value: T) => z.partialRecord(TranslatedLocaleSchema, value);
const TitleTranslations = translations(z.strictObject({ title: text(200) }));

export const CaseSchema = z.strictObject({
  title,
  translations: TitleTranslations.optional(),
  bubbles: z.array(text(500)).max(50),
  sim: CaseParamsSchema.optional(),
  /** The score an attempt needs to pass the case; absent, the experts' median (the benchmark) or 70. */
  passMark: z.number().int().min(1).max(100).optional(),
});

export const LevelSchema = z.strictObject({
  title,
  translations: TitleTranslations.optional(),
  active: z.boolean(),
  cases: z.array(CaseSchema).max(200),
});

const thumbnail = text(2000).nullable().optional();

export const CourseInput = z.strictObject({
  title,
  subtitle: text(500),
  thumbnail,
  levels: z.array(LevelSchema).max(100),
  /** Proficiency-based order: a module opens only once every case of the one before is passed. Left as stored when absent. */
  proficiencyOrder: z.boolean().optional(),
  /** What the learner will be able to do, one line each. Left as stored when absent, as are the two below. */
  outcomes: z.array(text(300).min(1)).max(20).optional(),
  /** Estimated time to work through the course, in minutes. */
  durationMinutes: z.number().int().min(1).max(100_000).nullable().optional(),
  translations: translations(z.strictObject({ title: text(200), subtitle: text(500), outcomes: z.array(text(300)).max(20) }).partial()).optional(),
});

export const NewCourseInput = CourseInput.partial();

/** A course in the language asked for (`?lang=` or Accept-Language), every text falling back to English; `translations` holds the stored versions. */
export const Course = CourseInput.extend({
  id: z.string(),
  thumbnail: z.string().nullable(),
  proficiencyOrder: z.boolean(),
  outcomes: z.array(z.string()),
  durationMinutes: z.number().nullable(),
  translations: CourseInput.shape.translations.unwrap(),
}).meta({
  id: 'Course',
});

export const CourseSummary = z
  .object({ id: z.string(), title: z.string(), subtitle: z.string(), thumbnail: z.string().nullable(), durationMinutes: z.number().nullable() })
  .meta({ id: 'CourseSummary' });

export const PlanInput = z.strictObject({
  title,
  price: z.number().gt(0).max(1_000_000).multipleOf(0.01).meta({ multipleOf: 0.01 }),
  duration: z.number().int().min(1).max(120),
  description: text(2000),
  courses: z.array(dbString().min(1).max(100)).max(100),
  visibility: z.boolean(),
  /** Title and description in the other languages; left as stored when absent. */
  translations: translations(z.strictObject({ title: text(200), description: text(2000) }).partial()).optional(),
});

/** A plan in the language asked for (`?lang=` or Accept-Language), English where a text is missing; `translations` holds the stored versions. */
export const Plan = PlanInput.extend({ id: z.string(), translations: PlanInput.shape.translations.unwrap() }).meta({ id: 'Plan' });

/** An uploaded picture as stored: its addresses per format (content-hashed, cached for a year) and its size. */
export const UploadedImage = z
  .object({ url: z.string(), sources: z.array(z.object({ type: z.string(), url: z.string() })), width: z.number(), height: z.number() })
  .meta({ id: 'UploadedImage' });

/** How many people hold a plan now (an active subscription to it): what deleting or hiding it would touch. */
export const PlanSubscribers = z.strictObject({ planId: z.string(), active: z.number().int().min(0) }).meta({ id: 'PlanSubscribers' });

export const LaunchRequest = z.strictObject({
  course: dbString().min(1).max(128),
  level: z.number().int().min(1).max(100),
  case: z.number().int().min(1).max(200),
});

export const LaunchToken = z.object({ token: z.string(), expiresAt: z.string(), scheme: z.string() }).meta({ id: 'LaunchToken' });

/** What a launch token says, checked: who, which case, which placenta (variant) with which parameters, and entitlement now. */
export const LaunchVerification = z
  .object({
    userid: z.string(),
    course: z.string(),
    level: z.number(),
    case: z.number(),
    variant: z.number(),
    sim: CaseParamsSchema,
    entitled: z.boolean(),
  })
  .meta({ id: 'LaunchVerification' });

/** One admin change as GET /audit answers it: who, when, which entity, before and after. */
export const AuditEntry = z
  .object({
    id: z.number(),
    actor: z.string(),
    actorEmail: z.string(),
    entity: z.string(),
    entityId: z.string(),
    action: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    at: z.string(),
  })
  .meta({ id: 'AuditEntry' });
/** POST /payments/orders: the plan to buy; the price always comes from our database. */
export const PaymentOrderRequest = z.strictObject({ planId: dbString().min(1).max(128) });

export const PaymentOrder = z.object({ id: z.string(), status: z.string() }).meta({ id: 'PaymentOrder' });

/** A captured order: the subscription it added and the buyer's record as it now stands. */
export const PaymentCapture = z
  .object({ orderId: z.string(), status: z.literal('COMPLETED'), subscription: Subscription.nullable(), user: User })
  .meta({ id: 'PaymentCapture' });

export const UnityVersion = z.object({ production: z.string() });

export const PublicConfig = z.object({
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.string().nullable(),
  /** The PayPal JS SDK to load: PayPal's own (sdkBaseUrl null) or the local stand-in, whose payments are test payments. */
  paypal: z.object({
    clientId: z.string(),
    sdkBaseUrl: z.string().nullable(),
    environment: z.enum(['sandbox', 'production']),
    testPayments: z.boolean(),
  }),
  /** Where the home contact form and the support form post, and the support form's access key. */
  forms: z.object({ contactUrl: z.string(), supportUrl: z.string(), accessKey: z.string() }),
  promoVideoUrl: z.string(),
  chatNumber: z.string(),
});

export type User = z.infer<typeof User>;
export type Subscription = z.infer<typeof Subscription>;
export type NewUser = z.infer<typeof NewUser>;
export type UserUpdate = z.infer<typeof UserUpdate>;
export type Course = z.infer<typeof Course>;
export type CourseInput = z.infer<typeof CourseInput>;
export type CourseSummary = z.infer<typeof CourseSummary>;
export type Plan = z.infer<typeof Plan>;
export type PlanInput = z.infer<typeof PlanInput>;
export type PlanSubscribers = z.infer<typeof PlanSubscribers>;
export type UploadedImage = z.infer<typeof UploadedImage>;
export type PublicConfig = z.infer<typeof PublicConfig>;
export type LaunchRequest = z.infer<typeof LaunchRequest>;
export type LaunchToken = z.infer<typeof LaunchToken>;
export type ErrorBody = z.infer<typeof ErrorBody>;
export type AuditEntry = z.infer<typeof AuditEntry>;
export type PaymentOrder = z.infer<typeof PaymentOrder>;
export type PaymentCapture = z.infer<typeof PaymentCapture>;

/** Most events one attempt may send: a long, busy session stays well under it, and replaying it stays cheap. */
export const MAX_ATTEMPT_EVENTS = 10_000;

const eventTime = z.number().min(0).max(MAX_SESSION_MS);
const control = z.number().min(-1).max(1);

/** One simulator event as the browser recorded it (see src/domain/simulator/events.ts); the server replays it through the model. */
export const AttemptEvent = z
  .discriminatedUnion('type', [
    z.object({ t: eventTime, type: z.literal('open'), scope: z.enum(['straight', 'angled']) }),
    z.object({ t: eventTime, type: z.literal('input'), turnX: control, turnY: control, insert: control, roll: control }),
    z.object({ t: eventTime, type: z.literal('classify'), kind: z.enum(ANASTOMOSIS_KINDS) }),
    z.object({ t: eventTime, type: z.enum(['laserOn', 'laserOff', 'fireStart', 'fireStop', 'mark', 'cancelMark', 'finish']) }),
  ])
  .meta({ id: 'AttemptEvent' });

/** POST /attempts: the launch token says who played which case and placenta; anything else sent (a score...) is ignored. */
export const AttemptInput = z.object({
  token: z.string().min(1).max(4096),
  events: z.array(AttemptEvent).min(1).max(MAX_ATTEMPT_EVENTS),
});

/** One attempt in a list: what the course page, My account and the admin show. */
export const AttemptSummary = z
  .object({
    id: z.string(),
    userId: z.string(),
    courseId: z.string(),
    level: z.number(),
    case: z.number(),
    /** null for attempts stored by the first simulator, which had no tasks. */
    task: z.enum(TASKS).nullable(),
    score: z.number(),
    surgeryTimeMs: z.number(),
    /** Input no hand makes: kept, but left out of best scores and benchmarks. */
    flagged: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'AttemptSummary' });

const point = z.object({ x: z.number(), y: z.number() });

/** The debrief map's data (src/domain/simulator/debrief.ts): the placenta after the attempt, in millimetres. */
export const DebriefSchema = z
  .object({
    task: z.enum(TASKS),
    radiusMm: z.number(),
    equator: z.array(point),
    membrane: z.array(point),
    cords: z.array(z.object({ twin: z.enum(['donor', 'recipient']), x: z.number(), y: z.number() })),
    entry: point,
    anastomoses: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(ANASTOMOSIS_KINDS),
        x: z.number(),
        y: z.number(),
        diameterMm: z.number(),
        sealed: z.boolean(),
        sealedRank: z.number().nullable(),
        markedAs: z.enum(ANASTOMOSIS_KINDS).nullable(),
      }),
    ),
    falseMarks: z.array(point),
    lineGaps: z.array(z.array(point)),
    burns: z.array(z.object({ x: z.number(), y: z.number(), r: z.number() })),
    path: z.array(point),
    targets: z.array(z.object({ x: z.number(), y: z.number(), reached: z.boolean() })),
  })
  .meta({ id: 'Debrief' }) satisfies z.ZodType<Debrief>;

/** The figures the replay measured (src/domain/simulator/metrics.ts). */
export const SimMetricsSchema = z
  .object({
    task: z.enum(TASKS),
    surgeryTimeMs: z.number(),
    pathLengthMm: z.number(),
    contacts: z.number(),
    anastomosesTotal: z.number(),
    anastomosesSealed: z.number(),
    anastomosesResidual: z.number(),
    residualIds: z.array(z.string()),
    sealedOrder: z.array(z.string()),
    orderScore: z.number(),
    found: z.number(),
    missed: z.number(),
    falseMarks: z.number(),
    typesCorrect: z.number(),
    solomonCompleteness: z.number(),
    solomonGaps: z.number(),
    energyTotalJ: z.number(),
    collateralEnergyJ: z.number(),
    energyOnVesselsJ: z.number(),
    energyOffEquatorJ: z.number(),
    energyOffPlateJ: z.number(),
    firingTimeMs: z.number(),
    laserArmedTimeMs: z.number(),
    meanFiringDistanceMm: z.number().nullable(),
    meanFiringCos: z.number().nullable(),
    techniqueShare: z.number(),
    targetsTotal: z.number(),
    targetsReached: z.number(),
  })
  .meta({ id: 'SimMetrics' }) satisfies z.ZodType<SimMetrics>;

/** A case's benchmark: the median score and surgery time of the experts' attempts that were not flagged. */
export const Benchmark = z.object({ score: z.number(), surgeryTimeMs: z.number(), attempts: z.number().int() }).meta({ id: 'Benchmark' });

/** GET /benchmarks: one row per case of the course that experts have played with its current task. */
export const CaseBenchmark = Benchmark.extend({ courseId: z.string(), level: z.number(), case: z.number(), task: z.enum(TASKS) }).meta({
  id: 'CaseBenchmark',
});

const componentValues = z.partialRecord(z.enum(COMPONENTS), z.number());

/**
 * The stored attempt as the server scored it by replaying the log: each component (0-1) and its weight, the
 * debrief map (null for attempts stored by the first simulator, whose metrics are its own older figures, hence
 * partial here), the launch's variant, and the case's benchmark as it stands.
 */
export const AttemptResult = AttemptSummary.extend({
  variant: z.number().int(),
  metrics: SimMetricsSchema.partial(),
  components: componentValues,
  weights: componentValues,
  debrief: DebriefSchema.nullable(),
  benchmark: Benchmark.nullable(),
}).meta({ id: 'AttemptResult' });

/** Per case, the caller's best score and how many attempts (flagged attempts left out). */
export const CaseProgress = z
  .object({ courseId: z.string(), level: z.number(), case: z.number(), bestScore: z.number(), attempts: z.number(), lastAt: z.string() })
  .meta({ id: 'CaseProgress' });

export type AttemptInput = z.infer<typeof AttemptInput>;
export type AttemptSummary = z.infer<typeof AttemptSummary>;
export type AttemptResult = z.infer<typeof AttemptResult>;
export type Benchmark = z.infer<typeof Benchmark>;
export type CaseBenchmark = z.infer<typeof CaseBenchmark>;
export type CaseProgress = z.infer<typeof CaseProgress>;
