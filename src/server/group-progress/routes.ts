import { and, asc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import { groupMembers, users } from '../db/schema.ts';
import { NOT_VISIBLE, visibleGroup } from '../access/groups.ts';
import { type Env, guarded, subApp } from '../http/sub-app.ts';
import { fail } from '../http/errors.ts';
import { requireUser } from '../access/caller.ts';
import { activeCourses, progressLine, recordsOf } from '../progress/index.ts';
import * as routes from '../../api/group-progress.ts';

/** The group's members with their standing in every course any of them has played (certificates issued on the way). */
async function membersRecords(c: Context<Env>, groupId: string) {
  const { catalogue, db } = c.get('deps');
  const members = await db.db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.role, 'member')))
    .orderBy(asc(users.name), asc(users.email));
  const records = await recordsOf(
    db.db,
    members.map((m) => m.userId),
    await activeCourses(catalogue),
  );
  const played = (courseId: string) =>
    members.some((m) => records.get(m.userId)!.some((l) => l.course.id === courseId && (l.facts.length > 0 || l.certificate)));
  const courses = (records.get(members[0]?.userId ?? '') ?? []).map((l) => l.course).filter((course) => played(course.id));
  return { members, records, courses };
}

/** One CSV field: quoted when it must be; text people typed is never read as a formula by a spreadsheet. */
function csvField(value: string | number | null, typed: boolean): string {
  let text = value === null ? '' : String(value);
  if (typed && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The columns whose values people typed (names, titles); ids, numbers and dates are written as they are. */
const TYPED = new Set(['member_name', 'member_email', 'course_id', 'course_title', 'module_title', 'case_title']);
const CSV_COLUMNS = [
  'member_name',
  'member_email',
  'course_id',
  'course_title',
  'module',
  'module_title',
  'case',
  'case_title',
  'pass_mark',
  'state',
  'best_score',
  'attempts',
  'passed_at',
  'course_percent',
  'certificate_id',
  'certificate_status',
];

/** Directors' views of a group: progress per member and course, and the CSV export. */
export const groupProgressApp = subApp()
  .openapi(guarded(routes.progress, requireUser), async (c) => {
    const group = await visibleGroup(c, c.req.valid('param').id);
    if (group === 403) return fail(c, 403, ErrorCode.forbidden, NOT_VISIBLE);
    if (group === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
    const { members, records, courses } = await membersRecords(c, group.id);
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
            .map((l) => progressLine(l.course, l.standing, l.facts, l.certificate)),
        })),
      },
      200,
    );
  })
  .openapi(guarded(routes.exportCsv, requireUser), async (c) => {
    const group = await visibleGroup(c, c.req.valid('param').id);
    if (group === 403) return fail(c, 403, ErrorCode.forbidden, NOT_VISIBLE);
    if (group === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
    const { members, records, courses } = await membersRecords(c, group.id);
    const shown = new Set(courses.map((course) => course.id));
    const rows: Array<Array<string | number | null>> = [CSV_COLUMNS];
    for (const m of members) {
      for (const line of records.get(m.userId)!.filter((l) => shown.has(l.course.id))) {
        for (const mod of line.standing.modules) {
          for (const cs of mod.cases) {
            rows.push([
              m.name,
              m.email,
              line.course.id,
              line.course.title,
              mod.shown,
              mod.title,
              cs.case,
              cs.title,
              cs.passMark,
              cs.state,
              cs.best,
              cs.attempts,
              cs.passedAt?.toISOString() ?? null,
              line.standing.percent,
              line.certificate?.id ?? null,
              line.certificate ? (line.certificate.revokedAt ? 'revoked' : 'valid') : null,
            ]);
          }
        }
      }
    }
    const body = `\ufeff${rows.map((r) => r.map((v, i) => csvField(v, TYPED.has(CSV_COLUMNS[i]!))).join(',')).join('\r\n')}\r\n`;
    const name = `group-${group.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'export'}.csv`;
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'private, no-store',
    });
  });
