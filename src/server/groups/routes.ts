import { ErrorCode } from '../../api/errors.ts';
import { refuseGroup, visibleGroup } from '../access/groups.ts';
import { callerIsAdmin, requireAdmin, requireUser } from '../access/caller.ts';
import { fail, invalid } from '../http/errors.ts';
import { takeBack } from '../http/round-trip.ts';
import { guarded, subApp } from '../http/sub-app.ts';
import { assignmentsView, groupOrRefusal, mailReminders } from './assignments.ts';
import { activeCourses } from '../progress/index.ts';
import {
  addMember,
  assignCourse,
  createGroup,
  recordReminders,
  unassignCourse,
  deleteGroup,
  directedGroupIds,
  groupDetail,
  groupsWithCounts,
  removeMember,
  renameGroup,
} from './queries.ts';
import * as routes from '../../api/groups.ts';
import { profileByAddress } from '../access/verified.ts';
import { invite, mailInvitations } from '../group-invitations/index.ts';
import { LIMITS } from '../http/rate-counters.ts';
import { rateLimit } from '../http/rate-limit.ts';

/** /groups: programmes (a fellowship, a residency) whose directors follow their members' learning record. */
export const groupsApp = subApp()
  .openapi(guarded(routes.list, requireUser), async (c) => {
    const db = c.get('deps').db.db;
    if (await callerIsAdmin(c)) return c.json(await groupsWithCounts(db, null), 200);
    return c.json(await groupsWithCounts(db, await directedGroupIds(db, c.get('caller')!.uid)), 200);
  })
  .openapi(guarded(routes.create, requireUser, rateLimit(LIMITS.groups)), async (c) => {
    const { name } = c.req.valid('json');
    const db = c.get('deps').db.db;
    const caller = c.get('caller')!;
    // An administrator creates a group for directors named later; anyone else starts one of their own, which they direct.
    const admin = await callerIsAdmin(c);
    if (!admin && !caller.emailVerified) return fail(c, 403, ErrorCode.emailUnverified, 'Verify your address before creating a group');
    const row = await createGroup(db, caller, name, admin ? null : caller.uid);
    return c.json(await groupDetail(db, row), 201);
  })
  .openapi(guarded(routes.get, requireUser), async (c) => {
    const group = await visibleGroup(c, c.req.valid('param').id);
    if (group === 403) return refuseGroup(c, c.req.valid('param').id);
    if (group === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
    return c.json(await groupDetail(c.get('deps').db.db, group), 200);
  })
  .openapi(guarded(routes.update, requireUser), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('deps').db.db;
    // Administrators and the group's own directors rename it.
    const visible = await visibleGroup(c, id);
    if (visible === 403) return refuseGroup(c, id);
    const taken = await takeBack(routes.GroupSave, c.req.valid('json'), async () => {
      const group = await visibleGroup(c, id);
      return typeof group === 'number' ? null : groupDetail(db, group);
    });
    if ('issues' in taken) return invalid(c, taken.issues);
    const row = await renameGroup(db, c.get('caller')!, id, taken.body.name);
    if (!row) return fail(c, 404, ErrorCode.notFound, 'No such group');
    return c.json(await groupDetail(db, row), 200);
  })
  .openapi(guarded(routes.remove, requireUser), async (c) => {
    const { id } = c.req.valid('param');
    // Administrators and the group's own directors delete it.
    if ((await visibleGroup(c, id)) === 403) return refuseGroup(c, id);
    if (!(await deleteGroup(c.get('deps').db.db, c.get('caller')!, id))) return fail(c, 404, ErrorCode.notFound, 'No such group');
    return c.body(null, 204);
  })
  .openapi(guarded(routes.addMember, requireAdmin), async (c) => {
    const { id } = c.req.valid('param');
    const { email, role } = c.req.valid('json');
    const db = c.get('deps').db.db;
    if (role === 'member') {
      // By account as by address, a member is asked: the invitation waits in their My learning (a change of role does not).
      if (!(await profileByAddress(db, email))) return fail(c, 404, ErrorCode.notFound, 'No registered user has this email');
      const invited = await invite(db, c.get('caller')!, id, [email], role, 'admin', LIMITS.invitations);
      if (invited === 'group') return fail(c, 404, ErrorCode.notFound, 'No such group');
      if ('limit' in invited) throw new Error('An administrator has no invitation limit');
      await mailInvitations(c, invited.group, invited.created);
      return c.json(await groupDetail(db, invited.group), 200);
    }
    const outcome = await addMember(db, c.get('caller')!, id, email, role);
    if (outcome === 'group') return fail(c, 404, ErrorCode.notFound, 'No such group');
    if (outcome === 'user') return fail(c, 404, ErrorCode.notFound, 'No registered user has this email');
    if (outcome === 'unverified') {
      return fail(c, 409, ErrorCode.emailUnverified, 'This person has not verified their address yet: ask them to verify it first, or invite the address');
    }
    return c.json(await groupDetail(db, outcome), 200);
  })
  .openapi(guarded(routes.removeMember, requireUser), async (c) => {
    const { id, userId } = c.req.valid('param');
    const db = c.get('deps').db.db;
    const visible = await visibleGroup(c, id);
    if (visible === 403) return refuseGroup(c, id);
    // Its directors remove the group's members; only administrators remove directors.
    const group = await removeMember(db, c.get('caller')!, id, userId, (await callerIsAdmin(c)) ? null : 'member');
    if (group === 'role') return fail(c, 403, ErrorCode.forbidden, 'Only administrators remove a director from a group');
    if (!group) return fail(c, 404, ErrorCode.notFound, 'No such group, or this user is not in it');
    return c.json(await groupDetail(db, group), 200);
  })
  .openapi(guarded(routes.assignments, requireUser), async (c) => {
    const found = await groupOrRefusal(c, c.req.valid('param').id);
    if (found instanceof Response) return found;
    return c.json(await assignmentsView(c, found.id), 200);
  })
  .openapi(guarded(routes.assign, requireUser), async (c) => {
    const { id, courseId } = c.req.valid('param');
    const found = await groupOrRefusal(c, id);
    if (found instanceof Response) return found;
    const { catalogue, db } = c.get('deps');
    if (!(await activeCourses(catalogue)).some((course) => course.id === courseId)) return fail(c, 404, ErrorCode.notFound, 'No such course');
    const dueAt = new Date(c.req.valid('json').dueAt);
    if (dueAt.getUTCFullYear() < 2000 || dueAt.getUTCFullYear() > 2100) return invalid(c, [{ path: 'dueAt', message: 'A due date between 2000 and 2100' }]);
    await assignCourse(db.db, c.get('caller')!, found.id, courseId, dueAt);
    return c.json(await assignmentsView(c, found.id), 200);
  })
  .openapi(guarded(routes.unassign, requireUser), async (c) => {
    const { id, courseId } = c.req.valid('param');
    const found = await groupOrRefusal(c, id);
    if (found instanceof Response) return found;
    if (!(await unassignCourse(c.get('deps').db.db, c.get('caller')!, found.id, courseId))) {
      return fail(c, 404, ErrorCode.notFound, 'This course is not assigned to the group');
    }
    return c.json(await assignmentsView(c, found.id), 200);
  })
  .openapi(guarded(routes.remind, requireUser), async (c) => {
    const found = await groupOrRefusal(c, c.req.valid('param').id);
    if (found instanceof Response) return found;
    const { db } = c.get('deps');
    const view = await assignmentsView(c, found.id);
    const due = view.flatMap((a) => a.late.filter((m) => !m.remindedAt).map((m) => ({ userId: m.userId, courseId: a.courseId, dueAt: new Date(a.dueAt) })));
    const sent = await recordReminders(db.db, c.get('caller')!, found.id, due);
    await mailReminders(c, found.name, view, sent);
    return c.json({ sent }, 200);
  });
