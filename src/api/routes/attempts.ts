import { createRoute, z } from '@hono/zod-openapi';
import { dbString, AttemptInput, AttemptSummary, CaseBenchmark, AttemptResult, CaseProgress } from '../schemas.ts';
import { bearer, errors, idParam, json, jsonBody } from './shared.ts';

const listQuery = z.strictObject({
  userId: dbString().min(1).max(128).optional(),
  courseId: dbString().min(1).max(128).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
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
    'Replays the log on the placenta the launch token names and stores the attempt. One token makes one attempt: ' +
    'the same log sent again answers the stored attempt (200), a different one is refused (409).',
  request: { body: jsonBody(AttemptInput) },
  responses: {
    200: json(AttemptResult, 'Already stored: the same log sent again with the same token'),
    201: json(AttemptResult, 'Stored'),
    400: { description: 'Invalid body, a log that never opened the fetoscopy, or one longer than the time since the launch', content: errorBody },
    401: { description: 'The launch token is invalid or expired (error `invalid_token`)', content: errorBody },
    403: { description: 'The user is no longer entitled to the course', content: errorBody },
    404: errors[404],
    409: { description: 'This launch token already made an attempt with a different log', content: errorBody },
    422: { description: 'The log took longer to replay than the server allows (error `replay_over_budget`)', content: errorBody },
    429: errors[429],
    503: { description: 'Too many attempts are being scored; try again after Retry-After (error `busy`)', content: errorBody },
  },
});

export const list = createRoute({
  method: 'get',
  path: '/attempts',
  security: bearer,
  request: { query: listQuery },
  responses: { 200: json(z.array(AttemptSummary)), 400: errors[400], 401: errors[401], 403: errors[403] },
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
