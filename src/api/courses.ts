import { createRoute, z } from '@hono/zod-openapi';
import { COMPLICATIONS } from '../domain/simulator/complications.ts';
import { PARAM_BOUNDS, PLACENTA_SITES, SCOPE_OFFERS, TASKS, type CaseParams } from '../domain/simulator/params.ts';
import { DESKTOP_TASKS } from '../domain/simulators.ts';
import { duplicateIds, ITEM_ID } from '../domain/course-items.ts';
import { roundTrip } from './round-trip.ts';
import { bearer, errors, idParam, json, jsonBody, LangQuery, text, title, translations } from './shared.ts';

/** The contract of /courses: a course with its modules and cases (and their simulator parameters), as stored and as shown. */

const bounded = (b: { min: number; max: number }) => z.number().min(b.min).max(b.max);

/** A case's simulator parameters as an admin stores them (the domain's `CaseParams`, exactly); a case without them runs with its module's defaults. */
export const CaseParamsSchema = z
  .strictObject({
    task: z.enum(TASKS),
    difficulty: bounded(PARAM_BOUNDS.difficulty).int(),
    placenta: z.enum(PLACENTA_SITES),
    anastomoses: bounded(PARAM_BOUNDS.anastomoses).int(),
    smallestMm: bounded(PARAM_BOUNDS.smallestMm).multipleOf(0.1).meta({ multipleOf: 0.1 }),
    scopes: z.enum(SCOPE_OFFERS),
    targets: bounded(PARAM_BOUNDS.targets).int(),
    /** A complication the learner must manage; absent, none. Selective and Solomon cases only. */
    complication: z.enum(COMPLICATIONS).optional(),
  })
  .refine((p) => p.task !== 'navigation' || p.complication === undefined, { path: ['complication'], message: 'a navigation drill has no complication' })
  .meta({ id: 'CaseParams' }) satisfies z.ZodType<CaseParams>;

const TitleTranslations = translations(z.strictObject({ title: text(200) }));

/** A module's or case's id: kept wherever it moves; absent on a new one, which the server then gives one. */
const itemId = z.string().regex(ITEM_ID, 'letters, digits, - and _ only (1 to 40)');

const caseFields = {
  title,
  translations: TitleTranslations.optional(),
  bubbles: z.array(text(500)).max(50),
  /** A procedure only the desktop simulator plays; absent, the case is a fetoscopic laser task (see `sim`), which the browser simulator plays too. */
  task: z.enum(DESKTOP_TASKS).optional(),
  sim: CaseParamsSchema.optional(),
  /** The score an attempt needs to pass the case; absent, the experts' median (the benchmark) or 70. */
  passMark: z.number().int().min(1).max(100).optional(),
};
const oneTask = (c: { task?: unknown; sim?: unknown }) => c.task === undefined || c.sim === undefined;
const oneTaskIssue = { path: ['sim'], message: 'a desktop procedure (task) has no laser parameters' };
const CaseSchema = z.strictObject({ id: itemId.optional(), ...caseFields }).refine(oneTask, oneTaskIssue);
const StoredCase = z.strictObject({ id: itemId, ...caseFields }).refine(oneTask, oneTaskIssue);

const moduleFields = { title, translations: TitleTranslations.optional(), active: z.boolean() };
const ModuleInput = z.strictObject({ id: itemId.optional(), ...moduleFields, cases: z.array(CaseSchema).max(200) });
const StoredModule = z.strictObject({ id: itemId, ...moduleFields, cases: z.array(StoredCase) });

/** Modules and cases, each id used once in the course. */
const levels = z
  .array(ModuleInput)
  .max(100)
  .superRefine((list, ctx) => {
    for (const id of duplicateIds(list)) ctx.addIssue({ code: 'custom', message: `the id ${id} is used more than once` });
  });

const thumbnail = text(2000).nullable().optional();

