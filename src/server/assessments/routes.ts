import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { admitsLearner, ASSESSMENT_MAX_DAYS_AHEAD } from '../../domain/assessment.ts';
import { findCase } from '../../domain/course-items.ts';
import { callerIsAdmin, requireUser } from '../access/caller.ts';
import { directsGroup } from '../access/queries.ts';
import { fail, invalid } from '../http/errors.ts';
import { guarded, subApp, type Env } from '../http/sub-app.ts';
import { grantLaunch, grantsOf, launchesOf, reviewsOf } from './launch-queries.ts';
import {
  closeWindow,
  directedGroupIds,
  existingUsers,
  groupName,
  isMemberOf,
  membersAmong,
  openWindow,
  recentWindows,
  sittingsFor,
  windowAnswer,
  windowById,
  type WindowRow,
} from './queries.ts';
import * as routes from '../../api/assessments.ts';

const DIRECTORS_ONLY = "Only administrators and a group's directors may open or close its assessment windows";
/** A sitting may start a few minutes in the past (a clock behind, a form filled slowly), never further. */
const START_SLACK_MS = 5 * 60_000;

/** Whether the caller may close a window, read its launches and grant more: administrators, its opener, its group's directors. */
async function managesWindow(c: Context<Env>, row: WindowRow): Promise<boolean> {
  const uid = c.get('caller')!.uid;
  if (row.openedBy === uid || (await callerIsAdmin(c))) return true;
  return row.groupId !== null && directsGroup(c.get('deps').db.db, uid, row.groupId);
}

/**
 * /assessments: a director opens a window for a group they direct (an administrator for any group, or for every
 * learner), now or scheduled ahead, for all its members or named learners; its code turns launches of the course into
 * assessed ones until it expires or is closed. Every launch with it is on record, one per case unless another is granted.
 */
export const assessmentsApp = subApp()
  .openapi(guarded(routes.open, requireUser), async (c) => {
    const { course: courseId, group, minutes, learners = [], startsAt } = c.req.valid('json');
    const { catalogue, db } = c.get('deps');
    const caller = c.get('caller')!;
    const admin = await callerIsAdmin(c);
    // Access first, so only those who may open a window learn whether a group exists.
    if (!admin && (group === undefined || !(await directsGroup(db.db, caller.uid, group)))) return fail(c, 403, ErrorCode.forbidden, DIRECTORS_ONLY);
    const name = group === undefined ? null : await groupName(db.db, group);
    if (group !== undefined && name === null) return fail(c, 404, ErrorCode.notFound, 'No such group');
    const course = (await catalogue.course(courseId))?.value;
    if (!course) return fail(c, 404, ErrorCode.notFound, 'No such course');
    if (!course.assessmentRequired)
      return fail(c, 409, ErrorCode.conflict, 'This course does not require assessment: an administrator turns it on in the course editor');
    const now = new Date();
    const start = startsAt === undefined ? now : new Date(startsAt);
    if (start.getTime() < now.getTime() - START_SLACK_MS || start.getTime() > now.getTime() + ASSESSMENT_MAX_DAYS_AHEAD * 86_400_000)
      return invalid(c, [{ path: 'startsAt', message: `must be from now to ${ASSESSMENT_MAX_DAYS_AHEAD} days ahead` }]);
    const named = [...new Set(learners)];
    const known = group === undefined ? await existingUsers(db.db, named) : await membersAmong(db.db, group, named);
    const stranger = named.findIndex((uid) => !known.has(uid));
    if (stranger >= 0) return invalid(c, [{ path: `learners.${stranger}`, message: group === undefined ? 'no such user' : 'not a member of this group' }]);
    const row = await openWindow(
      db.db,
      caller,
      { courseId: course.id, groupId: group ?? null, learners: named, startsAt: start < now ? now : start, minutes },
      now,
    );
    return c.json(await windowAnswer(db.db, row), 201);
  })
  .openapi(guarded(routes.mine, requireUser), async (c) => {
    const { course } = c.req.valid('query');
    return c.json(await sittingsFor(c.get('deps').db.db, c.get('caller')!.uid, course), 200);
  })
  .openapi(guarded(routes.list, requireUser), async (c) => {
    const { course } = c.req.valid('query');
    const db = c.get('deps').db.db;
    const uid = c.get('caller')!.uid;
    if (await callerIsAdmin(c)) return c.json(await recentWindows(db, course, null), 200);
    const directed = await directedGroupIds(db, uid);
    if (directed.length === 0) return fail(c, 403, ErrorCode.forbidden, DIRECTORS_ONLY);
    return c.json(await recentWindows(db, course, { groups: directed, opener: uid }), 200);
  })
  .openapi(guarded(routes.close, requireUser), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('deps').db.db;
    const row = await windowById(db, id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such assessment window');
    if (!(await managesWindow(c, row))) return fail(c, 403, ErrorCode.forbidden, DIRECTORS_ONLY);
    const closed = await closeWindow(db, c.get('caller')!, id);
    return c.json(await windowAnswer(db, closed!), 200);
  })
  .openapi(guarded(routes.launches, requireUser), async (c) => {
    const db = c.get('deps').db.db;
    const row = await windowById(db, c.req.valid('param').id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such assessment window');
    if (!(await managesWindow(c, row))) return fail(c, 403, ErrorCode.forbidden, "Only administrators and the sitting's directors may read its launches");
    const launches = await launchesOf(db, row.id);
    const reviews = await reviewsOf(db, [...row.learners, ...launches.map((l) => l.userId)], row.courseId);
    return c.json({ window: await windowAnswer(db, row), launches, grants: await grantsOf(db, row.id), reviews }, 200);
  })
  .openapi(guarded(routes.grant, requireUser), async (c) => {
    const { learner, caseId, reason } = c.req.valid('json');
    const { catalogue, db } = c.get('deps');
    const row = await windowById(db.db, c.req.valid('param').id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such assessment window');
    if (!(await managesWindow(c, row))) return fail(c, 403, ErrorCode.forbidden, "Only administrators and the sitting's directors may grant launches");
    const course = (await catalogue.course(row.courseId))?.value;
    if (!course || !findCase(course.levels, caseId)) return invalid(c, [{ path: 'caseId', message: "no such case in the sitting's course" }]);
    const admitted =
      admitsLearner(row, learner) && (row.groupId === null ? (await existingUsers(db.db, [learner])).size > 0 : await isMemberOf(db.db, learner, row.groupId));
    if (!admitted) return invalid(c, [{ path: 'learner', message: 'not a learner of this sitting' }]);
    const granted = await grantLaunch(db.db, c.get('caller')!, row.id, learner, caseId, reason);
    const [answer] = (await grantsOf(db.db, row.id)).filter((g) => g.id === granted.id);
    return c.json(answer!, 201);
  });
