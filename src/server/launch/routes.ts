import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../api/errors.ts';
import { paramsOfCase } from '../../domain/simulator/index.ts';
import { simulatorOf } from '../../domain/simulators.ts';
import { userEntitled } from '../access/entitlement.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { requireUser } from '../access/caller.ts';
import { LAUNCH_TOKEN_TTL_SECONDS, signLaunchToken, verifyLaunchToken } from './launch-token.ts';
import { launchLock } from '../progress/index.ts';
import { simulatorLimit } from '../http/simulator-limit.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { recordAssessedLaunch, windowForLaunch } from '../assessments/index.ts';
import * as routes from '../../api/launch.ts';

/** /launch: signed, short-lived tokens that let a simulator trust who opens which case, and which placenta of it. */
export const launchApp = subApp()
  .openapi(guarded(routes.launch, requireUser), async (c) => {
    const body = c.req.valid('json');
    const uid = c.get('caller')!.uid;
    const limited = await simulatorLimit(c, uid);
    if (limited) return limited;
    const { catalogue, config, db, limiter } = c.get('deps');
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
    let assessment: string | undefined;
    if (body.assessmentCode !== undefined) {
      const limit = LIMITS.assessmentCodes;
      const wait = await limiter.hit({ ...limit, max: limit.max * config.rateLimitScale }, [`uid:${uid}`]);
      if (wait > 0) {
        c.header('Retry-After', String(wait));
        return fail(c, 429, ErrorCode.tooManyRequests, `Too many assessment codes tried: try again in ${wait} s`);
      }
      const window = await windowForLaunch(db.db, uid, course.id, body.assessmentCode, now);
      if (window === 'unknown') return fail(c, 400, ErrorCode.assessmentCodeUnknown, 'No assessment window open to you for this course has this code');
      if (window === 'expired') return fail(c, 410, ErrorCode.assessmentCodeExpired, 'The assessment window of this code has expired or was closed');
      if (window === 'notStarted') return fail(c, 409, ErrorCode.assessmentNotStarted, 'The sitting of this code has not started yet');
      assessment = window.id;
    }
    const sim = paramsOfCase(stored.sim, body.level, body.case);
    const variant = randomBytes(4).readUInt32BE();
    const { course: courseId, level: levelNo, case: caseNo } = body;
    const task = stored.task ? { task: stored.task } : {};
    const claims = { uid, course: courseId, level: levelNo, case: caseNo, caseId: stored.id, variant, sim, ...task, ...(assessment ? { assessment } : {}) };
    const token = await signLaunchToken(config.launchSecret, claims, now);
    const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_SECONDS * 1000).toISOString();
    if (assessment) {
      const where = { windowId: assessment, userId: uid, caseId: stored.id, level: levelNo, caseIndex: caseNo };
      if ((await recordAssessedLaunch(db.db, token, { ...where, launchedAt: now, expiresAt: new Date(expiresAt) })) === 'used')
        return fail(c, 409, ErrorCode.assessmentLaunchUsed, 'This case was launched in this sitting already: the director may grant another launch');
    }
    const simulator = simulatorOf(stored.task ?? sim.task);
    return c.json({ token, expiresAt, scheme: config.launchScheme, assessed: assessment !== undefined, simulator }, 201);
  })
  .openapi(routes.verify, async (c) => {
    const { config, db } = c.get('deps');
    const claims = await verifyLaunchToken(config.launchSecret, c.req.valid('query').token);
    if (!claims) return fail(c, 401, ErrorCode.invalidToken, 'The launch token is invalid or expired');
    const entitled = await userEntitled(db.db, claims.uid, claims.course, new Date());
    const { uid, course, level, variant, sim } = claims;
    const task = claims.task ?? sim.task;
    const assessed = claims.assessment !== undefined;
    return c.json({ userid: uid, course, level, case: claims.case, variant, sim, task, simulator: simulatorOf(task), entitled, assessed }, 200);
  });
