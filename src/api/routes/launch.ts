import { createRoute, z } from '@hono/zod-openapi';
import { LaunchRequest, LaunchToken, LaunchVerification } from '../schemas.ts';
import { bearer, errors, json, jsonBody } from './shared.ts';

export const launch = createRoute({
  method: 'post',
  path: '/launch',
  security: bearer,
  description:
    "Signs a launch token with the case's simulator parameters and a variant drawn now (which placenta is played). " +
    'Launches and attempts share one rate limit per user. In a course in proficiency order, a case whose module is not open yet is refused (403).',
  request: { body: jsonBody(LaunchRequest) },
  responses: { 201: json(LaunchToken, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 429: errors[429] },
});

export const verify = createRoute({
  method: 'get',
  path: '/launch/verify',
  request: { query: z.strictObject({ token: z.string().min(1).max(4096) }) },
  responses: { 200: json(LaunchVerification), 400: errors[400], 401: errors[401] },
});
