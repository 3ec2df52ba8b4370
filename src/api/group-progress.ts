import { createRoute, z } from '@hono/zod-openapi';
import { CourseProgressLine } from './progress.ts';
import { bearer, CsvQuery, errors, idParam, json } from './shared.ts';

/** The contract of a group's progress: its directors' view of every member, on screen and as CSV. */

/** GET /groups/{id}/progress: every member with one line per course of the group (any member holds or has played it). */
const GroupProgress = z
  .object({
    groupId: z.string(),
    courses: z.array(z.object({ id: z.string(), title: z.string() })),
    members: z.array(
      z.object({
        userId: z.string(),
        email: z.string(),
        name: z.string(),
        courses: z.array(CourseProgressLine),
      }),
    ),
  })
  .meta({ id: 'GroupProgress' });

export type GroupProgress = z.infer<typeof GroupProgress>;

export const progress = createRoute({
  method: 'get',
  path: '/groups/{id}/progress',
  description:
    "Each member's progress in the group's courses (every course any member may play or has played), with certificates: the group's directors and administrators. " +
    'Titles in the language of Accept-Language, English where a text has no translation.',
  security: bearer,
  request: { params: idParam },
  responses: { 200: json(GroupProgress), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const exportCsv = createRoute({
  method: 'get',
  path: '/groups/{id}/export.csv',
  description:
    "The group as CSV, one row per member and case of the group's courses (every course any member may play or has played; 'not started' where nothing was done, and a row of their own for a member with no course): the group's directors and administrators. " +
    'Course, module and case titles in the language of `lang` or Accept-Language, English where a text has no translation. ' +
    'With `lang`, a file for people: headers, states and dates in that language, the separator its spreadsheets expect.',
  security: bearer,
  request: { params: idParam, query: z.strictObject(CsvQuery.shape) },
  responses: {
    200: { description: 'CSV (UTF-8, header row first)', content: { 'text/csv': { schema: z.string() } } },
    400: errors[400],
    401: errors[401],
    403: errors[403],
    404: errors[404],
  },
});
