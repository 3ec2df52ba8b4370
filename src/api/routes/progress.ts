import { createRoute, z } from '@hono/zod-openapi';
import { CourseProgress, CourseProgressLine, ProgressQuery } from '../learning.ts';
import { bearer, errors, json } from './shared.ts';

export const progress = createRoute({
  method: 'get',
  path: '/progress',
  description:
    "With `course`: the learner's standing in that course (every active case's state, best score and pass mark, module and course " +
    "shares, the case to continue with, proficiency locks, the certificate). Without: one line per course. The caller's own record; " +
    'administrators and directors of a group the learner is a member of may pass `userId`. Flagged attempts never count.',
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
