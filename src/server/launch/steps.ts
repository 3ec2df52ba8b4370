import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { Course } from '../../api/courses.ts';
import { ErrorCode } from '../../api/errors.ts';
import { paramsOfCase } from '../../domain/simulator/index.ts';
import { simulatorOf } from '../../domain/simulators.ts';
import { userEntitled } from '../access/entitlement.ts';
import { recordAssessedLaunch, windowForLaunch } from '../assessments/index.ts';
import { fail } from '../http/errors.ts';
import { LIMITS } from '../http/rate-counters.ts';
import type { Env } from '../http/sub-app.ts';
import { launchLock } from '../progress/index.ts';
import { LAUNCH_TOKEN_TTL_SECONDS, signLaunchToken } from './launch-token.ts';

/** The steps of POST /launch, in the order they run: each answers what it found, or the answer to give instead. */

type C = Context<Env>;

/** What the learner asks to launch: which case of which course, maybe with an assessment window's code. */
export interface LaunchAsked {
  course: string;
  level: number;
  case: number;
  assessmentCode?: string;
}

type StoredCase = Course['levels'][number]['cases'][number];

/** The asked case of a published course, in an active module; or the refusal. */
export async function askedCase(c: C, body: LaunchAsked) {
  const course = (await c.get('deps').catalogue.course(body.course))?.value;
  if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
  const module = course.levels[body.level - 1];
  const stored = module?.active ? module.cases[body.case - 1] : undefined;
  if (!stored) return fail(c, 400, ErrorCode.invalidBody, 'level/case: no such case in this course');
  return { course, stored };
}

/** Refuses a learner no plan entitles to the course, or whose proficiency order keeps the case locked. */
export async function refusedAccess(c: C, uid: string, course: Course, body: LaunchAsked, now: Date) {
  const db = c.get('deps').db.db;
  if (!(await userEntitled(db, uid, body.course, now))) return fail(c, 403, ErrorCode.forbidden, 'No subscription includes this course');
  const lock = await launchLock(db, uid, course, body.level, body.case);
  if (lock) return fail(c, 403, ErrorCode.forbidden, `Proficiency order: pass every case of module ${lock.module} first (${lock.remaining} left)`);
  return undefined;
}

/** The assessment window an assessment code opens to this learner (its id), none without a code; or the refusal. */
export async function assessmentOf(c: C, uid: string, courseId: string, code: string | undefined, now: Date) {
  if (code === undefined) return undefined;
  const { config, db, limiter } = c.get('deps');
  const limit = LIMITS.assessmentCodes;
  const wait = await limiter.hit({ ...limit, max: limit.max * config.rateLimitScale }, [`uid:${uid}`]);
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    return fail(c, 429, ErrorCode.tooManyRequests, `Too many assessment codes tried: try again in ${wait} s`);
  }
  const window = await windowForLaunch(db.db, uid, courseId, code, now);
  if (window === 'unknown') return fail(c, 400, ErrorCode.assessmentCodeUnknown, 'No assessment window open to you for this course has this code');
  if (window === 'expired') return fail(c, 410, ErrorCode.assessmentCodeExpired, 'The assessment window of this code has expired or was closed');
  if (window === 'notStarted') return fail(c, 409, ErrorCode.assessmentNotStarted, 'The sitting of this code has not started yet');
  return window.id;
}

/** Signs the launch's token (a fresh placenta variant), records an assessed launch once, and answers the token. */
export async function issued(c: C, uid: string, body: LaunchAsked, stored: StoredCase, assessment: string | undefined, now: Date) {
  const { config, db } = c.get('deps');
  const sim = paramsOfCase(stored.sim, body.level, body.case);
  const variant = randomBytes(4).readUInt32BE();
  const { course, level, case: caseNo } = body;
  const task = stored.task ? { task: stored.task } : {};
  const claims = { uid, course, level, case: caseNo, caseId: stored.id, variant, sim, ...task, ...(assessment ? { assessment } : {}) };
  const token = await signLaunchToken(config.launchSecret, claims, now);
  const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_SECONDS * 1000).toISOString();
  if (assessment) {
    const where = { windowId: assessment, userId: uid, caseId: stored.id, level, caseIndex: caseNo };
    if ((await recordAssessedLaunch(db.db, token, { ...where, launchedAt: now, expiresAt: new Date(expiresAt) })) === 'used')
      return fail(c, 409, ErrorCode.assessmentLaunchUsed, 'This case was launched in this sitting already: the director may grant another launch');
  }
  const simulator = simulatorOf(stored.task ?? sim.task);
  return c.json({ token, expiresAt, scheme: config.launchScheme, assessed: assessment !== undefined, simulator }, 201);
}
