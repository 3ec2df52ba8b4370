import { randomBytes } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { ErrorCode } from '../api/errors.ts';
import { paramsOfCase } from '../domain/simulator/index.ts';
import { LaunchRequest, LaunchToken, LaunchVerification } from '../api/schemas.ts';
import { userEntitled } from './entitlement.ts';
import { bearer, errors, fail, json, jsonBody, requireUser, subApp } from './http.ts';
import { LAUNCH_TOKEN_TTL_SECONDS, signLaunchToken, verifyLaunchToken } from './launch-token.ts';
import { launchLock } from './records.ts';
import { simulatorLimit } from './simulator-limit.ts';

/** /launch: signed, short-lived tokens that let a simulator trust who opens which case, and which placenta of it. */
export const launchApp = subApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/launch',
      security: bearer,
      middleware: [requireUser] as const,
      description:
        "Signs a launch token with the case's simulator parameters and a variant drawn now (which placenta is played). " +
        'Launches and attempts share one rate limit per user. In a course in proficiency order, a case whose module is not open yet is refused (403).',
      request: { body: jsonBody(LaunchRequest) },
      responses: { 201: json(LaunchToken, 'Created'), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 429: errors[429] },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const uid = c.get('caller')!.uid;
      const limited = await simulatorLimit(c, uid);
      if (limited) return limited;
      const { catalogue, config, db } = c.get('deps');
      const course = (await catalogue.course(body.course))?.value;
      if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
      const level = course.levels[body.level - 1];
      const stored = level?.active ? level.cases[body.case - 1] : undefined;
      if (!stored) return fail(c, 400, ErrorCode.invalidBody, 'level/case: no such case in this course');
      const now = new Date();
      if (!(await userEntitled(db.db, uid, body.course, now))) {
        return fail(c, 403, ErrorCode.forbidden, 'No subscription includes this course');
      }
      const lock = await launchLock(db.db, uid, course, body.level, body.case);
      if (lock) return fail(c, 403, ErrorCode.forbidden, `Proficiency order: pass every case of module ${lock.module} first (${lock.remaining} left)`);
      const sim = paramsOfCase(stored.sim, body.level, body.case);
      const variant = randomBytes(4).readUInt32BE();
      const token = await signLaunchToken(config.launchSecret, { uid, ...body, variant, sim }, now);
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
      if (!claims) return fail(c, 401, ErrorCode.invalidToken, 'The launch token is invalid or expired');
      const entitled = await userEntitled(db.db, claims.uid, claims.course, new Date());
      const { uid, course, level, variant, sim } = claims;
      return c.json({ userid: uid, course, level, case: claims.case, variant, sim, entitled }, 200);
    },
  );
