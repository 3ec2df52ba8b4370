import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { refuseGroup, visibleGroup } from '../access/groups.ts';
import { type Env, guarded, subApp } from '../http/sub-app.ts';
import { localizeCourse } from '../../domain/localize.ts';
import { csvSeparatorFor, separatorChar } from '../../domain/csv-format.ts';
import { contentLocale } from '../http/content-locale.ts';
import { fail } from '../http/errors.ts';
import { requireUser } from '../access/caller.ts';
import { activeCourses, progressLine, recordsOf } from '../progress/index.ts';
import { groupMembersByName, heldCourses } from './queries.ts';
import { groupCsv, peoplesWording } from './csv.ts';
import { assignmentsOf } from '../groups/index.ts';
import * as routes from '../../api/group-progress.ts';

/**
 * The group's members with their standing in the group's courses: every course any of them may play or has played
 * (certificates issued on the way), so a member who has not begun shows as not started; titles in the reader's language.
 */
async function membersRecords(c: Context<Env>, groupId: string) {
  const { catalogue, db } = c.get('deps');
  const members = await groupMembersByName(db.db, groupId);
  const uids = members.map((m) => m.userId);
  const locale = contentLocale(c);
  const active = await activeCourses(catalogue);
  const records = await recordsOf(db.db, uids, active, locale);
  const held = await heldCourses(
    db.db,
    uids,
    active.map((course) => course.id),
    new Date(),
  );
  const played = (courseId: string) =>
    members.some((m) => records.get(m.userId)!.some((l) => l.course.id === courseId && (l.facts.length > 0 || l.certificate)));
  const courses = active.filter((course) => held.has(course.id) || played(course.id)).map((course) => localizeCourse(course, locale));
  return { members, records, courses, locale };
}

/** Directors' views of a group: progress per member and course, and the CSV export. */
export const groupProgressApp = subApp()
  .openapi(guarded(routes.progress, requireUser), async (c) => {
    const group = await visibleGroup(c, c.req.valid('param').id);
    if (group === 403) return refuseGroup(c, c.req.valid('param').id);
    if (group === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
    const { members, records, courses, locale } = await membersRecords(c, group.id);
    const shown = new Set(courses.map((course) => course.id));
    return c.json(
      {
        groupId: group.id,
        courses: courses.map((course) => ({ id: course.id, title: course.title })),
        members: members.map((m) => ({
          ...m,
          courses: records
            .get(m.userId)!
            .filter((l) => shown.has(l.course.id))
            .map((l) => progressLine(l.course, l.standing, l.facts, l.certificate, locale)),
        })),
      },
      200,
    );
  })
  .openapi(guarded(routes.exportCsv, requireUser), async (c) => {
    const group = await visibleGroup(c, c.req.valid('param').id);
    if (group === 403) return refuseGroup(c, c.req.valid('param').id);
    if (group === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
    const { members, records, courses } = await membersRecords(c, group.id);
    // A course assigned to the group is in the file, with its due date and who is late, begun or not.
    const due = new Map((await assignmentsOf(c.get('deps').db.db, group.id)).map((a) => [a.courseId, a.dueAt]));
    const shown = new Set([...courses.map((course) => course.id), ...due.keys()]);
    const { lang, separator } = c.req.valid('query');
    const body = lang
      ? groupCsv(members, records, shown, peoplesWording(lang), separatorChar(separator ?? csvSeparatorFor(lang)), due)
      : groupCsv(members, records, shown, undefined, undefined, due);
    const name = `group-${group.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'export'}.csv`;
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    });
  });
