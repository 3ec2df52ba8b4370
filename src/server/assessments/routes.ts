import { ErrorCode } from '../../api/errors.ts';
import { callerIsAdmin, requireUser } from '../access/caller.ts';
import { directsGroup } from '../access/groups.ts';
import { fail } from '../http/errors.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { closeWindow, directedGroupIds, groupName, openWindow, recentWindows, windowById, windowOf } from './queries.ts';
import * as routes from '../../api/assessments.ts';

const DIRECTORS_ONLY = "Only administrators and a group's directors may open or close its assessment windows";

/**
 * /assessments: a director opens a window for a group they direct (an administrator for any group, or for every
 * learner); its code turns launches of the course into assessed ones until it expires or is closed.
 */
export const assessmentsApp = subApp()
  .openapi(guarded(routes.open, requireUser), async (c) => {
    const { course: courseId, group, minutes } = c.req.valid('json');
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
    const row = await openWindow(db.db, caller, course.id, group ?? null, minutes);
    return c.json(windowOf(row, name), 201);
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
    const caller = c.get('caller')!;
    const row = await windowById(db, id);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such assessment window');
    const allowed = (await callerIsAdmin(c)) || row.openedBy === caller.uid || (row.groupId !== null && (await directsGroup(db, caller.uid, row.groupId)));
    if (!allowed) return fail(c, 403, ErrorCode.forbidden, DIRECTORS_ONLY);
    const closed = await closeWindow(db, caller, id);
    return c.json(windowOf(closed!, await groupName(db, closed!.groupId)), 200);
  });