export const CourseInput = z.strictObject({
  title,
  subtitle: text(500),
  thumbnail,
  levels,
  /** Proficiency-based order: a module opens only once every case of the one before is passed. Left as stored when absent. */
  proficiencyOrder: z.boolean().optional(),
  /** Cases pass only when played in an assessment window a director or an administrator opened. Left as stored when absent. */
  assessmentRequired: z.boolean().optional(),
  /** What the learner will be able to do, one line each. Left as stored when absent, as are the two below. */
  outcomes: z.array(text(300).min(1)).max(20).optional(),
  /** Estimated time to work through the course, in minutes. */
  durationMinutes: z.number().int().min(1).max(100_000).nullable().optional(),
  translations: translations(z.strictObject({ title: text(200), subtitle: text(500), outcomes: z.array(text(300)).max(20) }).partial()).optional(),
});

const NewCourseInput = CourseInput.partial().extend({
  /** 'draft': seen by administrators only until published (POST /courses/{id}/publish); absent, the course is published at once. */
  status: z.enum(['draft', 'published']).optional(),
});

/** A course in the language asked for (`?lang=` or Accept-Language), every text falling back to English; `translations` holds the stored versions. */
export const Course = CourseInput.extend({
  id: z.string(),
  levels: z.array(StoredModule),
  thumbnail: z.string().nullable(),
  proficiencyOrder: z.boolean(),
  assessmentRequired: z.boolean(),
  outcomes: z.array(z.string()),
  durationMinutes: z.number().nullable(),
  translations: CourseInput.shape.translations.unwrap(),
}).meta({
  id: 'Course',
});

export const CourseSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    subtitle: z.string(),
    thumbnail: z.string().nullable(),
    durationMinutes: z.number().nullable(),
    playedIn: z.enum(['browser', 'desktop', 'mixed']).describe('Where its cases are played: every one in the browser simulator too, none, or some'),
  })
  .meta({ id: 'CourseSummary' });

/** PUT /courses/{id} and its draft's: the course as GET /courses/{id} answers it (in English), `id` read-only. */
export const CourseSave = roundTrip(CourseInput, Course);

export type Course = z.infer<typeof Course>;
export type CourseInput = z.infer<typeof CourseInput>;
/** A course's fields as stored (a draft's too): every module and case has its id. */
export type StoredCourseInput = Omit<CourseInput, 'levels'> & { levels: Course['levels'] };
export type CourseSummary = z.infer<typeof CourseSummary>;
/** A module as stored and answered (the JSON field that lists them is `levels`, as the spec's API names it). */
export type Module = z.infer<typeof StoredModule>;
/** A case of a module, as stored and answered. */
export type CaseItem = Module['cases'][number];

export const list = createRoute({
  method: 'get',
  path: '/courses',
  request: { query: LangQuery },
  responses: { 200: json(z.array(CourseSummary)), 400: errors[400] },
});

export const get = createRoute({
  method: 'get',
  path: '/courses/{id}',
  request: { params: idParam, query: LangQuery },
  responses: { 200: json(Course), 400: errors[400], 404: errors[404] },
});

export const create = createRoute({
  method: 'post',
  path: '/courses',
  security: bearer,
  request: { body: { ...jsonBody(NewCourseInput), required: false } },
  responses: { 201: json(z.string(), 'The new course id'), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const update = createRoute({
  method: 'put',
  path: '/courses/{id}',
  security: bearer,
  description:
    'Changes the course (administrators; audited): send it back as GET /courses/{id}?lang=en answers it, changed (the texts sent are the ' +
    'English ones; the other languages go in `translations`). An archived course is refused with 409: it can no longer change.',
  request: { params: idParam, body: jsonBody(CourseSave.body) },
  responses: { 200: json(Course), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const remove = createRoute({
  method: 'delete',
  path: '/courses/{id}',
  security: bearer,
  description:
    "Deletes the course and takes it out of every plan (audited). A course with learners' attempts or certificates is archived instead: " +
    'hidden from everyone and out of every plan, its attempts and certificates kept.',
  request: {
    params: idParam,
    query: z.object({
      status: z
        .literal('draft')
        .optional()
        .describe('Delete only a course never published: one published since (by another administrator) is refused with 409 course_published'),
    }),
  },
  responses: { 204: { description: 'Deleted' }, 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});
