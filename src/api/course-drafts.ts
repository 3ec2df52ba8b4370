import { createRoute, z } from '@hono/zod-openapi';
import { TRANSLATED_LOCALES } from '../domain/localize.ts';
import { Course, CourseSave } from './courses.ts';
import { bearer, errors, idParam, json, jsonBody, LangQuery } from './shared.ts';

/**
 * The contract of a course's drafts (administrators only): edits wait beside the published course until Publish;
 * learners, directors and visitors never read them.
 */

const Status = z.enum(['draft', 'published', 'archived']).describe("'draft': never published; 'archived': hidden, its learners' history kept");

export const PublishSummary = z
  .object({
    firstPublication: z.boolean(),
    casesAdded: z.number().int(),
    casesRemoved: z.number().int(),
    modulesAdded: z.number().int(),
    modulesRemoved: z.number().int(),
    reordered: z.boolean().describe('Modules or cases learners see stand in another order; results stay with their cases'),
    rulesChanged: z.boolean().describe('Proficiency order or assessment changes'),
    otherChanges: z.boolean().describe('Texts, pictures, simulator settings or pass marks change'),
  })
  .meta({ id: 'PublishSummary' });

const CourseTextRef = z
  .object({
    text: z.enum(['title', 'subtitle', 'outcomes', 'module', 'case']).describe("The course's title, subtitle or outcomes, or a module's or case's title"),
    module: z.number().int().min(1).optional().describe('The module, counted from 1 as the editor shows them'),
    case: z.number().int().min(1).optional().describe('The case in that module, counted from 1'),
  })
  .meta({ id: 'CourseTextRef' });

export const PublishChecks = z
  .object({
    missing: z
      .array(z.object({ locales: z.array(z.enum(TRANSLATED_LOCALES)), texts: z.array(CourseTextRef) }))
      .describe('Texts learners of these languages would read in English (modules hidden from learners left out); languages lacking the same texts together'),
    placeholders: z
      .array(CourseTextRef.extend({ value: z.string() }))
      .describe('Texts that still read what a new course, module or case starts with (the subtitle "new course", …)'),
  })
  .meta({ id: 'PublishChecks' });

/** The version an administrator edits: the draft when there is one, else the published course; and what Publish would change. */
export const CourseDraft = z
  .object({
    course: Course,
    status: Status,
    /** Edits saved and not published yet. */
    pending: z.boolean(),
    /** What publishing the draft changes for learners; null when there is nothing to publish. */
    summary: PublishSummary.nullable(),
    /** What is worth a look before Publish, which is allowed all the same. */
    checks: PublishChecks,
  })
  .meta({ id: 'CourseDraft' });

export const CourseStatusLine = z.object({ id: z.string(), title: z.string(), status: Status, pending: z.boolean() }).meta({ id: 'CourseStatusLine' });

export type CourseDraft = z.infer<typeof CourseDraft>;
export type CourseStatusLine = z.infer<typeof CourseStatusLine>;
export type PublishSummary = z.infer<typeof PublishSummary>;
export type PublishChecks = z.infer<typeof PublishChecks>;

export const list = createRoute({
  method: 'get',
  path: '/course-drafts',
  security: bearer,
  description: 'Every course not archived, with its status and whether it has unpublished edits (administrators).',
  responses: { 200: json(z.array(CourseStatusLine)), 401: errors[401], 403: errors[403] },
});

export const read = createRoute({
  method: 'get',
  path: '/courses/{id}/draft',
  security: bearer,
  description: 'The version the editor edits (the draft, else the published course, in English) and what Publish would change (administrators).',
  request: { params: idParam },
  responses: { 200: json(CourseDraft), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const save = createRoute({
  method: 'put',
  path: '/courses/{id}/draft',
  security: bearer,
  description:
    'Saves the whole course as a draft: learners keep seeing the published version until Publish (administrators). The body is the `course` ' +
    'GET /courses/{id}/draft answers, changed. An archived course is refused with 409: it can no longer change.',
  request: { params: idParam, body: jsonBody(CourseSave.body) },
  responses: { 200: json(CourseDraft), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const discard = createRoute({
  method: 'delete',
  path: '/courses/{id}/draft',
  security: bearer,
  description:
    'Drops the unpublished edits: the editor returns to the published version (administrators; audited). A course never published has none to return to (409).',
  request: { params: idParam },
  responses: { 200: json(CourseDraft), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const publish = createRoute({
  method: 'post',
  path: '/courses/{id}/publish',
  security: bearer,
  description:
    'Makes the draft what learners see, in every language (administrators; audited). Certificates already issued stay: each records the cases it covered.',
  request: { params: idParam },
  responses: { 200: json(CourseDraft), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const PreviewLink = z
  .object({
    token: z.string().describe('Goes in the course page address as ?preview=; valid for this course only'),
    expiresAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'PreviewLink' });

export const preview = createRoute({
  method: 'post',
  path: '/courses/{id}/preview',
  security: bearer,
  description:
    'A short-lived token for the course page as a learner would see it, draft included (/courses/{id}?preview=token&plan=none|with, in any language): rendered for that address only, never cached, nothing launched (administrators).',
  request: { params: idParam },
  responses: { 200: json(PreviewLink), 401: errors[401], 403: errors[403], 404: errors[404] },
});

const CaseImpact = z.object({ attempts: z.number().int(), learners: z.number().int().describe('How many learners made them') }).meta({ id: 'CaseImpact' });

export const CourseImpact = z
  .object({
    cases: z.record(z.string(), CaseImpact).describe('By case id; a case nobody has played is absent. Flagged attempts count: they are kept too'),
    modules: z.record(z.string(), CaseImpact).describe("By module id, over the cases the editor's version puts in it (a learner counted once)"),
    certificates: z.number().int().describe('Issued for this course; deleting a case or module leaves them as they are'),
    plans: z
      .array(z.string())
      .describe(
        'Titles of the plans that include the course, hidden ones too, in the language asked for (English where a plan has none), in its alphabetical order',
      ),
  })
  .meta({ id: 'CourseImpact' });

export type CourseImpact = z.infer<typeof CourseImpact>;

export const impact = createRoute({
  method: 'get',
  path: '/courses/{id}/impact',
  security: bearer,
  description:
    "What deleting one of the course's cases or modules touches, for the editor to say before it does: the learners' attempts on each case (kept as history), the certificates issued and the plans that include the course (administrators).",
  request: { params: idParam, query: LangQuery },
  responses: { 200: json(CourseImpact), 401: errors[401], 403: errors[403], 404: errors[404] },
});
