import { createRoute, z } from '@hono/zod-openapi';
import { ErrorCode } from '../api/errors.ts';
import { LaunchRequest, LaunchToken, LaunchVerification } from '../api/schemas.ts';
import { userEntitled } from './entitlement.ts';
import { bearer, errors, fail, json, jsonBody, requireUser, subApp } from './http.ts';
import { LAUNCH_TOKEN_TTL_SECONDS, signLaunchToken, verifyLaunchToken } from './launch-token.ts';

/** /launch: signed, short-lived tokens that let a simulator trust who opens which case. */
export const launchApp = subApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/launch',
      security: bearer,
      middleware: [requireUser] as const,
      request: { body: jsonBody(LaunchRequest) },
      responses: { 201: json(LaunchToken, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const { catalogue, config, db } = c.get('deps');
      const course = (await catalogue.course(body.course))?.value;
      if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
      const level = course.levels[body.level - 1];
      if (!level?.active || !level.cases[body.case - 1]) return fail(c, 400, ErrorCode.invalidBody, 'level/case: no such case in this course');
      const uid = c.get('caller')!.uid;
      const now = new Date();
      if (!(await userEntitled(db.db, uid, body.course, now))) {
        return fail(c, 403, ErrorCode.forbidden, 'No subscription includes this course');
      }
      const token = await signLaunchToken(config.launchSecret, { uid, ...body }, now);
      const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_SECONDS * 1000).toISOString();
      return c.json({ token, expiresAt, scheme: config.launchScheme }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/launch/verify',
      request: { query: z.strictObject({ token: z.string().min(1).max(4096) }) },
      responses: { 200: json(LaunchVerification), 400: errors[400], 401: errors[401] },
    }),
    async (c) => {
      const { config, db } = c.get('deps');
      const claims = await verifyLaunchToken(config.launchSecret, c.req.valid('query').token);
      if (!claims) return fail(c, 401, 'invalid_token', 'The launch token is invalid or expired');
      const entitled = await userEntitled(db.db, claims.uid, claims.course, new Date());
      return c.json({ userid: claims.uid, course: claims.course, level: claims.level, case: claims.case, entitled }, 200);
    },
  );
