import type { Context } from 'hono';
import { ErrorCode } from '../../api/errors.ts';
import * as routes from '../../api/groups.ts';
import { formatDay } from '../../domain/format.ts';
import { isLate } from '../../domain/learning.ts';
import { isContentLocale, localizeCourse } from '../../domain/localize.ts';
import { isolate } from '../../domain/text.ts';
import { useT } from '../../i18n/index.ts';
import { localePath } from '../../i18n/locales.ts';
import { refuseGroup, visibleGroup } from '../access/groups.ts';
import { contentLocale } from '../http/content-locale.ts';
import { fail } from '../http/errors.ts';
import type { Env } from '../http/sub-app.ts';
import { activeCourses } from '../progress/index.ts';
import { assignmentsOf, languagesOf, membersAndCompletions, remindersOf } from './queries.ts';

/**
 * The group's assignments as its page shows them: each course with its due date, how many members completed it (a
 * valid certificate) and, once the date has passed, who has not, with when each was reminded of that date.
 */
export async function assignmentsView(c: Context<Env>, groupId: string, now = new Date()): Promise<routes.GroupAssignment[]> {
  const { catalogue, db } = c.get('deps');
  const rows = await assignmentsOf(db.db, groupId);
  const locale = contentLocale(c);
  const courses = new Map((await activeCourses(catalogue)).map((course) => [course.id, localizeCourse(course, locale)]));
  const { members, completed } = await membersAndCompletions(
    db.db,
    groupId,
    rows.map((r) => r.courseId),
  );
  const reminded = await remindersOf(db.db, groupId);
  return rows.map((r) => {
    const done = members.filter((m) => completed.has(`${m.userId} ${r.courseId}`));
    const late = members.filter((m) => isLate(r.dueAt, completed.has(`${m.userId} ${r.courseId}`), now));
    return {
      courseId: r.courseId,
      title: courses.get(r.courseId)?.title ?? r.courseId,
      dueAt: r.dueAt.toISOString(),
      completed: done.length,
      late: late.map((m) => ({ ...m, remindedAt: reminded.get(`${m.userId} ${r.courseId} ${r.dueAt.toISOString()}`)?.toISOString() ?? null })),
    };
  });
}

/** The group the caller may change or read, or the refusal to answer with. */
export async function groupOrRefusal(c: Context<Env>, id: string) {
  const visible = await visibleGroup(c, id);
  if (visible === 403) return refuseGroup(c, id);
  if (visible === 404) return fail(c, 404, ErrorCode.notFound, 'No such group');
  return visible;
}

/**
 * Mails the reminders just recorded, each in the language its member last read the site in (the sender's for a member
 * who has not said); a mail that fails is logged and stays recorded, so it is not sent again for that due date.
 */
export async function mailReminders(c: Context<Env>, groupName: string, view: routes.GroupAssignment[], sent: { userId: string; courseId: string }[]) {
  const { catalogue, config, db, mail } = c.get('deps');
  const sender = contentLocale(c);
  const languages = await languagesOf(
    db.db,
    sent.map((s) => s.userId),
  );
  const courses = new Map((await activeCourses(catalogue)).map((course) => [course.id, course]));
  const origin = config.siteUrl ?? new URL(c.req.url).origin;
  for (const s of sent) {
    const assignment = view.find((a) => a.courseId === s.courseId)!;
    const member = assignment.late.find((m) => m.userId === s.userId)!;
    const language = languages.get(s.userId);
    const locale = isContentLocale(language) ? language : sender;
    const t = useT(locale);
    const course = courses.get(s.courseId);
    const vars = {
      name: isolate(member.name || member.email),
      group: isolate(groupName),
      course: isolate(course ? localizeCourse(course, locale).title : assignment.title),
      due: formatDay(locale, assignment.dueAt),
      link: `${origin}${localePath(locale, '/learning')}`,
      site: config.productName,
    };
    try {
      await mail.send({ to: member.email, subject: t('mail.reminder.subject', vars), text: t('mail.reminder.text', vars) });
    } catch (err) {
      console.error(`The reminder to ${member.email} could not be sent: ${(err as Error).message}`);
    }
  }
}
